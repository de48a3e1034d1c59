import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { API_TOKEN_PREFIX, isStaffRole } from '@platform/domain';
import type { Db } from '../db/client';
import { apiTokens, rateLimits, settings, users, userTwoFactor } from '../db/schema';
import { AppError } from './errors';
import type { Clock } from './clock';
import { randomToken, sha256 } from './crypto';
import { claimAttempts, clientNetwork, type Limit } from './rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The personal API token the request came with (`Authorization: Bearer`), or null for a session or no one. */
    apiTokenId: number | null;
  }
}

/** Last-used is written at most this often, to keep reads cheap. */
const TOUCH_MS = 60 * 1000;
/** Wrong tokens from one network: this many in the window, then every Bearer request from it answers 429. */
const FAILED_TOKENS: Omit<Limit, 'key'> = {
  max: 20,
  windowMs: 15 * 60 * 1000,
  message: 'Too many requests with an unknown API token.',
};
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A new token: shown once to its owner; the database keeps only its SHA-256 (it is 256 random bits, so no slow hash is needed). */
export function newApiToken() {
  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  return { token, hash: sha256(token), prefix: token.slice(0, API_TOKEN_PREFIX.length + 6) };
}

/** The token of an `Authorization: Bearer …` header; null when the header is absent or another scheme. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

interface Resolved {
  user: typeof users.$inferSelect;
  twoFactorEnrolmentDue: boolean;
}

/**
 * Signs a request in by its personal API token (decision 0066). The token acts as its owner with the
 * owner's role at this moment — so it can never do more than they can now: a role changed to fewer
 * permissions narrows it at once, and an owner deleted (deactivated) or no longer staff makes it
 * useless. A read-only token may only read. A wrong, revoked or expired token is a 401 and counts
 * against the caller's network; past the cap every Bearer request from it is a 429.
 */
export function createBearerAuth({ db, clock }: { db: Db; clock: Clock }) {
  const lookup = db
    .select({
      token: apiTokens,
      user: users,
      staffNeedTwoFactor: settings.requireStaffTwoFactor,
      twoFactorSince: userTwoFactor.enabledAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(settings, eq(settings.id, 1))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, sql.placeholder('hash')), isNull(apiTokens.revokedAt), isNull(users.deletedAt)))
    .prepare('api_token_lookup');

  const limitKey = (request: FastifyRequest) => `api-token|${clientNetwork(request.ip)}`;

  async function refusedNetwork(request: FastifyRequest): Promise<boolean> {
    const [row] = await db
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, limitKey(request)), gt(rateLimits.resetAt, clock.now())));
    return Boolean(row && row.hits >= FAILED_TOKENS.max);
  }

  return async function signInByToken(request: FastifyRequest, raw: string): Promise<Resolved> {
    if (await refusedNetwork(request)) {
      // claimAttempts answers the 429 with the wait; it refunds its own hit when over the cap.
      await claimAttempts({ db, clock }, [{ ...FAILED_TOKENS, key: limitKey(request) }]);
    }
    const now = clock.now();
    const [row] = await lookup.execute({ hash: sha256(raw) });
    const usable = row && isStaffRole(row.user.roleId) && (!row.token.expiresAt || row.token.expiresAt > now);
    if (!usable) {
      await claimAttempts({ db, clock }, [{ ...FAILED_TOKENS, key: limitKey(request) }]);
      throw new AppError('unauthenticated', 'The API token is unknown, revoked or expired.');
    }
    if (row.token.readOnly && STATE_CHANGING.has(request.method)) {
      throw new AppError('forbidden', 'This API token is read-only.');
    }
    if (!row.token.lastUsedAt || now.getTime() - row.token.lastUsedAt.getTime() > TOUCH_MS) {
      await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.token.id));
    }
    request.apiTokenId = row.token.id;
    return {
      user: row.user,
      twoFactorEnrolmentDue: Boolean(row.staffNeedTwoFactor) && !row.twoFactorSince,
    };
  };
}

/**
 * An `onRequest` hook after a route's guard: token management needs a signed-in session, so a token
 * can neither mint nor list other tokens (one leaked token cannot outlive its own revocation).
 */
export async function refuseApiTokens(request: FastifyRequest): Promise<void> {
  if (request.apiTokenId) throw new AppError('forbidden', 'Manage API tokens while signed in, not with a token.');
}
