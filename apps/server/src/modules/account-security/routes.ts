import {
  activeSessionSchema,
  currentPasswordBody,
  dataOf,
  idParams,
  isStaffRole,
  loginChallengeSchema,
  loginTwoFactorBody,
  noContent,
  passwordPolicySchema,
  recoveryCodesSchema,
  resetTwoFactorBody,
  securitySettingsBody,
  securitySettingsSchema,
  sessionParams,
  twoFactorCodeBody,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  userSchema,
} from '@platform/domain';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { App, AppContext } from '../../platform/context';
import { recordActivity } from '../../platform/activity';
import { verifyPassword } from '../../platform/crypto';
import { validationError } from '../../platform/errors';
import { authenticated, authenticatedDuringEnrolment, authorize, requireUser } from '../../platform/guards';
import { byIp } from '../../platform/rate-limit';
import { loadPasswordPolicy } from '../../shared/password-policy';
import { productName } from '../../shared/account-mail';
import { loadSettings } from '../../shared/settings';
import { startPasswordCheck } from '../../shared/sign-in-throttle';
import { presentUser } from '../../shared/user-presenter';
import { presentSecuritySettings, updateSecuritySettings } from './service';
import { twoFactorResetMail } from './mails';
import { endSession, listSessions } from './sessions';
import {
  acceptSecondFactor,
  confirmEnrolment,
  disableTwoFactor,
  endSecondStep,
  pendingSignIn,
  regenerateRecoveryCodes,
  resetTwoFactor,
  startEnrolment,
  twoFactorStatus,
  WRONG_SECOND_FACTOR,
} from './two-factor';

const MINUTE = 60_000;

export function registerAccountSecurityRoutes(app: App, ctx: AppContext) {
  const { db, sessions } = ctx;
  const settingsGuard = (action: 'show' | 'update') => authorize('settings_users', action);

  /** The rules a new password must meet, for the forms that choose one (registration, reset, invitation). */
  app.get('/api/auth/password-policy', { schema: { response: { 200: dataOf(passwordPolicySchema) } } }, async () => ({
    data: await loadPasswordPolicy(db),
  }));

  app.get(
    '/api/settings/security',
    { schema: { response: { 200: dataOf(securitySettingsSchema) } }, onRequest: settingsGuard('show') },
    async () => ({ data: presentSecuritySettings(await loadSettings(db)) }),
  );

  app.patch(
    '/api/settings/security',
    { schema: { body: securitySettingsBody, response: { 200: dataOf(securitySettingsSchema) } }, onRequest: settingsGuard('update') },
    async (request) => ({ data: presentSecuritySettings(await updateSecuritySettings(db, request, request.body)) }),
  );

  // ---- Two-factor sign-in: the caller's own ----

  app.get(
    '/api/auth/two-factor',
    { schema: { response: { 200: dataOf(twoFactorStatusSchema) } }, onRequest: authenticatedDuringEnrolment },
    async (request) => ({ data: await twoFactorStatus(db, requireUser(request)) }),
  );

  app.post(
    '/api/auth/two-factor/setup',
    { schema: { response: { 200: dataOf(twoFactorSetupSchema) } }, onRequest: authenticatedDuringEnrolment },
    async (request) => ({ data: await startEnrolment(ctx, requireUser(request)) }),
  );

  const codeLimit = { rateLimit: { max: 10, timeWindow: MINUTE, keyGenerator: byIp } };

  app.post(
    '/api/auth/two-factor/enable',
    {
      schema: { body: twoFactorCodeBody, response: { 200: dataOf(recoveryCodesSchema) } },
      onRequest: authenticatedDuringEnrolment,
      config: codeLimit,
    },
    async (request) => {
      const user = requireUser(request);
      const codes = await confirmEnrolment(ctx, request, user, request.body.code);
      // Other devices signed in before the second factor must now sign in with it.
      await sessions.endAllSessions(user.id, request.sessionHash);
      return { data: { recovery_codes: codes } };
    },
  );

  /** Turning off and new recovery codes both ask for the password: a borrowed session is not enough. */
  const withPassword = async (request: FastifyRequest & { body: { current_password: string } }) => {
    const user = requireUser(request);
    const check = await startPasswordCheck(ctx, request.ip, user.email.toLowerCase());
    if (!(await verifyPassword(user.passwordHash, request.body.current_password))) {
      await check.failed();
      throw validationError({ current_password: ['The current password is incorrect.'] });
    }
    await check.succeeded();
    return user;
  };

  app.post(
    '/api/auth/two-factor/recovery-codes',
    { schema: { body: currentPasswordBody, response: { 200: dataOf(recoveryCodesSchema) } }, onRequest: authenticated },
    async (request) => ({ data: { recovery_codes: await regenerateRecoveryCodes(ctx, request, await withPassword(request)) } }),
  );

  app.post(
    '/api/auth/two-factor/disable',
    { schema: { body: currentPasswordBody, response: { 204: noContent } }, onRequest: authenticated },
    async (request, reply) => {
      await disableTwoFactor(ctx, request, await withPassword(request));
      return reply.status(204).send(null);
    },
  );

  // ---- Another person's, by an administrator ----

  /** A lost phone: who manages users resets someone else's two-factor sign-in, with the reason; they are told by e-mail. */
  app.post(
    '/api/users/:id/two-factor/reset',
    {
      schema: { params: idParams, body: resetTwoFactorBody, response: { 204: noContent } },
      onRequest: authorize('settings_users', 'update'),
    },
    async (request, reply) => {
      const target = await resetTwoFactor(ctx, request, request.params.id, request.body.reason);
      await ctx.mailer.enqueue(
        twoFactorResetMail(target.email, target.name, requireUser(request).name, {
          appUrl: ctx.config.appUrl,
          required: isStaffRole(target.roleId) && (await loadSettings(db)).requireStaffTwoFactor,
          product: await productName(db),
        }),
      );
      return reply.status(204).send(null);
    },
  );

  // ---- The second step of sign-in ----

  app.post(
    '/login/two-factor',
    {
      schema: { body: loginTwoFactorBody, response: { 200: dataOf(userSchema), 202: loginChallengeSchema } },
      config: { rateLimit: { max: ctx.config.loginAttemptsPerMinute, timeWindow: MINUTE, keyGenerator: byIp } },
    },
    async (request, reply) => {
      const userId = await pendingSignIn(ctx, request);
      const user = userId === undefined ? undefined : await findActiveUser(db, userId);
      const field = request.body.recovery_code?.trim() ? 'recovery_code' : 'code';
      if (!user) throw validationError({ [field]: ['This sign-in has expired. Go back and enter your email and password again.'] });
      // The same account counters as the password: a second factor is not a second set of guesses.
      const check = await startPasswordCheck(ctx, request.ip, user.email.toLowerCase());
      const used = await acceptSecondFactor(ctx, user.id, request.body);
      if (!used) {
        await check.failed();
        throw validationError({ [field]: [WRONG_SECOND_FACTOR[field]] });
      }
      await check.succeeded();
      await endSecondStep(ctx, reply, user.id);
      const signedIn = await sessions.startSession(request, reply, user.id);
      await recordActivity(db, {
        request,
        actorId: user.id,
        action: used === 'recovery_code' ? 'logged_in_with_recovery_code' : 'logged_in',
        subjectType: 'user',
        subjectId: user.id,
      });
      return { data: presentUser(signedIn) };
    },
  );

  // ---- Active sessions ----

  app.get(
    '/api/auth/sessions',
    { schema: { response: { 200: dataOf(activeSessionSchema.array()) } }, onRequest: authenticated },
    async (request) => ({
      data: await listSessions(db, request),
    }),
  );

  app.delete(
    '/api/auth/sessions/:id',
    { schema: { params: sessionParams, response: { 204: noContent } }, onRequest: authenticated },
    async (request, reply) => {
      await endSession(db, request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  /** Every session of the caller's but the one they are using. */
  app.delete('/api/auth/sessions', { schema: { response: { 204: noContent } }, onRequest: authenticated }, async (request, reply) => {
    const user = requireUser(request);
    await sessions.endAllSessions(user.id, request.sessionHash);
    await recordActivity(db, { request, action: 'ended_other_sessions', subjectType: 'user', subjectId: user.id });
    return reply.status(204).send(null);
  });
}

async function findActiveUser(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}
