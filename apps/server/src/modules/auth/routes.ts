import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import {
  accountDetailsBody,
  brandingFileParams,
  dataOf,
  emailChangeBody,
  emailChangeParams,
  fileBody,
  errorBody,
  forgotPasswordSchema,
  loginChallengeSchema,
  loginSchema,
  messageBody,
  noContent,
  redirectBody,
  PASSWORD_REQUIRED,
  registrationBody,
  resendInvitationBody,
  resetPasswordSchema,
  setPasswordSchema,
  updatePasswordSchema,
  userIncludeQuery,
  userSchema,
  verifyEmailParams,
  verifyEmailQuery,
  Role,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { recordActivity } from '../../platform/activity';
import { sha256, verifyPassword } from '../../platform/crypto';
import { notFound, validationError } from '../../platform/errors';
import { authenticated, authenticatedDuringEnrolment, authorize, requireUser, staffOnly } from '../../platform/guards';
import { readForm } from '../../platform/form';
import { contentTypeOf } from '../../platform/storage';
import { AVATAR_FOLDER, confirmEmailChange, requestEmailChange, updateAccountDetails } from './account';
import { assertPasswordAllowed } from '../../shared/password-policy';
import { enrolmentDue, startSecondStep, twoFactorEnabled } from '../account-security';
import { byIp, byIpAndEmail, claimAttempts } from '../../platform/rate-limit';
import { flagOn, loadSettings } from '../../shared/settings';
import { parseIncludes, presentUser, presentUsersWith } from '../../shared/user-presenter';
import {
  changePassword,
  consumeTokenAndSetPassword,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  registerInvestor,
  sendInvitation,
  sendPasswordResetIfAccountExists,
  sendSignInLockedNotice,
  sendVerification,
  verificationSignatureValid,
} from './service';
import {
  clearSignInThrottle,
  registrationLimits,
  resetRequestLimits,
  startPasswordCheck,
  tokenAttemptLimits,
} from '../../shared/sign-in-throttle';

const MINUTE = 60_000;

const RESET_SENT = 'If an account exists for that address, we have emailed a password reset link.';
const REGISTRATION_RECEIVED = 'Thank you. Check your email: we have sent you a link to confirm your address. Once it is confirmed, log in.';
const INVITATION_ON_REGISTRATION = 'Thank you. Check your email: we have sent you a link to choose your password.';
const BAD_CREDENTIALS = 'These credentials do not match our records.';

export function registerAuthRoutes(app: App, ctx: AppContext) {
  const { db, sessions, background } = ctx;
  const oneUser = { 200: dataOf(userSchema) };
  const message = { 200: messageBody };
  /** Besides the failure limits below: `loginAttemptsPerMinute` tries of any outcome per address and e-mail. */
  const loginLimit = { rateLimit: { max: ctx.config.loginAttemptsPerMinute, timeWindow: MINUTE, keyGenerator: byIpAndEmail } };

  app.get('/sanctum/csrf-cookie', { schema: { response: { 204: noContent } } }, async (_request, reply) => {
    sessions.issueXsrf(reply);
    return reply.status(204).send(null);
  });

  app.post(
    '/login',
    { schema: { body: loginSchema, response: { ...oneUser, 202: loginChallengeSchema } }, config: loginLimit },
    async (request, reply) => {
      const input = request.body;
      const check = await startPasswordCheck(ctx, request.ip, input.email);
      const user = await findUserByEmail(db, input.email);
      // Same answer and the same work whether the account is missing or the password is wrong.
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        if ((await check.failed()) && user) background.run('sign-in lock notice', () => sendSignInLockedNotice(ctx, user));
        throw validationError({ email: [BAD_CREDENTIALS] });
      }
      await check.succeeded();
      if (await twoFactorEnabled(db, user.id)) {
        // No session yet: the code from the authenticator app comes next (POST /login/two-factor).
        await startSecondStep(ctx, reply, user.id);
        return reply.status(202).send({ two_factor_required: true, message: 'Enter the 6-digit code from your authenticator app.' });
      }
      const signedIn = await sessions.startSession(request, reply, user.id);
      await recordActivity(db, { request, actorId: user.id, action: 'logged_in', subjectType: 'user', subjectId: user.id });
      return { data: { ...presentUser(signedIn), two_factor_enrolment_due: await enrolmentDue(db, signedIn) } };
    },
  );

  app.post('/logout', { schema: { response: { 204: noContent } } }, async (request, reply) => {
    await sessions.endSession(request, reply);
    return reply.status(204).send(null);
  });

  app.get('/api/logout', { schema: { response: { 302: redirectBody, 403: errorBody } } }, async (request, reply) => {
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

  app.get(
    '/api/user',
    { schema: { querystring: userIncludeQuery, response: oneUser }, onRequest: authenticatedDuringEnrolment },
    async (request) => {
      const includes = parseIncludes(request.query.include);
      const [user] = await presentUsersWith(db, [requireUser(request)], includes);
      return { data: { ...user, two_factor_enrolment_due: request.twoFactorEnrolmentDue } };
    },
  );

  /**
   * The session probe the app starts with (spec §7.1 "current user", path not shown): 200 with the
   * same user as /api/user, or `data: null` when nobody is signed in — being signed out is an answer,
   * not an error, so public pages log no failed request. /api/user keeps its 401 (spec §4).
   */
  app.get(
    '/api/session',
    { schema: { querystring: userIncludeQuery, response: { 200: dataOf(userSchema.nullable()) } } },
    async (request) => {
      if (!request.user) return { data: null };
      const includes = parseIncludes(request.query.include);
      const [user] = await presentUsersWith(db, [request.user], includes);
      return { data: { ...user, two_factor_enrolment_due: request.twoFactorEnrolmentDue } };
    },
  );

  /**
   * The same answer whether the address is free or taken, so registration cannot tell who has an
   * account: the work (account and verification link, or a note to the address's owner) is done
   * after the answer, and the person signs in once the address is confirmed.
   */
  app.post('/api/auth/manual-register', { schema: { body: registrationBody, response: { 202: messageBody } } }, async (request, reply) => {
    const input = request.body;
    const invite = flagOn(await loadSettings(db), 'invite_on_register');
    if (!invite && input.password === undefined) throw validationError({ password: [PASSWORD_REQUIRED] });
    if (!invite && input.password !== undefined) await assertPasswordAllowed(db, input.password);
    await claimAttempts(ctx, registrationLimits(request.ip, input.email));
    background.run('registration', () => registerInvestor(ctx, request, invite ? { name: input.name, email: input.email } : input));
    return reply.status(202).send({ message: invite ? INVITATION_ON_REGISTRATION : REGISTRATION_RECEIVED });
  });

  // A link whose id is no id at all was not made by this app: 400, or 404 beyond the id range.
  app.get(
    '/email/verify/:id/:hash',
    { schema: { params: verifyEmailParams, querystring: verifyEmailQuery, response: { 302: redirectBody } } },
    async (request, reply) => {
      const { id, hash } = request.params;
      const { expires = '', signature = '' } = request.query;
      const path = `/email/verify/${id}/${hash}`;
      const user = await findUserById(db, id);
      if (!user || !verificationSignatureValid(ctx, path, expires, signature) || sha256(user.email.toLowerCase()) !== hash) {
        return reply.redirect('/verify-email?invalid=1');
      }
      await markEmailVerified(ctx, request, user);
      return reply.redirect(request.user?.id === user.id ? '/investor?verified=1' : '/login?verified=1');
    },
  );

  app.post(
    '/email/resend',
    {
      schema: { response: { 200: messageBody, 202: messageBody } },
      onRequest: authenticated,
      config: { rateLimit: { max: 3, timeWindow: 15 * MINUTE, keyGenerator: byIp } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (user.emailVerifiedAt) return { message: 'Your email address is already verified.' };
      await sendVerification(ctx, user);
      return reply.status(202).send({ message: 'A fresh verification link has been sent to your email address.' });
    },
  );

  /** Answers before looking the address up: the lookup, token and mail happen after the answer. */
  app.post('/password/email', { schema: { body: forgotPasswordSchema, response: message } }, async (request) => {
    const input = request.body;
    await claimAttempts(ctx, resetRequestLimits(request.ip, input.email));
    background.run('password reset request', () => sendPasswordResetIfAccountExists(ctx, input.email));
    return { message: RESET_SENT };
  });

  app.post('/password/reset', { schema: { body: resetPasswordSchema, response: message } }, async (request) => {
    const input = request.body;
    await assertPasswordAllowed(db, input.password);
    const attempt = await claimAttempts(ctx, tokenAttemptLimits('reset', request.ip, input.email));
    const user = await consumeTokenAndSetPassword(ctx, 'reset', input.email, input.token, input.password);
    await attempt.refund();
    await clearSignInThrottle(db, user.email);
    await sessions.endAllSessions(user.id);
    await recordActivity(db, { request, actorId: user.id, action: 'reset_password', subjectType: 'user', subjectId: user.id });
    return { message: 'Your password has been reset. You can now log in.' };
  });

  app.post('/api/auth/set-password', { schema: { body: setPasswordSchema, response: oneUser } }, async (request, reply) => {
    const input = request.body;
    await assertPasswordAllowed(db, input.password);
    const attempt = await claimAttempts(ctx, tokenAttemptLimits('invite', request.ip, input.email));
    const user = await consumeTokenAndSetPassword(ctx, 'invite', input.email, input.token, input.password);
    await attempt.refund();
    await clearSignInThrottle(db, user.email);
    await sessions.endAllSessions(user.id);
    await sessions.startSession(request, reply, user.id);
    await recordActivity(db, { request, actorId: user.id, action: 'set_password', subjectType: 'user', subjectId: user.id });
    return { data: { ...presentUser(user), two_factor_enrolment_due: await enrolmentDue(db, user) } };
  });

  app.post(
    '/api/users/resend-set-password-email',
    {
      schema: { body: resendInvitationBody, response: message },
      onRequest: authorize('investors', 'update'),
      config: { rateLimit: { max: 20, timeWindow: 15 * MINUTE, keyGenerator: byIp } },
    },
    async (request) => {
      const user = await findUserById(db, request.body.user_id);
      if (!user || user.deletedAt) throw notFound('user');
      await sendInvitation(ctx, user);
      await recordActivity(db, { request, action: 'sent_invitation', subjectType: 'user', subjectId: user.id });
      return { message: `An invitation to set a password has been sent to ${user.email}.` };
    },
  );

  app.post(
    '/api/auth/update-password',
    { schema: { body: updatePasswordSchema, response: message }, onRequest: authenticated, config: loginLimit },
    async (request) => {
      const user = requireUser(request);
      const input = request.body;
      // A borrowed session must not become a way round the sign-in limits on the same password.
      const check = await startPasswordCheck(ctx, request.ip, user.email.toLowerCase());
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        await check.failed();
        throw validationError({ current_password: ['The current password is incorrect.'] });
      }
      await check.succeeded();
      await assertPasswordAllowed(db, input.password);
      await changePassword(ctx, user.id, input.password);
      // Other devices signed in with the old password are signed out; this one stays.
      await sessions.endAllSessions(user.id, request.sessionHash);
      await recordActivity(db, { request, action: 'updated_password', subjectType: 'user', subjectId: user.id });
      return { message: 'Your password has been updated.' };
    },
  );

  // ---- A member of staff's own details (Settings › User Details) ----

  /** PATCH with JSON, or the form's POST (multipart, with the avatar as a file). */
  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/auth/account',
    schema: { body: accountDetailsBody, response: oneUser },
    onRequest: staffOnly,
    handler: async (request) => {
      const { files } = await readForm(request);
      const updated = await updateAccountDetails(ctx, request, requireUser(request), request.body, files.avatar);
      return { data: presentUser(updated) };
    },
  });

  app.get(
    '/api/files/avatars/:name',
    { schema: { params: brandingFileParams, response: { 200: fileBody } }, onRequest: authenticated },
    async (request, reply) => {
      const data = await ctx.storage.open(`${AVATAR_FOLDER}/${request.params.name}`);
      if (!data) throw notFound('file');
      return sendAvatar(reply, request.params.name, data);
    },
  );

  /** The new address must be proven: a link goes to it, and the change applies when it is followed. */
  app.post(
    '/api/auth/email-change',
    { schema: { body: emailChangeBody, response: { 202: messageBody } }, onRequest: authenticated, config: loginLimit },
    async (request, reply) => {
      const user = requireUser(request);
      const check = await startPasswordCheck(ctx, request.ip, user.email.toLowerCase());
      if (!(await verifyPassword(user.passwordHash, request.body.current_password))) {
        await check.failed();
        throw validationError({ current_password: ['The current password is incorrect.'] });
      }
      await check.succeeded();
      await requestEmailChange(ctx, request, user, request.body.email);
      return reply.status(202).send({
        message: `We have sent a link to ${request.body.email}. Your email address changes when you follow it.`,
      });
    },
  );

  app.get('/email/change/:token', { schema: { params: emailChangeParams, response: { 302: redirectBody } } }, async (request, reply) => {
    const changed = await confirmEmailChange(ctx, request, request.params.token);
    if (!changed) return reply.redirect('/verify-email?invalid=1');
    if (request.user?.id !== changed.id) return reply.redirect('/login?email_changed=1');
    return reply.redirect(
      changed.roleId === Role.User ? '/investor/profile/view?email_changed=1' : '/admin/settings/security/details?email_changed=1',
    );
  });
}

/** A picture's bytes (declared as `fileBody`): typed by its name, sandboxed, never sniffed. */
function sendAvatar(reply: FastifyReply, name: string, data: Readable) {
  return reply
    .type(contentTypeOf(name))
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .send(data);
}
