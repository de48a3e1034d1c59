import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import { pruneIdempotencyKeys } from './idempotency';
import { pruneRateLimits } from './rate-limit';
import type { SessionManager } from './session';

const EVERY_MS = 60 * 60 * 1000;

interface Housekeeping {
  db: Db;
  clock: Clock;
  sessions: SessionManager;
}

/**
 * Deletes what has run out in the platform's own tables: sessions, rate-limit counters and waits,
 * idempotency keys. Deleting expired rows is harmless to repeat, so every instance may do it.
 */
export async function pruneExpiredRows({ db, clock, sessions }: Housekeeping): Promise<void> {
  await sessions.pruneExpired();
  await pruneRateLimits(db, clock);
  await pruneIdempotencyKeys(db, clock);
}

/** Runs `pruneExpiredRows` once an hour while the app is up; a failure (database away) waits for the next hour. */
export function scheduleHousekeeping(app: FastifyInstance, parts: Housekeeping): void {
  repeatWhileUp(app, { everyMs: EVERY_MS, label: 'pruning expired rows' }, () => pruneExpiredRows(parts));
}

/**
 * After a start, work that fell due while the app was down waits this long once the server listens:
 * the first requests are answered first (the embedded database runs one statement at a time, and
 * five such catch-ups together held it for most of a second).
 */
const CATCH_UP_DELAY_MS = 2_000;

/**
 * Runs `work` every `everyMs` while the app is up; with `atStart`, also shortly after it starts
 * listening, so what fell due while it was down is done straight away. A failure is logged and waits for the next turn; a turn still
 * running when the next falls due is not doubled. Work here must be safe to run on every instance
 * at once: it claims its rows (FOR UPDATE SKIP LOCKED) or is harmless to repeat.
 */
export function repeatWhileUp(
  app: FastifyInstance,
  { everyMs, label, atStart = false }: { everyMs: number; label: string; atStart?: boolean },
  work: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let catchUp: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const turn = () => {
    running ??= work()
      .then(() => undefined)
      .catch((err: unknown) => app.log.warn({ err }, `${label} failed`))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(turn, everyMs);
    timer.unref();
  });
  if (atStart) {
    app.addHook('onListen', async () => {
      catchUp = setTimeout(turn, CATCH_UP_DELAY_MS);
      catchUp.unref();
    });
  }
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearTimeout(catchUp);
    await running;
  });
}
