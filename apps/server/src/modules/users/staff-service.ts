import type { FastifyRequest } from 'fastify';
import { and, eq, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import { type InviteStaffInput, Role, roleLabel, type StaffAccount, type StaffStatus, type Terminology } from '@platform/domain';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../../platform/session';
import { assertEmailFree } from './service';

/** Staff are every account but investors'; a deactivated one is soft-deleted (it cannot sign in). */
export const isStaff = ne(users.roleId, Role.User);

export const staffStatusOf = (row: Pick<UserRow, 'deletedAt' | 'passwordHash'>): StaffStatus =>
  row.deletedAt ? 'deactivated' : row.passwordHash ? 'active' : 'invited';

export const STAFF_STATUS_SQL: Record<StaffStatus, SQL> = {
  deactivated: isNotNull(users.deletedAt),
  active: and(isNull(users.deletedAt), isNotNull(users.passwordHash)) as SQL,
  invited: and(isNull(users.deletedAt), isNull(users.passwordHash)) as SQL,
};

/** A staff account as User Management lists it, its role named in the customer's wording. */
export function presentStaffAccount(row: UserRow, terms: Terminology, twoFactorOn: ReadonlySet<number>): StaffAccount {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role_id: row.roleId,
    role_name: roleLabel(terms, row.roleId) ?? 'Unknown',
    status: staffStatusOf(row),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    two_factor_enabled: twoFactorOn.has(row.id),
  };
}

const LAST_SUPER_ADMIN = 'This is the last Super Admin: make another account a Super Admin first.';

/** A staff account (live or deactivated), locked for the change. */
async function lockStaff(tx: Db, id: number): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isStaff))
    .for('update');
  if (!row) throw notFound('staff account');
  return row;
}

/**
 * Refuses a change that would leave no live Super Admin. The live Super Admins are locked, so two
 * Super Admins demoting each other at once cannot both succeed.
 */
async function keepOneSuperAdmin(tx: Db, target: UserRow): Promise<void> {
  if (target.roleId !== Role.SuperAdmin || target.deletedAt) return;
  const live = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, Role.SuperAdmin), isNull(users.deletedAt)))
    .for('update');
  if (live.every((row) => row.id === target.id)) throw new AppError('conflict', LAST_SUPER_ADMIN);
}

/** A new staff account without a password; the caller sends the set-password invitation. */
export async function createStaffAccount(db: Db, request: FastifyRequest, input: InviteStaffInput & { role_id: number }, now: Date) {
  await assertEmailFree(db, input.email);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ name: input.name, email: input.email, roleId: input.role_id, createdAt: now, updatedAt: now })
      .returning();
    await recordActivity(tx, { request, action: 'created', subjectType: 'user', subjectId: row.id, after: row });
    return row;
  });
}

/** A new role applies from the account's next request: sessions load the user afresh each time. */
export async function changeStaffRole(db: Db, request: FastifyRequest, id: number, roleId: number, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const before = await lockStaff(tx, id);
    if (before.roleId === roleId) return before;
    await keepOneSuperAdmin(tx, before);
    const [after] = await tx.update(users).set({ roleId, updatedAt: now }).where(eq(users.id, id)).returning();
    await recordActivity(tx, { request, action: 'role_changed', subjectType: 'user', subjectId: id, before, after });
    return after;
  });
}

/** Deactivating ends every session of the account in the same transaction: its next request is 401. */
export async function deactivateStaff(db: Db, request: FastifyRequest, id: number, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const before = await lockStaff(tx, id);
    if (before.deletedAt) return before;
    await keepOneSuperAdmin(tx, before);
    const [after] = await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, id)).returning();
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordActivity(tx, { request, action: 'deactivated', subjectType: 'user', subjectId: id, before, after });
    return after;
  });
}

export async function reactivateStaff(db: Db, request: FastifyRequest, id: number, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const before = await lockStaff(tx, id);
    if (!before.deletedAt) return before;
    const [after] = await tx.update(users).set({ deletedAt: null, updatedAt: now }).where(eq(users.id, id)).returning();
    await recordActivity(tx, { request, action: 'reactivated', subjectType: 'user', subjectId: id, before, after });
    return after;
  });
}

/** A staff account still waiting to choose its password, for resending the invitation. */
export async function findInvitedStaff(db: Db, id: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isStaff));
  if (!row) throw notFound('staff account');
  if (staffStatusOf(row) !== 'invited') throw new AppError('conflict', 'This account has already chosen its password.');
  return row;
}
