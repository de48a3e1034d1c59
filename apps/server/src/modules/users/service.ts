import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { can, ROLE_IDS, Role, type InvestorCategory } from '@platform/domain';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { forbidden, validationError } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import type { UserRow } from '../../platform/session';
import { recordCategorisationByStaff } from '../compliance/service';

/** Roles that may own (look after) investors: staff roles holding any investors permission. */
export const OWNER_ROLES = ROLE_IDS.filter((id) => id !== Role.User && can(id, 'investors', 'index'));

/** An owner is a live member of staff of such a role. */
export async function assertOwner(db: Db, ownerId: number | null | undefined): Promise<void> {
  if (ownerId == null) return;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), inArray(users.roleId, OWNER_ROLES), isNull(users.deletedAt)));
  if (!owner) throw validationError({ owner_id: ['Choose a member of staff who works with investors.'] });
}

export async function assertEmailFree(db: Db, email: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined));
  if (taken) throw validationError({ email: ['The email has already been taken.'] });
}

/**
 * Records a category set on the investor form, in the caller's transaction, with its own activity
 * entry. Setting a category is the `investor_category` permission, not just editing the investor.
 */
export async function recordCategoryFromForm(
  tx: Db,
  request: FastifyRequest,
  investor: UserRow,
  category: InvestorCategory | undefined,
  now: Date,
): Promise<void> {
  if (category === undefined || (category === investor.investorCategory && investor.categorisationStatus === 'approved')) return;
  const staff = requireUser(request);
  if (!can(staff.roleId, 'investor_category', 'update')) throw forbidden();
  const { row, supersededIds } = await recordCategorisationByStaff(tx, investor.id, category, staff.id, now);
  await recordActivity(tx, {
    request,
    action: 'recorded',
    subjectType: 'investor_categorisation',
    subjectId: row.id,
    after: { ...row, superseded: supersededIds },
  });
  await recordActivity(tx, {
    request,
    action: 'category_recorded',
    subjectType: 'user',
    subjectId: investor.id,
    before: { investor_category: investor.investorCategory },
    after: { investor_category: category },
  });
}
