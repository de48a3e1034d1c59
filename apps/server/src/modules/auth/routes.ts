import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  setPasswordSchema,
  updatePasswordSchema,
} from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { hashPassword, sha256, verifyPassword } from '../../platform/crypto';
import { notFound, validationError } from '../../platform/errors';
import { parseFields } from '../../platform/form';
import { idParam } from '@platform/domain';
import { authenticated, authorize, requireUser } from '../../platform/guards';
import { byIp, byIpAndEmail, claimAttempts } from '../../platform/rate-limit';
import { parseIncludes, presentUser, presentUsersWith } from '../../shared/user-presenter';
import {
  consumeTokenAndSetPassword,
  findUserByEmail,
  registerInvestor,
  sendInvitation,
  sendPasswordResetIfAccountExists,
  sendSignInLockedNotice,
  sendVerification,
  verificationSignatureValid,
} from './service';
import { clearSignInThrottle, registrationLimits, resetRequestLimits, startPasswordCheck, tokenAttemptLimits } from './throttle';

const MINUTE = 60_000;
/** Serial ids of the users table: anything else in a verification link is simply an invalid link. */

const RESET_SENT = 'If an account exists for that address, we have emailed a password reset link.';
const REGISTRATION_RECEIVED = 'Thank you. Check your email: we have sent you a link to confirm your address. Once it is confirmed, log in.';
const BAD_CREDENTIALS = 'These credentials do not match our records.';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, sessions, clock, background } = ctx;
  /** Besides the failure limits below: `loginAttemptsPerMinute` tries of any outcome per address and e-mail. */
  const loginLimit = { rateLimit: { max: ctx.config.loginAttemptsPerMinute, timeWindow: MINUTE, keyGenerator: byIpAndEmail } };

  app.get('/sanctum/csrf-cookie', async (_request, reply) => {
    sessions.issueXsrf(reply);
    return reply.status(204).send();
  });

  app.post('/login', { config: loginLimit }, async (request, reply) => {
    const input = parseFields(loginSchema, request.body);
    const check = await startPasswordCheck(ctx, request.ip, input.email);
    const user = await findUserByEmail(db, input.email);
    // Same answer and the same work whether the account is missing or the password is wrong.
    if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
      if ((await check.failed()) && user) background.run('sign-in lock notice', () => sendSignInLockedNotice(ctx, user));
      throw validationError({ email: [BAD_CREDENTIALS] });
    }
    await check.succeeded();
    const signedIn = await sessions.startSession(request, reply, user.id);
    await recordActivity(db, { request, actorId: user.id, action: 'logged_in', subjectType: 'user', subjectId: user.id });
    return { data: presentUser(signedIn) };
  });

  app.post('/logout', async (request, reply) => {
    await sessions.endSession(request, reply);
    return reply.status(204).send();
  });

  app.get('/api/logout', async (request, reply) => {
    // A link or image on another site must not end the session. Browsers without Fetch Metadata
    // (before 2020–2023) send no header and are let through: the logout only ends a session, it
    // reads and changes nothing else, and refusing them would leave their users unable to log out.
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return reply.status(403).send({ message: 'Log out from within the app: a logout requested by another site is refused.' });
    }
    await sessions.endSession(request, reply);
    return reply.redirect('/login');
  });

  app.get('/api/user', { onRequest: authenticated }, async (request) => {
    const includes = parseIncludes((request.query as { include?: string }).include);
    const [user] = await presentUsersWith(db, [requireUser(request)], includes);
    return { data: user };
  });

  /**
   * The same answer whether the address is free or taken, so registration cannot tell who has an
   * account: the work (account and verification link, or a note to the address's owner) is done
   * after the answer, and the person signs in once the address is confirmed.
   */
  app.post('/api/auth/manual-register', async (request, reply) => {
    const input = parseFields(registerSchema, request.body);
    await claimAttempts(ctx, registrationLimits(request.ip, input.email));
    background.run('registration', () => registerInvestor(ctx, request, input));
    return reply.status(202).send({ message: REGISTRATION_RECEIVED });
  });

  // A link whose id is no id at all was not made by this app: 400, or 404 beyond the id range.
  const verifyParams = z.object({ id: idParam, hash: z.string() });
  app.get('/email/verify/:id/:hash', { schema: { params: verifyParams } }, async (request, reply) => {
    const { id, hash } = request.params as z.infer<typeof verifyParams>;
    const { expires = '', signature = '' } = request.query as { expires?: string; signature?: string };
    const path = `/email/verify/${id}/${hash}`;
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user || !verificationSignatureValid(ctx, path, expires, signature) || sha256(user.email.toLowerCase()) !== hash) {
      return reply.redirect('/verify-email?invalid=1');
    }
    if (!user.emailVerifiedAt) {
      await db.update(users).set({ emailVerifiedAt: clock.now(), updatedAt: clock.now() }).where(eq(users.id, user.id));
      await recordActivity(db, { request, actorId: user.id, action: 'verified_email', subjectType: 'user', subjectId: user.id });
    }
    return reply.redirect(request.user?.id === user.id ? '/investor?verified=1' : '/login?verified=1');
  });

  app.post(
    '/email/resend',
    { onRequest: authenticated, config: { rateLimit: { max: 3, timeWindow: 15 * MINUTE, keyGenerator: byIp } } },
    async (request, reply) => {
      const user = requireUser(request);
      if (user.emailVerifiedAt) return { message: 'Your email address is already verified.' };
      await sendVerification(ctx, user);
      return reply.status(202).send({ message: 'A fresh verification link has been sent to your email address.' });
    },
  );

  /** Answers before looking the address up: the lookup, token and mail happen after the answer. */
  app.post('/password/email', async (request) => {
    const input = parseFields(forgotPasswordSchema, request.body);
    await claimAttempts(ctx, resetRequestLimits(request.ip, input.email));
    background.run('password reset request', () => sendPasswordResetIfAccountExists(ctx, input.email));
    return { message: RESET_SENT };
  });

  app.post('/password/reset', async (request) => {
    const input = parseFields(resetPasswordSchema, request.body);
    const attempt = await claimAttempts(ctx, tokenAttemptLimits('reset', request.ip, input.email));
    const user = await consumeTokenAndSetPassword(ctx, 'reset', input.email, input.token, input.password);
    await attempt.refund();
    await clearSignInThrottle(db, user.email);
    await sessions.endAllSessions(user.id);
    await recordActivity(db, { request, actorId: user.id, action: 'reset_password', subjectType: 'user', subjectId: user.id });
    return { message: 'Your password has been reset. You can now log in.' };
  });

  app.post('/api/auth/set-password', async (request, reply) => {
    const input = parseFields(setPasswordSchema, request.body);
    const attempt = await claimAttempts(ctx, tokenAttemptLimits('invite', request.ip, input.email));
    const user = await consumeTokenAndSetPassword(ctx, 'invite', input.email, input.token, input.password);
    await attempt.refund();
    await clearSignInThrottle(db, user.email);
    await sessions.endAllSessions(user.id);
    await sessions.startSession(request, reply, user.id);
    await recordActivity(db, { request, actorId: user.id, action: 'set_password', subjectType: 'user', subjectId: user.id });
    return { data: presentUser(user) };
  });

  const resendBody = z.object({ user_id: z.coerce.number().int().positive('Choose a user.') });
  app.post(
    '/api/users/resend-set-password-email',
    { onRequest: authorize('investors', 'update'), config: { rateLimit: { max: 20, timeWindow: 15 * MINUTE, keyGenerator: byIp } } },
    async (request) => {
      const { user_id: userId } = parseFields(resendBody, request.body);
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || user.deletedAt) throw notFound('user');
      await sendInvitation(ctx, user);
      await recordActivity(db, { request, action: 'sent_invitation', subjectType: 'user', subjectId: user.id });
      return { message: `An invitation to set a password has been sent to ${user.email}.` };
    },
  );

  app.post('/api/auth/update-password', { onRequest: authenticated, config: loginLimit }, async (request) => {
    const user = requireUser(request);
    const input = parseFields(updatePasswordSchema, request.body);
    // A borrowed session must not become a way round the sign-in limits on the same password.
    const check = await startPasswordCheck(ctx, request.ip, user.email.toLowerCase());
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      await check.failed();
      throw validationError({ current_password: ['The current password is incorrect.'] });
    }
    await check.succeeded();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: clock.now() })
      .where(eq(users.id, user.id));
    // Other devices signed in with the old password are signed out; this one stays.
    await sessions.endAllSessions(user.id, request.sessionHash);
    await recordActivity(db, { request, action: 'updated_password', subjectType: 'user', subjectId: user.id });
    return { message: 'Your password has been updated.' };
  });
}
