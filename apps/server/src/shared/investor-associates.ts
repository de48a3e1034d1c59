import { and, eq, inArray, isNull } from 'drizzle-orm';
import { can, ROLE_IDS, Role } from '@platform/domain';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { validationError } from '../platform/errors';
import { flagOn, loadSettings } from './settings';

/** Roles that may own (look after) investors: staff roles holding any investors permission. */
export const OWNER_ROLES = ROLE_IDS.filter((id) => id !== Role.User && can(id, 'investors', 'index'));

const liveStaff = async (db: Db, id: number, roles: readonly number[]) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), inArray(users.roleId, [...roles]), isNull(users.deletedAt)))
  ).length > 0;

/** An owner is a live member of staff of such a role; `field` names the form field that chose them. */
export async function assertOwner(db: Db, ownerId: number | null | undefined, field = 'owner_id'): Promise<void> {
  if (ownerId != null && !(await liveStaff(db, ownerId, OWNER_ROLES)))
    throw validationError({ [field]: ['Choose a member of staff who works with investors.'] });
}

/** An adviser is a live member of staff with the Adviser role. */
export async function assertAdviser(db: Db, adviserId: number | null | undefined, field = 'adviser_id'): Promise<void> {
  if (adviserId != null && !(await liveStaff(db, adviserId, [Role.Adviser])))
    throw validationError({ [field]: ['Choose a member of staff with the Adviser role.'] });
}

export type Associates = { ownerId: number | null; adviserId: number | null };

/**
 * The owner and adviser a new investor gets when none is chosen for them: the firm's defaults while
 * `default_investor_associates` is on. A default whose account has since been deactivated or given
 * another role is skipped, so no investor is handed to someone who can no longer look after them.
 */
export async function defaultAssociates(db: Db): Promise<Associates> {
  const row = await loadSettings(db);
  if (!flagOn(row, 'default_investor_associates')) return { ownerId: null, adviserId: null };
  const { defaultOwnerId: ownerId, defaultAdviserId: adviserId } = row;
  return {
    ownerId: ownerId != null && (await liveStaff(db, ownerId, OWNER_ROLES)) ? ownerId : null,
    adviserId: adviserId != null && (await liveStaff(db, adviserId, [Role.Adviser])) ? adviserId : null,
  };
}

/** The associates of a new investor: those chosen (`null` is a choice: none), else the defaults. */
export async function associatesFor(db: Db, chosen: { owner_id?: number | null; adviser_id?: number | null }): Promise<Associates> {
  const defaults = await defaultAssociates(db);
  return {
    ownerId: chosen.owner_id === undefined ? defaults.ownerId : chosen.owner_id,
    adviserId: chosen.adviser_id === undefined ? defaults.adviserId : chosen.adviser_id,
  };
}
