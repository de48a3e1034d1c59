import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { Clock } from './clock';
import { AppError, validationError } from './errors';
import { readForm } from './form';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route moves money: a repeat carrying the same Idempotency-Key replays the first answer (decision 0019). */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Keys are kept this long; a key older than this is free again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request with its key to answer, before a 409. */
const WAIT_MS = 10_000;
/**
 * A claim this old whose request never answered belongs to a process that died mid-request (no
 * request runs this long: the web gives up after seconds); a repeat may run the request again.
 */
const ABANDONED_MS = 5 * 60 * 1000;
/** Printable ASCII without spaces: a UUID, or any token a client library generates. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/**
 * Answers that say "try again" rather than "this is what happened" are not kept, so the retry
 * runs: server failures, an expired XSRF token, a rate limit.
 */
const isFinal = (status: number) => status < 500 && status !== 419 && status !== 429;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotency keys for money-moving routes (`config: { idempotent: true }`). The first request
 * with a key claims it through the unique index and runs; its answer (status and body) is kept
 * for 24 hours. A repeat with the same body gets that answer again, a repeat with another body a
 * 422, and a repeat while the first still runs waits for it. Keys belong to the signed-in user and
 * the route; requests without the header run as they always did.
 */
export function registerIdempotency(app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }) {
  /** The claimed row of each request that runs under a key, until its answer is stored. */
  const claims = new WeakMap<FastifyRequest, number>();

  const claimKey: preHandlerHookHandler = async (request, reply) => {
    const key = readKey(request);
    // Logged out: no one to scope the key to; the route's own guard answers 401.
    if (key === null || !request.user) return;
    const userId = request.user.id;
    const route = `${request.method} ${request.routeOptions.url}`;
    const requestHash = await hashRequest(request);
    const deadline = Date.now() + WAIT_MS;
    for (let pause = 20; ; pause = Math.min(pause * 1.5, 250)) {
      const now = clock.now();
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ userId, key, route, requestHash, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (claimed) {
        claims.set(request, claimed.id);
        return;
      }
      const [held] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.route, route), eq(idempotencyKeys.key, key)));
      // Released (its request failed) between the two statements: claim again.
      if (!held) continue;
      const age = now.getTime() - held.createdAt.getTime();
      if (age >= IDEMPOTENCY_TTL_MS || (held.status === null && age >= ABANDONED_MS)) {
        await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, held.id), eq(idempotencyKeys.createdAt, held.createdAt)));
        continue;
      }
      if (held.requestHash !== requestHash) {
        throw validationError({
          idempotency_key: ['This Idempotency-Key was already used for a different request: send a new key with a new request.'],
        });
      }
      if (held.status !== null) {
        return reply
          .status(held.status)
          .header('idempotent-replayed', 'true')
          .type(held.responseType ?? 'application/json; charset=utf-8')
          .send(held.responseBody ?? '');
      }
      if (Date.now() + pause > deadline) {
        throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed. Try again shortly.');
      }
      await sleep(pause);
    }
  };

  const storeAnswer: onSendHookHandler = async (request, reply, payload) => {
    const id = claims.get(request);
    if (id === undefined) return payload;
    claims.delete(request);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      if (body === null || !isFinal(reply.statusCode)) {
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
      } else {
        const type = reply.getHeader('content-type');
        await db
          .update(idempotencyKeys)
          .set({ status: reply.statusCode, responseType: typeof type === 'string' ? type : null, responseBody: body })
          .where(and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.status)));
      }
    } catch (error) {
      // The work is done: its answer still goes out. The claim stays until it counts as abandoned.
      request.log.error({ err: error, idempotencyKeyId: id }, 'idempotency answer not stored');
    }
    return payload;
  };

  // Appended to the route's own hooks, so the route's guard has refused strangers first.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [...asArray(route.preHandler), claimKey];
    route.onSend = [...asArray(route.onSend), storeAnswer];
  });
}

export async function pruneIdempotencyKeys(db: Db, clock: Clock) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(clock.now().getTime() - IDEMPOTENCY_TTL_MS)));
}

function readKey(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_FORMAT.test(value)) {
    throw new AppError(
      'bad_request',
      "Invalid header 'Idempotency-Key': send one key of 1 to 255 visible ASCII characters, such as a UUID.",
    );
  }
  return value;
}

/** What makes two requests "the same": the URL with its ids and query, and the body's fields and files. */
async function hashRequest(request: FastifyRequest): Promise<string> {
  let body: unknown = request.body;
  if (request.isMultipart()) {
    const { fields, files } = await readForm(request);
    const fileDigests = Object.fromEntries(
      Object.entries(files).map(([name, file]) => [
        name,
        { filename: file.filename, mimetype: file.mimetype, sha256: createHash('sha256').update(file.data).digest('hex') },
      ]),
    );
    body = { fields, files: fileDigests };
  }
  return createHash('sha256')
    .update(canonicalJson({ url: request.url, body: body ?? null }))
    .digest('hex');
}

/** JSON with object keys sorted, so the same fields in another order hash the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
