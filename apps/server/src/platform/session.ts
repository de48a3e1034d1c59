import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// Types request.cookies and reply.setCookie; the plugin itself is registered by app.ts.
import type {} from '@fastify/cookie';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { isStaffRole } from '@platform/domain';
import type { Db } from '../db/client';
import { sessions, settings, users, userTwoFactor } from '../db/schema';
import { AppError } from './errors';
import { hmac, randomToken, safeEqual, sha256 } from './crypto';
import type { Clock } from './clock';
import { bearerToken, createBearerAuth } from './api-tokens';

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for every request before routing. */
    user: UserRow | null;
    sessionHash: string | null;
    /**
     * Staff signed in while Password Management requires two-factor sign-in and they have none yet:
     * every guarded route but enrolment's answers 403 until they set it up.
     */
    twoFactorEnrolmentDue: boolean;
  }
}

export const SESSION_COOKIE = 'platform_session';
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route authenticates its caller by a signature over the body, not by a session. */
    signedWebhook?: boolean;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';
const MINUTE_MS = 60 * 1000;
/**
 * A session ends after `session_idle_minutes` without a request, and `session_lifetime_minutes`
 * after sign-in whatever its use (Password Management, decision 0035). These are the defaults of
 * the settings row, used only before it exists.
 */
export const DEFAULT_SESSION_IDLE_MINUTES = 30;
export const DEFAULT_SESSION_LIFETIME_MINUTES = 12 * 60;
/** The cookie holding a sign-in that waits for its second step (a code), scoped to those routes. */
export const CHALLENGE_COOKIE = 'platform_sign_in';
const CHALLENGE_PATH = '/login';
/** Last-seen is written at most this often, to keep reads cheap. */
const TOUCH_MS = MINUTE_MS;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Requests that carry a session. The web app's own files do not: they must load even while the
 * database is down, so the app can show its maintenance page.
 */
const SESSION_PATHS = /^\/(api\/|login|logout|sanctum\/|password\/|email\/)/;

interface SessionOptions {
  db: Db;
  clock: Clock;
  appKey: string;
  secureCookies: boolean;
}

/**
 * Cookie sessions stored hashed in the database, plus the XSRF double-submit check. The XSRF
 * token is signed with the app key, so a cookie planted by a sibling sub-domain cannot pass.
 */
export function registerSessions(app: FastifyInstance, { db, clock, appKey, secureCookies }: SessionOptions) {
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secureCookies };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  app.decorateRequest('twoFactorEnrolmentDue', false);
  app.decorateRequest('apiTokenId', null);
  const signInByToken = createBearerAuth({ db, clock });

  /**
   * Every request with a cookie runs this: built once and prepared (named) on PostgreSQL, so neither
   * the query builder nor the planner works on it again per request (decision 0044).
   */
  const lookupSession = db
    .select({
      session: sessions,
      user: users,
      idleMinutes: settings.sessionIdleMinutes,
      lifetimeMinutes: settings.sessionLifetimeMinutes,
      staffNeedTwoFactor: settings.requireStaffTwoFactor,
      twoFactorSince: userTwoFactor.enabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(settings, eq(settings.id, 1))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, sessions.userId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), isNull(users.deletedAt)))
    .prepare('session_lookup');

  app.addHook('onRequest', async (request) => {
    // A request with a Bearer token is that token's alone: any cookie it also carries is ignored, so
    // the missing XSRF check below never lends a browser's session to it (decision 0066).
    const token = request.url.startsWith('/api/') ? bearerToken(request) : null;
    if (token) {
      const signedIn = await signInByToken(request, token);
      request.user = signedIn.user;
      request.twoFactorEnrolmentDue = signedIn.twoFactorEnrolmentDue;
      return;
    }
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw || !SESSION_PATHS.test(request.url)) return;
    const idHash = sha256(raw);
    const now = clock.now();
    const [row] = await lookupSession.execute({ idHash });
    if (!row) return;
    // Read on every request, so a shorter setting applies to sessions already open.
    const endsAt = sessionEnd(
      row.session,
      row.idleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES,
      row.lifetimeMinutes ?? DEFAULT_SESSION_LIFETIME_MINUTES,
    );
    if (endsAt.idle <= now.getTime() || endsAt.absolute <= now.getTime()) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
      return;
    }
    request.user = row.user;
    request.sessionHash = idHash;
    request.twoFactorEnrolmentDue = Boolean(row.staffNeedTwoFactor) && isStaffRole(row.user.roleId) && !row.twoFactorSince;
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_MS) {
      const next = sessionEnd(
        { ...row.session, lastSeenAt: now },
        row.idleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES,
        row.lifetimeMinutes ?? DEFAULT_SESSION_LIFETIME_MINUTES,
      );
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: new Date(Math.min(next.idle, next.absolute)) })
        .where(eq(sessions.idHash, idHash));
    }
  });

  app.addHook('preHandler', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // Server-to-server notifications (payment webhooks) carry no cookies; they prove themselves by a signature.
    if (request.routeOptions.config.signedWebhook) return;
    // A Bearer token is sent by the caller's own code, never added by a browser on its own the way
    // a cookie is, so a forged cross-site request cannot carry it: it needs no XSRF token.
    if (request.apiTokenId) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header) || !validXsrf(appKey, cookie)) {
      throw new AppError('csrf_mismatch', 'CSRF token mismatch. Reload the page and try again.');
    }
  });

  return {
    issueXsrf(reply: FastifyReply) {
      const nonce = randomToken(24);
      // Readable by the web app so it can echo it in the X-XSRF-TOKEN header.
      reply.setCookie(XSRF_COOKIE, `${nonce}.${hmac(appKey, nonce)}`, { ...cookieOptions, httpOnly: false });
    },

    /** Starts a fresh session for the user; any session the browser held is ended (rotation). */
    async startSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
      if (request.sessionHash) await db.delete(sessions).where(eq(sessions.idHash, request.sessionHash));
      const raw = randomToken(32);
      const now = clock.now();
      const [policy] = await db
        .select({ idle: settings.sessionIdleMinutes, lifetime: settings.sessionLifetimeMinutes })
        .from(settings)
        .where(eq(settings.id, 1));
      const ends = sessionEnd(
        { createdAt: now, lastSeenAt: now },
        policy?.idle ?? DEFAULT_SESSION_IDLE_MINUTES,
        policy?.lifetime ?? DEFAULT_SESSION_LIFETIME_MINUTES,
      );
      await db.insert(sessions).values({
        idHash: sha256(raw),
        userId,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 255) ?? null,
        createdAt: now,
        lastSeenAt: now,
        // For pruning: the hook above decides by the settings in force at each request.
        expiresAt: new Date(Math.min(ends.idle, ends.absolute)),
      });
      const [user] = await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId)).returning();
      reply.setCookie(SESSION_COOKIE, raw, cookieOptions);
      this.issueXsrf(reply);
      return user;
    },

    async endSession(request: FastifyRequest, reply: FastifyReply) {
      if (request.sessionHash) await db.delete(sessions).where(eq(sessions.idHash, request.sessionHash));
      request.user = null;
      request.sessionHash = null;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      this.issueXsrf(reply);
    },

    /** Ends every session of a user (after a password change or reset), optionally keeping one. */
    async endAllSessions(userId: number, keepHash?: string | null) {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), keepHash ? sql`${sessions.idHash} <> ${keepHash}` : undefined));
    },

    /** Holds a sign-in waiting for its code: a token only the second step's routes receive. */
    setChallenge(reply: FastifyReply, raw: string, maxAgeSeconds: number) {
      reply.setCookie(CHALLENGE_COOKIE, raw, { ...cookieOptions, path: CHALLENGE_PATH, maxAge: maxAgeSeconds });
    },

    clearChallenge(reply: FastifyReply) {
      reply.clearCookie(CHALLENGE_COOKIE, { path: CHALLENGE_PATH });
    },

    async pruneExpired() {
      await db.delete(sessions).where(lt(sessions.expiresAt, clock.now()));
    },
  };
}

export type SessionManager = ReturnType<typeof registerSessions>;

/** When a session ends by idleness and by age, in epoch milliseconds. */
function sessionEnd(session: { createdAt: Date; lastSeenAt: Date }, idleMinutes: number, lifetimeMinutes: number) {
  return {
    idle: session.lastSeenAt.getTime() + idleMinutes * MINUTE_MS,
    absolute: session.createdAt.getTime() + lifetimeMinutes * MINUTE_MS,
  };
}

function validXsrf(appKey: string, token: string): boolean {
  const [nonce, signature] = token.split('.');
  return Boolean(nonce && signature) && safeEqual(hmac(appKey, nonce), signature);
}
