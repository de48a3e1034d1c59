import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AccountDetailsInput } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { users, userTokens } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { randomToken, sha256 } from '../../platform/crypto';
import type { UploadedFile } from '../../platform/form';
import type { UserRow } from '../../platform/session';
import { checkImage, withStoredFiles } from '../../platform/storage';
import { emailChangeMail, emailChangeNoticeMail } from './mails';
import { findUserByEmail, isUniqueViolation, productName } from './service';

/*
 * A person's own details (Settings › User Details): name, avatar, and an e-mail address that
 * changes only once the new mailbox is proven by a link sent to it.
 */

const EMAIL_CHANGE_MS = 24 * 60 * 60 * 1000;
export const AVATAR_FOLDER = 'avatars';
export const avatarUrl = (key: string) => `/api/files/${key}`;

export async function updateAccountDetails(
  ctx: Pick<AppContext, 'db' | 'storage' | 'clock'>,
  request: FastifyRequest,
  user: UserRow,
  input: AccountDetailsInput,
  avatar: UploadedFile | undefined,
): Promise<UserRow> {
  const image = avatar ? checkImage('avatar', avatar) : undefined;
  const updated = await withStoredFiles(ctx.storage, async (stored) => {
    const key = image ? await stored.put(AVATAR_FOLDER, image) : undefined;
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          name: input.name,
          avatar: key ? avatarUrl(key) : input.remove_avatar === '1' ? null : undefined,
          updatedAt: ctx.clock.now(),
        })
        .where(eq(users.id, user.id))
        .returning();
      await recordActivity(tx, {
        request,
        action: 'updated_own_details',
        subjectType: 'user',
        subjectId: user.id,
        before: { name: user.name, avatar: user.avatar },
        after: { name: row.name, avatar: row.avatar },
      });
      return row;
    });
  });
  // The old picture goes once the new one is recorded.
  if (user.avatar && user.avatar !== updated.avatar) await ctx.storage.remove([user.avatar.replace(/^\/api\/files\//, '')]);
  return updated;
}

/**
 * Sends the link to the new address and a notice to the current one. An address already taken
 * gets nothing and the answer is the same, so the form cannot be used to find who has an account.
 */
export async function requestEmailChange(ctx: AppContext, request: FastifyRequest, user: UserRow, email: string): Promise<void> {
  const product = await productName(ctx.db);
  await recordActivity(ctx.db, { request, action: 'requested_email_change', subjectType: 'user', subjectId: user.id, after: { email } });
  if (email === user.email.toLowerCase() || (await findUserByEmail(ctx.db, email))) return;
  const token = randomToken(32);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userTokens).where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'email_change')));
    await tx.insert(userTokens).values({
      userId: user.id,
      purpose: 'email_change',
      newEmail: email,
      tokenHash: sha256(token),
      expiresAt: new Date(ctx.clock.now().getTime() + EMAIL_CHANGE_MS),
    });
  });
  await ctx.mailer.enqueue(emailChangeMail(email, user.name, `${ctx.config.appUrl}/email/change/${token}`, product));
  await ctx.mailer.enqueue(emailChangeNoticeMail(user.email, user.name, email, ctx.config.appUrl, product));
}

/** Follows the link: the address changes (and counts as verified), once; false for a used, expired or unknown link. */
export async function confirmEmailChange(ctx: AppContext, request: FastifyRequest, token: string): Promise<UserRow | null> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [used] = await tx
        .update(userTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(userTokens.tokenHash, sha256(token)),
            eq(userTokens.purpose, 'email_change'),
            isNull(userTokens.usedAt),
            gt(userTokens.expiresAt, now),
          ),
        )
        .returning({ userId: userTokens.userId, newEmail: userTokens.newEmail });
      if (!used?.newEmail) return null;
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, used.userId));
      const [row] = await tx
        .update(users)
        .set({ email: used.newEmail, emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
        .returning();
      if (!row) return null;
      await recordActivity(tx, {
        request,
        actorId: row.id,
        action: 'changed_email',
        subjectType: 'user',
        subjectId: row.id,
        before: { email: before?.email },
        after: { email: row.email },
      });
      return row;
    });
  } catch (error) {
    // Taken by someone else since the link was sent: the unique index refuses it, and the link is spent.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
