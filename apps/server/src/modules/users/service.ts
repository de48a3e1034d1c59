import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  can,
  type CreateInvestorInput,
  type InvestorCategory,
  type Owner,
  type personalDetails,
  Role,
  type UpdateUserInput,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { recordTriggerEvent } from '../../shared/trigger-events';
import {
  attributeValues,
  complianceAttempts,
  contacts,
  investmentMethodEntities,
  investorCategorisations,
  opportunityInvitations,
  organisationApplications,
  organisationUsers,
  questionnaireAnswers,
  sessions,
  users,
  userTokens,
  documents,
} from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { assertMayVerifyIdentity } from '../../shared/international-aml';
import { AppError, forbidden, notFound, validationError } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import type { UserRow } from '../../platform/session';
import { saveAttributeValues } from '../attributes';
import { recordCategorisationByStaff } from '../compliance';
import { purgeContact } from '../contacts';
import { purgeRecordsOf } from '../records';
import { assertAdviser, assertOwner, associatesFor, OWNER_ROLES } from '../../shared/investor-associates';
import { assertRecordsMayBeRemoved } from '../../shared/record-retention';
import { visibleUsersScope } from './list';

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

/** The columns of an investor's personal details, from the form's names. */
export const personalChanges = (input: { [K in keyof typeof personalDetails]?: string | null }) => ({
  phone: input.phone,
  addressLine1: input.address_line1,
  addressLine2: input.address_line2,
  city: input.city,
  postcode: input.postcode,
  country: input.country,
  dateOfBirth: input.date_of_birth,
  nationality: input.nationality,
});

/** Who may own an investor (the relationship manager): live staff of roles that work with investors. */
export async function listOwners(db: Db): Promise<Owner[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role_id: users.roleId })
    .from(users)
    .where(and(inArray(users.roleId, OWNER_ROLES), isNull(users.deletedAt)))
    .orderBy(asc(users.name), asc(users.id));
}

/** A user the viewer may see, or undefined. */
export async function findVisibleUser(db: Db, viewer: UserRow, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), visibleUsersScope(viewer)));
  return row;
}

/** A user editing themselves: their name, the terms accepted and (investors) their details. */
export async function updateOwnAccount(db: Db, request: FastifyRequest, target: UserRow, input: UpdateUserInput, now: Date) {
  const changes = {
    name: input.name,
    acceptedTermsVersion: input.accepted_terms_version,
    ...(target.roleId === Role.User ? personalChanges(input) : {}),
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, target.id))
      .returning();
    await recordActivity(tx, { request, action: 'updated', subjectType: 'user', subjectId: target.id, before: target, after: row });
    return row;
  });
}

/** Staff editing a user: details, e-mail, KYC, owner and, for investors, category and custom attributes. */
export async function updateUserByStaff(
  db: Db,
  request: FastifyRequest,
  target: UserRow,
  input: UpdateUserInput,
  attributeInput: Record<string, unknown> | undefined,
  now: Date,
): Promise<UserRow> {
  if (input.email && input.email !== target.email.toLowerCase()) await assertEmailFree(db, input.email, target.id);
  await assertOwner(db, input.owner_id);
  await assertAdviser(db, input.adviser_id);
  if (input.adviser_id !== undefined && target.roleId !== Role.User)
    throw validationError({ adviser_id: ['Only investors have an adviser.'] });
  const changes: Partial<typeof users.$inferInsert> = {
    name: input.name,
    email: input.email,
    ownerId: input.owner_id,
    adviserId: input.adviser_id,
    ...personalChanges(input),
  };
  if (input.kyc_status !== undefined && input.kyc_status !== target.kycStatus)
    Object.assign(changes, { kycStatus: input.kyc_status, kycUpdatedAt: now });
  if (input.kyc_status === 'verified' && target.roleId === Role.User)
    await assertMayVerifyIdentity(db, { id: target.id, country: input.country !== undefined ? input.country : target.country });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, target.id))
      .returning();
    await recordActivity(tx, { request, action: 'updated', subjectType: 'user', subjectId: target.id, before: target, after: row });
    if (changes.kycStatus) {
      await recordTriggerEvent(
        tx,
        'investor.kyc_changed',
        { investor_id: row.id, kyc_status: row.kycStatus, previous: target.kycStatus },
        now,
      );
    }
    if (target.roleId === Role.User) {
      await saveAttributeValues(tx, request, { subjectType: 'user', subjectId: target.id, input: attributeInput, now });
      await recordCategoryFromForm(tx, request, row, input.category, now);
    } else if (attributeInput || input.category) {
      throw validationError({ [attributeInput ? 'attributes' : 'category']: ['Only investors have these.'] });
    }
    const [latest] = await tx.select().from(users).where(eq(users.id, target.id));
    return latest;
  });
}

/** A new investor account, without a password (an invitation lets the investor choose one). */
export async function createInvestor(
  db: Db,
  request: FastifyRequest,
  input: CreateInvestorInput,
  attributeInput: Record<string, unknown> | undefined,
  now: Date,
): Promise<UserRow> {
  await assertEmailFree(db, input.email);
  await assertOwner(db, input.owner_id);
  await assertAdviser(db, input.adviser_id);
  const associates = await associatesFor(db, input);
  // A new investor has sent no documents yet: one abroad cannot start verified.
  if (input.kyc_status === 'verified') await assertMayVerifyIdentity(db, { id: 0, country: input.country ?? null });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        roleId: Role.User,
        ...associates,
        ...personalChanges(input),
        ...(input.kyc_status ? { kycStatus: input.kyc_status, kycUpdatedAt: now } : {}),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordActivity(tx, { request, action: 'created', subjectType: 'user', subjectId: row.id, after: row });
    await saveAttributeValues(tx, request, { subjectType: 'user', subjectId: row.id, input: attributeInput, now });
    await recordCategoryFromForm(tx, request, row, input.category, now);
    const [latest] = await tx.select().from(users).where(eq(users.id, row.id));
    return latest;
  });
}

/** A live investor (role User), locked for the change; staff accounts belong to User Management. */
export async function lockInvestor(tx: Db, id: number): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.roleId, Role.User), isNull(users.deletedAt)))
    .for('update');
  if (!row) throw notFound('investor');
  return row;
}

/** Soft delete: the investor disappears from lists and cannot sign in; everything is kept. */
export async function deleteInvestor(db: Db, request: FastifyRequest, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockInvestor(tx, id);
    const [after] = await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, id)).returning();
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordActivity(tx, { request, action: 'deleted', subjectType: 'user', subjectId: id, before, after });
  });
}

/**
 * What refuses a hard delete, by the table of the rows that must be kept: the database answers a
 * foreign-key violation naming the referencing table.
 */
const KEPT_RECORDS: Record<string, string> = {
  investments: 'investments',
  ledgers: 'fund ledger entries',
  market_sounding_acceptances: 'insider-register entries',
  insider_entries: 'insider-register entries',
  opportunity_discussions: 'questions asked on opportunities',
  discussion_replies: 'answers given on opportunities',
  pre_emption_entitlements: 'pre-emption entitlements',
  holding_realisations: 'realised proceeds',
  screening_matches: 'sanctions and PEP screening results',
};

function keptRecordsRefused(error: unknown): AppError | null {
  for (let e = error as { code?: string; table?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    // The database's own retention guard (migration 0026), should it ever be reached first.
    if (e.code === '23001')
      return new AppError(
        'conflict',
        "This investor's records are kept five years after their account is closed: they cannot be removed yet.",
      );
    if (e.code !== '23503') continue;
    const kept = (e.table && KEPT_RECORDS[e.table]) ?? 'records that must be kept';
    return new AppError(
      'conflict',
      `This investor cannot be removed for good: ${kept} refer to them. Delete the investor instead; the record is kept but hidden.`,
    );
  }
  return null;
}

/**
 * What a hard delete removes with the investor: what exists only because of them — their records
 * and files, questionnaire answers, attribute values, compliance history, links, invitations,
 * organisation applications, and the lead they were converted from (sessions, tokens and
 * notifications go by cascade). Investments, ledgers and insider-register entries are kept by law
 * and refer to the investor, so an investor with any cannot be removed for good: the database
 * refuses (409). Answers the storage keys of the removed files, to remove once this commits.
 */
async function removeInvestorData(tx: Db, id: number): Promise<string[]> {
  await tx.delete(attributeValues).where(and(eq(attributeValues.subjectType, 'user'), eq(attributeValues.subjectId, id)));
  await tx.delete(questionnaireAnswers).where(and(eq(questionnaireAnswers.subjectType, 'user'), eq(questionnaireAnswers.subjectId, id)));
  await tx.delete(organisationApplications).where(eq(organisationApplications.userId, id));
  const files = await purgeRecordsOf(tx, { type: 'investor', id });
  for (const lead of await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.convertedUserId, id))) {
    files.push(...(await purgeContact(tx, lead.id)).files);
  }
  await tx.delete(complianceAttempts).where(eq(complianceAttempts.userId, id));
  await tx.delete(investorCategorisations).where(eq(investorCategorisations.userId, id));
  await tx.delete(organisationUsers).where(eq(organisationUsers.userId, id));
  await tx.delete(investmentMethodEntities).where(eq(investmentMethodEntities.userId, id));
  await tx.delete(opportunityInvitations).where(eq(opportunityInvitations.userId, id));
  await tx.delete(users).where(eq(users.id, id));
  return files;
}

/**
 * Hard delete (delete_unsafe): an investor, for good, once their records' retention period is over
 * (decision 0033: five years after the relationship ended; 409 naming the date before then).
 * Answers the files to remove once committed.
 */
export async function removeInvestorForGood(db: Db, request: FastifyRequest, id: number, now: Date): Promise<string[]> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.roleId, Role.User)))
        .for('update');
      if (!before) throw notFound('investor');
      await assertRecordsMayBeRemoved(tx, id, now);
      const removed = await removeInvestorData(tx, id);
      await recordActivity(tx, { request, action: 'deleted_permanently', subjectType: 'user', subjectId: id, before, after: null });
      return removed;
    });
  } catch (error) {
    throw keptRecordsRefused(error) ?? error;
  }
}

/** Invitations not used yet, of live investors. */
export const pendingInvitations = and(
  eq(userTokens.purpose, 'invite'),
  isNull(userTokens.usedAt),
  eq(users.roleId, Role.User),
  isNull(users.deletedAt),
);

/** Revokes pending invitations at once: all or none (422 naming the ones that are not pending). */
export async function revokeInvitations(db: Db, request: FastifyRequest, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: userTokens.id, userId: userTokens.userId, expiresAt: userTokens.expiresAt })
      .from(userTokens)
      .innerJoin(users, eq(users.id, userTokens.userId))
      .where(and(pendingInvitations, inArray(userTokens.id, ids)))
      .orderBy(asc(userTokens.id))
      .for('update', { of: userTokens });
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw validationError({ ids: [`These are not pending invitations: ${missing.join(', ')}.`] });
    // The token is a secret, not a record: revoking it removes it; the activity log keeps the fact.
    await tx.delete(userTokens).where(inArray(userTokens.id, ids));
    for (const row of found) {
      await recordActivity(tx, {
        request,
        action: 'invitation_revoked',
        subjectType: 'user',
        subjectId: row.userId,
        before: { invitation_id: row.id, expires_at: row.expiresAt.toISOString() },
      });
    }
    return found.length;
  });
}

/** A live document filed on an investor's record, or undefined. */
export async function findInvestorDocument(db: Db, investorId: number, documentId: number) {
  const [document] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.subjectType, 'investor'),
        eq(documents.subjectId, investorId),
        isNull(documents.deletedAt),
      ),
    );
  return document;
}
