import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema, Role, setPasswordSchema, updatePasswordSchema } from '@platform/domain';
import type { AppContext } from '../../app';
import { users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { hashPassword, sha256, verifyPassword } from '../../platform/crypto';
import { notFound, validationError } from '../../platform/errors';
import { parseFields } from '../../platform/form';
import { authenticated, authorize, requireUser } from '../../platform/guards';
import { byIp, byIpAndEmail } from '../../platform/rate-limit';
import { parseIncludes, presentUser, presentUsersWith } from '../users/presenter';
import {
  consumeTokenAndSetPassword,
  findUserByEmail,
  sendInvitation,
  sendPasswordReset,
  sendVerification,
  verificationSignatureValid,
} from './service';

const MINUTE = 60_000;
/** Login: `loginAttemptsPerMinute` tries (10 unless configured) per address and e-mail. Mail routes: 5 per 15 minutes. */
const mailLimit = { rateLimit: { max: 5, timeWindow: 15 * MINUTE, keyGenerator: byIpAndEmail } };
const registerLimit = { rateLimit: { max: 5, timeWindow: 15 * MINUTE, keyGenerator: byIp } };

const RESET_SENT = 'If an account exists for that address, we have emailed a password reset link.';
const BAD_CREDENTIALS = 'These credentials do not match our records.';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, sessions, clock } = ctx;
  const loginLimit = { rateLimit: { max: ctx.config.loginAttemptsPerMinute, timeWindow: MINUTE, keyGenerator: byIpAndEmail } };

  app.get('/sanctum/csrf-cookie', async (_request, reply) => {
    sessions.issueXsrf(reply);
    return reply.status(204).send();
  });

  app.post('/login', { config: loginLimit }, async (request, reply) => {
    const input = parseFields(loginSchema, request.body);
    const user = await findUserByEmail(db, input.email);
    // Same answer and the same work whether the account is missing or the password is wrong.
    if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) throw validationError({ email: [BAD_CREDENTIALS] });
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

  app.get('/api/user', { preHandler: authenticated }, async (request) => {
    const includes = parseIncludes((request.query as { include?: string }).include);
    const [user] = await presentUsersWith(db, [requireUser(request)], includes);
    return { data: user };
  });

  app.post('/api/auth/manual-register', { config: registerLimit }, async (request, reply) => {
    const input = parseFields(registerSchema, request.body);
    if (await findUserByEmail(db, input.email)) throw validationError({ email: ['The email has already been taken.'] });
    const passwordHash = await hashPassword(input.password);
    const user = await db.transaction(async (tx) => {
      const [created] = await tx.insert(users).values({ name: input.name, email: input.email, passwordHash, roleId: Role.User }).returning();
      await recordActivity(tx, { request, actorId: created.id, action: 'registered', subjectType: 'user', subjectId: created.id, after: created });
      return created;
    });
    await sendVerification(ctx, user);
    await sessions.startSession(request, reply, user.id);
    return reply.status(201).send({ data: presentUser(user) });
  });

  app.get('/email/verify/:id/:hash', async (request, reply) => {
    const { id, hash } = request.params as { id: string; hash: string };
    const { expires = '', signature = '' } = request.query as { expires?: string; signature?: string };
    const path = `/email/verify/${id}/${hash}`;
    const [user] = await db.select().from(users).where(eq(users.id, Number(id) || 0));
    if (!user || !verificationSignatureValid(ctx, path, expires, signature) || sha256(user.email.toLowerCase()) !== hash) {
      return reply.redirect('/verify-email?invalid=1');
    }
    if (!user.emailVerifiedAt) {
      await db.update(users).set({ emailVerifiedAt: clock.now(), updatedAt: clock.now() }).where(eq(users.id, user.id));
      await recordActivity(db, { request, actorId: user.id, action: 'verified_email', subjectType: 'user', subjectId: user.id });
    }
    return reply.redirect(request.user?.id === user.id ? '/investor?verified=1' : '/login?verified=1');
  });

  app.post('/email/resend', { preHandler: authenticated, config: { rateLimit: { max: 3, timeWindow: 15 * MINUTE, keyGenerator: byIp } } }, async (request, reply) => {
    const user = requireUser(request);
    if (user.emailVerifiedAt) return { message: 'Your email address is already verified.' };
    await sendVerification(ctx, user);
    return reply.status(202).send({ message: 'A fresh verification link has been sent to your email address.' });
  });

  app.post('/password/email', { config: mailLimit }, async (request) => {
    const input = parseFields(forgotPasswordSchema, request.body);
    const user = await findUserByEmail(db, input.email);
    if (user) await sendPasswordReset(ctx, user);
    return { message: RESET_SENT };
  });

  app.post('/password/reset', { config: mailLimit }, async (request) => {
    const input = parseFields(resetPasswordSchema, request.body);
    const user = await consumeTokenAndSetPassword(ctx, 'reset', input.email, input.token, input.password);
    await sessions.endAllSessions(user.id);
    await recordActivity(db, { request, actorId: user.id, action: 'reset_password', subjectType: 'user', subjectId: user.id });
    return { message: 'Your password has been reset. You can now log in.' };
  });

  app.post('/api/auth/set-password', { config: mailLimit }, async (request, reply) => {
    const input = parseFields(setPasswordSchema, request.body);
    const user = await consumeTokenAndSetPassword(ctx, 'invite', input.email, input.token, input.password);
    await sessions.endAllSessions(user.id);
    await sessions.startSession(request, reply, user.id);
    await recordActivity(db, { request, actorId: user.id, action: 'set_password', subjectType: 'user', subjectId: user.id });
    return { data: presentUser(user) };
  });

  const resendBody = z.object({ user_id: z.coerce.number().int().positive('Choose a user.') });
  app.post(
    '/api/users/resend-set-password-email',
    { preHandler: authorize('investors', 'update'), config: { rateLimit: { max: 20, timeWindow: 15 * MINUTE, keyGenerator: byIp } } },
    async (request) => {
      const { user_id: userId } = parseFields(resendBody, request.body);
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || user.deletedAt) throw notFound('user');
      await sendInvitation(ctx, user);
      await recordActivity(db, { request, action: 'sent_invitation', subjectType: 'user', subjectId: user.id });
      return { message: `An invitation to set a password has been sent to ${user.email}.` };
    },
  );

  app.post('/api/auth/update-password', { preHandler: authenticated, config: loginLimit }, async (request) => {
    const user = requireUser(request);
    const input = parseFields(updatePasswordSchema, request.body);
    if (!(await verifyPassword(user.passwordHash, input.current_password))) throw validationError({ current_password: ['The current password is incorrect.'] });
    await db.update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: clock.now() }).where(eq(users.id, user.id));
    // Other devices signed in with the old password are signed out; this one stays.
    await sessions.endAllSessions(user.id, request.sessionHash);
    await recordActivity(db, { request, action: 'updated_password', subjectType: 'user', subjectId: user.id });
    return { message: 'Your password has been updated.' };
  });
}
