import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';
import type { Clock } from './clock';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Counts one hit on `key`: one upsert, so parallel requests and app instances never lose a hit. The
 * window starts with the first hit and restarts once it has run out.
 */
async function countHit(db: Db, clock: Clock, key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
  const now = clock.now();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
  return row;
}

/** Rate-limit counters in PostgreSQL, so the limit holds across every app instance. */
function postgresStore(db: Db, clock: Clock) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, clock, key, timeWindow)
        .then((row) => callback(null, { current: row.hits, ttl: Math.max(0, row.resetAt.getTime() - clock.now().getTime()) }))
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

/**
 * The network a client's address stands for in a limit. An IPv4 address is one client; an IPv6
 * client is usually handed a whole /64 and can pick any address in it, so its /64 is the client.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Keys a limit by address and the e-mail being tried, so one account cannot be hammered from one place. */
export function byIpAndEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.routeOptions.url}|${clientNetwork(request.ip)}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
}

/** Keys a limit by the signed-in person (the guard ran first), wherever they send from. */
export function byUser(request: FastifyRequest): string {
  return `${request.routeOptions.url}|user:${request.user?.id ?? clientNetwork(request.ip)}`;
}

export function byIp(request: FastifyRequest): string {
  return `${request.routeOptions.url}|${clientNetwork(request.ip)}`;
}

interface Counters {
  db: Db;
  clock: Clock;
}

/** A cap on hits of one key: `max` within `windowMs`, refused with `message` (which gets the wait appended). */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
  message: string;
}

/** "45 seconds", "3 minutes": how long a refused client must wait, rounded up. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function tooManyAttempts(message: string, waitMs: number): AppError {
  return new AppError('too_many_requests', `${message} Please wait ${formatWait(waitMs)} before trying again.`);
}

/**
 * Takes one hit on every limit before the work it guards, so parallel requests cannot slip past a
 * cap between a check and a count. Over any cap: the hits are given back and the answer is 429 with
 * the wait of the first limit refused. `refund()` gives the hits back afterwards, for limits that
 * count only failures (a right password is not a guess).
 */
export async function claimAttempts(counters: Counters, limits: Limit[]): Promise<{ hits: number[]; refund(): Promise<void> }> {
  const { db, clock } = counters;
  const counted = await Promise.all(limits.map((limit) => countHit(db, clock, limit.key, limit.windowMs)));
  const refund = () =>
    refundHits(
      db,
      limits.map((limit) => limit.key),
    );
  const over = limits.findIndex((limit, i) => counted[i].hits > limit.max);
  if (over >= 0) {
    await refund();
    throw tooManyAttempts(limits[over].message, counted[over].resetAt.getTime() - clock.now().getTime());
  }
  return { hits: counted.map((row) => row.hits), refund };
}

async function refundHits(db: Db, keys: string[]): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(inArray(rateLimits.key, keys));
}

/** Keeps `key` closed until `until` (a wait between tries, a lock); readable with `closedFor`. */
export async function closeUntil(db: Db, key: string, until: Date): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: until })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { hits: sql`${rateLimits.hits} + 1`, resetAt: sql`greatest(${rateLimits.resetAt}, excluded.reset_at)` },
    });
}

/** How long `key` stays closed (0 when open). */
export async function closedFor(counters: Counters, key: string): Promise<number> {
  const now = counters.clock.now();
  const [row] = await counters.db
    .select({ resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)));
  return row ? row.resetAt.getTime() - now.getTime() : 0;
}

export async function clearCounters(db: Db, keys: string[]): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}
