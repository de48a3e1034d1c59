import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';
import type { Clock } from './clock';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Rate-limit counters in PostgreSQL, so the limit holds across every app instance. One upsert per
 * hit: the window restarts when it has run out.
 */
function postgresStore(db: Db, clock: Clock) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      const now = clock.now();
      const resetAt = new Date(now.getTime() + timeWindow);
      db.insert(rateLimits)
        .values({ key, hits: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()} then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()} then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
        .then(([row]) => callback(null, { current: row.hits, ttl: Math.max(0, row.resetAt.getTime() - now.getTime()) }))
        .catch((error: Error) => callback(error));
    }

    child() {
      return new PostgresRateLimitStore();
    }
  };
}

export async function registerRateLimits(app: FastifyInstance, db: Db, clock: Clock) {
  await app.register(rateLimit, {
    global: false,
    // After body parsing, so limits can be keyed by the e-mail being tried.
    hook: 'preHandler',
    store: postgresStore(db, clock),
    errorResponseBuilder: (_request, context) =>
      new AppError('too_many_requests', `Too many attempts. Please wait ${context.after} before trying again.`),
  });
}

export async function pruneRateLimits(db: Db, clock: Clock) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, clock.now()));
}

/** Keys a limit by address and the e-mail being tried, so one account cannot be hammered from one place. */
export function byIpAndEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.routeOptions.url}|${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
}

export function byIp(request: FastifyRequest): string {
  return `${request.routeOptions.url}|${request.ip}`;
}
