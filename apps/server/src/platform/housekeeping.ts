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
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(
      () => void pruneExpiredRows(parts).catch((err: unknown) => app.log.warn({ err }, 'pruning expired rows failed')),
      EVERY_MS,
    );
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
