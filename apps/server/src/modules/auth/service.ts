import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Role, type RegisterInput } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { users, userTokens } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { screenInvestorIfEnabled } from '../../shared/screening';
import { hashPassword, hmac, randomToken, safeEqual, sha256 } from '../../platform/crypto';
import { validationError } from '../../platform/errors';
import { formatWait } from '../../platform/rate-limit';
import type { UserRow } from '../../platform/session';
import { defaultAssociates } from '../../shared/investor-associates';
import { productName } from '../../shared/account-mail';
import { invitationMail, registrationAttemptMail, resetMail, signInLockedMail, verificationMail } from './mails';
import { LOCK_MS } from '../../shared/sign-in-throttle';

export type TokenPurpose = 'reset' | 'invite';
const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = { reset: 60 * 60 * 1000, invite: 7 * 24 * 60 * 60 * 1000 };
const VERIFY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Following the verification link proves the address; a second click changes nothing. */
export async function markEmailVerified(ctx: AppContext, request: FastifyRequest, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt) return;
  const now = ctx.clock.now();
  await ctx.db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
  await recordActivity(ctx.db, { request, actorId: user.id, action: 'verified_email', subjectType: 'user', subjectId: user.id });
}

/** A signed-in user's new password (the current one already checked). */
export async function changePassword(ctx: AppContext, userId: number, password: string): Promise<void> {
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId));
}

/** Account mails are signed with the product's name. */
export { productName };

/** Issues a one-time token (only its hash is kept) and returns the raw value for the link. */
async function issueToken(ctx: AppContext, userId: number, purpose: TokenPurpose): Promise<string> {
  const token = randomToken(32);
  await ctx.db.transaction(async (tx) => {
    // A new link replaces any earlier one of the same kind.
    await tx.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose)));
    await tx
      .insert(userTokens)
      .values({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(ctx.clock.now().getTime() + TOKEN_LIFETIME_MS[purpose]) });
  });
  return token;
}

export async function sendPasswordReset(ctx: AppContext, user: UserRow): Promise<void> {
  const token = await issueToken(ctx, user.id, 'reset');
  const url = `${ctx.config.appUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
  await ctx.mailer.enqueue(resetMail(user.email, user.name, url, await productName(ctx.db)));
}

/** Runs after the answer to the reset request, so its timing cannot tell whether the account exists. */
export async function sendPasswordResetIfAccountExists(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user) await sendPasswordReset(ctx, user);
}

export async function sendSignInLockedNotice(ctx: AppContext, user: UserRow): Promise<void> {
  await ctx.mailer.enqueue(signInLockedMail(user.email, user.name, ctx.config.appUrl, formatWait(LOCK_MS), await productName(ctx.db)));
}

export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * Runs after the answer to a registration, which is the same whether the address is free or not:
 * a free address gets its investor account and a verification link — or, registered without a
 * password (`inviteOnRegister`), the invitation to choose one, which also proves the address; a
 * taken one gets a note to the account's owner instead, and nothing else changes.
 */
export async function registerInvestor(ctx: AppContext, request: FastifyRequest, input: RegisterInput): Promise<void> {
  const owner = await findUserByEmail(ctx.db, input.email);
  if (owner) return tellOwnerOfRegistration(ctx, owner);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const associates = await defaultAssociates(ctx.db);
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash, roleId: Role.User, ...associates })
        .returning();
      await recordActivity(tx, {
        request,
        actorId: created.id,
        action: 'registered',
        subjectType: 'user',
        subjectId: created.id,
        after: created,
      });
      return created;
    });
    await (passwordHash ? sendVerification(ctx, user) : sendInvitation(ctx, user));
    await screenInvestorIfEnabled(ctx.db, user.id, ctx.clock.now());
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Registered in parallel, or held by a deleted account (whose owner is not told).
    const raced = await findUserByEmail(ctx.db, input.email);
    if (raced) await tellOwnerOfRegistration(ctx, raced);
  }
}

async function tellOwnerOfRegistration(ctx: AppContext, owner: UserRow): Promise<void> {
  await ctx.mailer.enqueue(registrationAttemptMail(owner.email, owner.name, ctx.config.appUrl, await productName(ctx.db)));
}

export async function sendInvitation(ctx: AppContext, user: UserRow): Promise<void> {
  const token = await issueToken(ctx, user.id, 'invite');
  const url = `${ctx.config.appUrl}/set-password/${token}?email=${encodeURIComponent(user.email)}`;
  // Queued through ctx.db: a caller's transaction (a bulk invitation) sends all or none.
  await ctx.mailer.enqueue(invitationMail(user.email, user.name, url, await productName(ctx.db)), ctx.db);
}

/**
 * Uses a token: it must match the e-mail, the purpose, be unexpired and unused. Consumed in the
 * same transaction as the password change, so a link works exactly once even when clicked twice.
 */
export async function consumeTokenAndSetPassword(
  ctx: AppContext,
  purpose: TokenPurpose,
  email: string,
  token: string,
  password: string,
): Promise<UserRow> {
  const invalid = () => validationError({ email: ['This link is invalid or has expired. Please ask for a new one.'] });
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw invalid();
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(userTokens)
      .set({ usedAt: ctx.clock.now() })
      .where(
        and(
          eq(userTokens.tokenHash, sha256(token)),
          eq(userTokens.userId, user.id),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, ctx.clock.now()),
        ),
      )
      .returning({ id: userTokens.id });
    if (!used) throw invalid();
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: ctx.clock.now(),
        // Following an invitation link proves the address.
        ...(purpose === 'invite' && !user.emailVerifiedAt ? { emailVerifiedAt: ctx.clock.now() } : {}),
      })
      .where(eq(users.id, user.id))
      .returning();
    return updated;
  });
}

/** Signed, expiring verification link: /email/verify/{id}/{hash}?expires=…&signature=… */
export function verificationUrl(ctx: AppContext, user: UserRow): string {
  const expires = ctx.clock.now().getTime() + VERIFY_LIFETIME_MS;
  const path = `/email/verify/${user.id}/${sha256(user.email.toLowerCase())}`;
  return `${ctx.config.appUrl}${path}?expires=${expires}&signature=${hmac(ctx.appKey, `${path}?expires=${expires}`)}`;
}

export function verificationSignatureValid(ctx: AppContext, path: string, expires: string, signature: string): boolean {
  return Number(expires) > ctx.clock.now().getTime() && safeEqual(hmac(ctx.appKey, `${path}?expires=${expires}`), signature);
}

export async function sendVerification(ctx: AppContext, user: UserRow): Promise<void> {
  await ctx.mailer.enqueue(verificationMail(user.email, user.name, verificationUrl(ctx, user), await productName(ctx.db)));
}
