import { randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { isStaffRole, RECOVERY_CODE_COUNT, resolveTerminology, type TwoFactorSetup, type TwoFactorStatus } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { sessions, twoFactorRecoveryCodes, users, userTokens, userTwoFactor } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { randomToken, seal, sha256, unseal } from '../../platform/crypto';
import { CHALLENGE_COOKIE, type UserRow } from '../../platform/session';
import { AppError, notFound, validationError } from '../../platform/errors';
import { loadSettings } from '../../shared/settings';

/*
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: 6 digits, 30-second steps, SHA-1 as
 * every app supports), through otplib. A code is accepted one step either side of the server's
 * clock, and each step once: the step of the last accepted code is kept and no code of it or
 * before it passes again.
 */

const SEAL_PURPOSE = 'totp-secret';
const TOLERANCE_SECONDS = 30;
/** How long the second step of a sign-in may wait for its code. */
export const CHALLENGE_MS = 5 * 60 * 1000;
const CHALLENGE_PURPOSE = 'sign_in_two_factor';
/** Recovery codes: 10 characters from an alphabet without look-alikes (50 bits each), shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'appKey'>;

const epochSeconds = (ctx: Pick<AppContext, 'clock'>) => Math.floor(ctx.clock.now().getTime() / 1000);

async function row(db: Db, userId: number) {
  const [found] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return found;
}

export async function twoFactorEnabled(db: Db, userId: number): Promise<boolean> {
  return Boolean((await row(db, userId))?.enabledAt);
}

/** Of these people, those who sign in with two-factor. */
export async function twoFactorEnabledAmong(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(inArray(userTwoFactor.userId, [...userIds]), isNotNull(userTwoFactor.enabledAt)));
  return new Set(rows.map((r) => r.userId));
}

export async function twoFactorStatus(db: Db, user: UserRow): Promise<TwoFactorStatus> {
  const found = await row(db, user.id);
  const [left] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, user.id), isNull(twoFactorRecoveryCodes.usedAt)));
  return {
    enabled: Boolean(found?.enabledAt),
    required: isStaffRole(user.roleId) && (await loadSettings(db)).requireStaffTwoFactor,
    recovery_codes_left: found?.enabledAt ? left.count : 0,
  };
}

/** Staff who must set up two-factor sign-in before anything else (the session hook decides the same per request). */
export async function enrolmentDue(db: Db, user: UserRow): Promise<boolean> {
  return isStaffRole(user.roleId) && (await loadSettings(db)).requireStaffTwoFactor && !(await twoFactorEnabled(db, user.id));
}

/**
 * Starts enrolment: a new secret (replacing any unconfirmed one) that counts only once a code from
 * it is confirmed. While two-factor sign-in is on, a new secret is refused: turn it off first.
 */
export async function startEnrolment(ctx: Ctx, user: UserRow): Promise<TwoFactorSetup> {
  if (await twoFactorEnabled(ctx.db, user.id)) {
    throw validationError({ code: ['Two-factor sign-in is already on. Turn it off first to use another app.'] });
  }
  const secret = generateSecret();
  const sealed = seal(ctx.appKey, SEAL_PURPOSE, secret);
  await ctx.db
    .insert(userTwoFactor)
    .values({ userId: user.id, secretEncrypted: sealed, createdAt: ctx.clock.now() })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretEncrypted: sealed, enabledAt: null, lastStep: null, createdAt: ctx.clock.now() },
    });
  const issuer = resolveTerminology((await loadSettings(ctx.db)).navigation).pageTitle;
  const otpauthUri = generateURI({ issuer, label: user.email, secret });
  const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  return { secret, otpauth_uri: otpauthUri, qr_code: qrCode };
}

/** Checks a code against the user's secret; a right one moves the last used step on (so it cannot be replayed). */
async function acceptCode(ctx: Ctx, userId: number, code: string, { enrolling }: { enrolling: boolean }): Promise<boolean> {
  const found = await row(ctx.db, userId);
  if (!found || Boolean(found.enabledAt) === enrolling) return false;
  const secret = unseal(ctx.appKey, SEAL_PURPOSE, found.secretEncrypted);
  const result = await verify({
    secret,
    token: code,
    epoch: epochSeconds(ctx),
    epochTolerance: TOLERANCE_SECONDS,
    ...(found.lastStep != null ? { afterTimeStep: found.lastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  // Only one request can move the step past this value: a code raced twice is taken once.
  const [moved] = await ctx.db
    .update(userTwoFactor)
    .set({ lastStep: result.timeStep })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        found.lastStep == null ? isNull(userTwoFactor.lastStep) : eq(userTwoFactor.lastStep, found.lastStep),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return Boolean(moved);
}

function newRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < 10; i += 1) out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5, 10)}`;
}

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Replaces the user's recovery codes with ten new ones; only their hashes are kept, so they are shown once. */
async function issueRecoveryCodes(db: Pick<Db, 'delete' | 'insert'>, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: sha256(normaliseRecoveryCode(code)) })));
  return codes;
}

const WRONG_CODE = 'That code is not right. Check the time on your phone and enter the newest code.';

/** Confirms enrolment with a first code: two-factor sign-in is on, and the recovery codes are handed out once. */
export async function confirmEnrolment(ctx: Ctx, request: FastifyRequest, user: UserRow, code: string): Promise<string[]> {
  if (!(await acceptCode(ctx, user.id, code, { enrolling: true }))) throw validationError({ code: [WRONG_CODE] });
  return ctx.db.transaction(async (tx) => {
    await tx.update(userTwoFactor).set({ enabledAt: ctx.clock.now() }).where(eq(userTwoFactor.userId, user.id));
    const codes = await issueRecoveryCodes(tx, user.id);
    await recordActivity(tx, { request, action: 'enabled_two_factor', subjectType: 'user', subjectId: user.id });
    return codes;
  });
}

export async function regenerateRecoveryCodes(ctx: Ctx, request: FastifyRequest, user: UserRow): Promise<string[]> {
  if (!(await twoFactorEnabled(ctx.db, user.id))) throw validationError({ current_password: ['Two-factor sign-in is not on.'] });
  return ctx.db.transaction(async (tx) => {
    const codes = await issueRecoveryCodes(tx, user.id);
    await recordActivity(tx, { request, action: 'regenerated_recovery_codes', subjectType: 'user', subjectId: user.id });
    return codes;
  });
}

export async function disableTwoFactor(ctx: Ctx, request: FastifyRequest, user: UserRow): Promise<void> {
  if ((await twoFactorStatus(ctx.db, user)).required) {
    throw validationError({ current_password: ['Two-factor sign-in is required for staff accounts and cannot be turned off.'] });
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    await recordActivity(tx, { request, action: 'disabled_two_factor', subjectType: 'user', subjectId: user.id });
  });
}

/**
 * An administrator resets another person's two-factor sign-in (they lost their phone and their
 * recovery codes): the secret and recovery codes go, every session of theirs and any sign-in
 * waiting for its code end, and the reset is logged with its reason, in one transaction. Where
 * two-factor is required they are asked to enrol again at their next sign-in (`enrolmentDue`).
 * Nobody resets their own this way: they turn it off with their password.
 */
export async function resetTwoFactor(ctx: Ctx, request: FastifyRequest, targetId: number, reason: string): Promise<UserRow> {
  const actor = request.user;
  if (actor?.id === targetId)
    throw new AppError(
      'forbidden',
      'You cannot reset your own two-factor sign-in here: turn it off on your security page, with your password.',
    );
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, targetId), isNull(users.deletedAt)))
      .for('update');
    if (!target) throw notFound('user');
    const [removed] = await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, targetId)).returning();
    if (!removed?.enabledAt) throw new AppError('conflict', `${target.name} does not sign in with two-factor: there is nothing to reset.`);
    const codes = await tx
      .delete(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, targetId))
      .returning({ id: twoFactorRecoveryCodes.id });
    const ended = await tx.delete(sessions).where(eq(sessions.userId, targetId)).returning({ id: sessions.id });
    await tx.delete(userTokens).where(and(eq(userTokens.userId, targetId), eq(userTokens.purpose, CHALLENGE_PURPOSE)));
    await recordActivity(tx, {
      request,
      action: 'reset_two_factor',
      subjectType: 'user',
      subjectId: targetId,
      before: { two_factor_enabled: true, recovery_codes: codes.length, sessions: ended.length },
      after: { two_factor_enabled: false, reason },
    });
    return target;
  });
}

// ---- The second step of sign-in ----

/** After a right password: the sign-in waits for a code, held by a token in a cookie only /login/* receives. */
export async function startSecondStep(ctx: AppContext, reply: FastifyReply, userId: number): Promise<void> {
  const raw = randomToken(32);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, CHALLENGE_PURPOSE)));
    await tx.insert(userTokens).values({
      userId,
      purpose: CHALLENGE_PURPOSE,
      tokenHash: sha256(raw),
      expiresAt: new Date(ctx.clock.now().getTime() + CHALLENGE_MS),
    });
  });
  ctx.sessions.setChallenge(reply, raw, CHALLENGE_MS / 1000);
}

/** The user whose sign-in waits for a code, by the cookie; undefined when there is none or it expired. */
export async function pendingSignIn(ctx: Pick<AppContext, 'db' | 'clock'>, request: FastifyRequest): Promise<number | undefined> {
  const raw = request.cookies[CHALLENGE_COOKIE];
  if (!raw) return undefined;
  const [found] = await ctx.db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, sha256(raw)),
        eq(userTokens.purpose, CHALLENGE_PURPOSE),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, ctx.clock.now()),
      ),
    );
  return found?.userId;
}

export async function endSecondStep(ctx: AppContext, reply: FastifyReply, userId: number): Promise<void> {
  await ctx.db.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, CHALLENGE_PURPOSE)));
  ctx.sessions.clearChallenge(reply);
}

/** A code from the app, or a recovery code (used up by this). */
export async function acceptSecondFactor(
  ctx: Ctx,
  userId: number,
  input: { code?: string; recovery_code?: string },
): Promise<'code' | 'recovery_code' | null> {
  const recovery = input.recovery_code?.trim();
  if (recovery) {
    const [used] = await ctx.db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: ctx.clock.now() })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, sha256(normaliseRecoveryCode(recovery))),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return used ? 'recovery_code' : null;
  }
  return (await acceptCode(ctx, userId, (input.code ?? '').replace(/\s/g, ''), { enrolling: false })) ? 'code' : null;
}

export const WRONG_SECOND_FACTOR = { code: WRONG_CODE, recovery_code: 'That recovery code is not right, or it has been used.' };
