import Decimal from 'decimal.js';
import { and, asc, count, countDistinct, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import {
  canTransition,
  opportunityLimitErrors,
  type CreateOpportunityInput,
  type UpdateOpportunityInput,
  COMMITTED_STATUSES,
  LOCKED_TERMS_ONCE_INVESTED,
  OPPORTUNITY_STATUS_LABELS,
  OpportunityStatus,
  Role,
  type OpportunityStatusId,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { recordTriggerEvent } from '../../shared/trigger-events';
import {
  documents,
  investmentOpportunities,
  investments,
  opportunityImages,
  opportunityInvitations,
  termConditions,
  users,
} from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/sanitize';
import { draftOpportunityFromDeal } from '../deals';
import { assertListed } from '../lookups';
import { completeOpportunityInvestments } from '../investments';
import { findOpportunity, lockOpportunityRow, type OpportunityRow } from '../../shared/opportunity-visibility';

/** Writes to investment opportunities; each runs inside the caller's transaction (docs/decisions/0008). */

async function lockOpportunity(tx: Db, id: number): Promise<OpportunityRow> {
  const row = await lockOpportunityRow(tx, id);
  if (!row) throw notFound('opportunity');
  return row;
}

export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return base || 'opportunity';
}

/** The name's slug, or the first free `slug-2`, `slug-3`… (the unique index is the backstop). */
async function uniqueSlug(tx: Db, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await tx
        .select({ slug: investmentOpportunities.slug })
        .from(investmentOpportunities)
        .where(or(eq(investmentOpportunities.slug, base), like(investmentOpportunities.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

type Fields = Omit<UpdateOpportunityInput, never>;

function columns(input: Fields): Partial<typeof investmentOpportunities.$inferInsert> {
  const rich = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : sanitizeRichText(value));
  return {
    name: input.name,
    companyName: input.company_name,
    type: input.type,
    subType: input.sub_type,
    industry: input.industry,
    roundType: input.round_type,
    category: input.category,
    character: input.character,
    currency: input.currency,
    targetRaise: input.target_raise,
    maximumRaise: input.maximum_raise,
    minimumInvestment: input.minimum_investment,
    maximumInvestment: input.maximum_investment,
    cashCallPaymentDays: input.cash_call_payment_days,
    sharePrice: input.share_price,
    preMoneyValuation: input.pre_money_valuation,
    opensAt: input.opens_at,
    closesAt: input.closes_at,
    taxRelief: input.tax_relief,
    fees: input.fees,
    summary: input.summary,
    description: rich(input.description),
    keyPoints: input.key_points,
    team: input.team,
    keyDates: input.key_dates,
    marketSoundingRequired: input.market_sounding_required,
    bankAccountName: input.bank_account_name,
    bankSortCode: input.bank_sort_code,
    bankAccountNumber: input.bank_account_number,
    bankIban: input.bank_iban,
    bankBic: input.bank_bic,
  };
}

/** The record's limit fields in input naming, with `input` laid over `row`. */
function mergedLimits(row: OpportunityRow | null, input: Fields) {
  const pick = <K extends keyof Fields>(key: K, current: string | null) =>
    input[key] === undefined ? current : (input[key] as string | null);
  return {
    target_raise: pick('target_raise', row?.targetRaise ?? null),
    maximum_raise: pick('maximum_raise', row?.maximumRaise ?? null),
    minimum_investment: pick('minimum_investment', row?.minimumInvestment ?? null),
    maximum_investment: pick('maximum_investment', row?.maximumInvestment ?? null),
    opens_at: pick('opens_at', row?.opensAt ?? null),
    closes_at: pick('closes_at', row?.closesAt ?? null),
  };
}

type ListedFields = Pick<OpportunityRow, 'type' | 'subType' | 'industry' | 'roundType' | 'category' | 'character'>;

/**
 * Type, sub-type, industry and round type are entries of the lookup lists (decision 0027); a value
 * the record already holds (or carried over from its deal) stays valid after the entry is retired.
 */
async function assertListedFields(tx: Db, input: Fields, held: Partial<ListedFields>): Promise<void> {
  await assertListed(tx, 'investment-types', 'type', input.type, held.type);
  await assertListed(tx, 'investment-sub-types', 'sub_type', input.sub_type, held.subType);
  await assertListed(tx, 'industries', 'industry', input.industry, held.industry);
  await assertListed(tx, 'investment-round-types', 'round_type', input.round_type, held.roundType);
  await assertListed(tx, 'investment-categories', 'category', input.category, held.category);
  await assertListed(tx, 'investment-characters', 'character', input.character, held.character);
}

/** A new opportunity is a Draft; an existing investment recorded after the fact starts Completed on its date. */
export async function createOpportunity(
  tx: Db,
  input: CreateOpportunityInput,
  createdBy: number | null,
  sourceDealId: number | null = null,
  completedAt: Date | null = null,
): Promise<OpportunityRow> {
  const errors = opportunityLimitErrors(mergedLimits(null, input));
  if (Object.keys(errors).length) throw validationError(errors);
  await assertListedFields(tx, input, sourceDealId ? { industry: input.industry } : {});
  const [row] = await tx
    .insert(investmentOpportunities)
    .values({
      ...columns(input),
      name: input.name,
      companyName: input.company_name,
      slug: await uniqueSlug(tx, input.name),
      status: completedAt ? OpportunityStatus.Completed : OpportunityStatus.Draft,
      completedAt,
      createdBy,
      sourceDealId,
    })
    .returning();
  return row;
}

/** How many investors hold a committed investment in the opportunity, each counted once. */
export async function committedInvestorCount(tx: Db, opportunityId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: countDistinct(investments.userId) })
    .from(investments)
    .where(
      and(
        eq(investments.opportunityId, opportunityId),
        inArray(investments.status, [...COMMITTED_STATUSES]),
        isNull(investments.deletedAt),
      ),
    );
  return n;
}

/** Count of investments that hold money in the opportunity (reserved, called, paid or completed). */
export async function committedCount(tx: Db, opportunityId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(investments)
    .where(
      and(
        eq(investments.opportunityId, opportunityId),
        inArray(investments.status, [...COMMITTED_STATUSES]),
        isNull(investments.deletedAt),
      ),
    );
  return Number(n);
}

const INPUT_TO_COLUMN: Record<(typeof LOCKED_TERMS_ONCE_INVESTED)[number], keyof OpportunityRow> = {
  currency: 'currency',
  share_price: 'sharePrice',
  minimum_investment: 'minimumInvestment',
  maximum_investment: 'maximumInvestment',
};

export async function updateOpportunity(
  tx: Db,
  id: number,
  input: UpdateOpportunityInput,
  now: Date,
): Promise<{ before: OpportunityRow; after: OpportunityRow }> {
  const before = await lockOpportunity(tx, id);
  if (input.draft_only && before.status !== OpportunityStatus.Draft)
    throw new AppError(
      'conflict',
      'This opportunity is no longer a draft, so it was not saved by itself. Save your changes with "Save changes".',
    );
  const errors = opportunityLimitErrors(mergedLimits(before, input));
  if (before.status !== OpportunityStatus.Draft && (await committedCount(tx, id)) > 0) {
    for (const field of LOCKED_TERMS_ONCE_INVESTED) {
      const value = input[field];
      if (value !== undefined && String(value ?? '') !== String(before[INPUT_TO_COLUMN[field]] ?? '')) {
        errors[field] = ['This term is fixed once investors have committed. Cancel their investments first, or clone the opportunity.'];
      }
    }
  }
  const cap = mergedLimits(before, input).maximum_raise ?? mergedLimits(before, input).target_raise;
  if (cap !== null && new Decimal(cap).lt(before.committedAmount)) {
    errors[input.maximum_raise !== undefined ? 'maximum_raise' : 'target_raise'] = [
      `Investors have already committed ${before.currency} ${before.committedAmount}: the raise cannot go below that.`,
    ];
  }
  if (Object.keys(errors).length) throw validationError(errors);
  await assertListedFields(tx, input, before);
  const [after] = await tx
    .update(investmentOpportunities)
    .set({ ...columns(input), updatedAt: now })
    .where(eq(investmentOpportunities.id, id))
    .returning();
  return { before, after };
}

/** What publishing needs: an investor must be able to see what they are investing in and within what limits. */
function publishErrors(row: OpportunityRow): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!row.targetRaise) errors.target_raise = ['Set the target raise before publishing.'];
  if (!row.minimumInvestment) errors.minimum_investment = ['Set the minimum investment before publishing.'];
  if (!row.summary && !row.description) errors.description = ['Describe the opportunity before publishing.'];
  return errors;
}

export interface TransitionResult {
  before: OpportunityRow;
  after: OpportunityRow;
  /** Investors to notify after commit, with the notification icon. */
  notify: { userIds: number[]; icon: 'investment_opportunity_invited' | 'investment_opportunity_transition_existing' } | null;
}

/** Moves an opportunity to another status under the rules of docs/decisions/0008. */
export async function transitionOpportunity(tx: Db, id: number, to: OpportunityStatusId, now: Date): Promise<TransitionResult> {
  const before = await lockOpportunity(tx, id);
  const from = before.status as OpportunityStatusId;
  if (from === to) return { before, after: before, notify: null };
  if (!canTransition(from, to)) {
    throw validationError({
      status: [`An opportunity cannot move from ${OPPORTUNITY_STATUS_LABELS[from]} to ${OPPORTUNITY_STATUS_LABELS[to]}.`],
    });
  }
  if (from === OpportunityStatus.Draft) {
    const errors = publishErrors(before);
    if (Object.keys(errors).length) throw validationError(errors, 'Complete the opportunity before publishing it.');
  }
  if (to === OpportunityStatus.Draft && (await committedCount(tx, id)) > 0) {
    throw validationError({ status: ['Investors have committed to this opportunity: it cannot go back to Draft. Close it instead.'] });
  }
  let notify: TransitionResult['notify'] = null;
  if (to === OpportunityStatus.Completed) {
    notify = { userIds: await completeOpportunityInvestments(tx, id, now), icon: 'investment_opportunity_transition_existing' };
  }
  if (to === OpportunityStatus.LiveInternal) {
    const invited = await tx
      .select({ userId: opportunityInvitations.userId })
      .from(opportunityInvitations)
      .where(eq(opportunityInvitations.opportunityId, id));
    notify = { userIds: invited.map((r) => r.userId), icon: 'investment_opportunity_invited' };
  }
  const [after] = await tx
    .update(investmentOpportunities)
    .set({
      status: to,
      updatedAt: now,
      publishedAt: before.publishedAt ?? (to === OpportunityStatus.LiveExternal || to === OpportunityStatus.LiveInternal ? now : null),
      completedAt: to === OpportunityStatus.Completed ? now : before.completedAt,
    })
    .where(eq(investmentOpportunities.id, id))
    .returning();
  await recordTriggerEvent(
    tx,
    'opportunity.status_changed',
    { opportunity_id: id, name: after.name, status: to, status_label: OPPORTUNITY_STATUS_LABELS[to], previous_status: from },
    now,
  );
  return { before, after, notify };
}

const CLONED_FIELDS = [
  'companyName',
  'type',
  'subType',
  'industry',
  'roundType',
  'category',
  'character',
  'currency',
  'targetRaise',
  'maximumRaise',
  'minimumInvestment',
  'maximumInvestment',
  'cashCallPaymentDays',
  'sharePrice',
  'preMoneyValuation',
  'opensAt',
  'closesAt',
  'taxRelief',
  'fees',
  'summary',
  'description',
  'keyPoints',
  'team',
  'keyDates',
  'marketSoundingRequired',
  'bankAccountName',
  'bankSortCode',
  'bankAccountNumber',
  'bankIban',
  'bankBic',
  'coverImage',
] as const satisfies ReadonlyArray<keyof OpportunityRow>;

/** A Draft copy of the content and the current terms (as version 1), with its gallery; no investments, invitations or history. */
export async function cloneOpportunity(tx: Db, id: number, createdBy: number): Promise<OpportunityRow> {
  const source = await findOpportunity(tx, id);
  if (!source) throw notFound('opportunity');
  const name = `Copy of ${source.name}`.slice(0, 200);
  const copy = Object.fromEntries(CLONED_FIELDS.map((field) => [field, source[field]])) as Partial<
    typeof investmentOpportunities.$inferInsert
  >;
  const [row] = await tx
    .insert(investmentOpportunities)
    .values({
      ...copy,
      name,
      companyName: source.companyName,
      slug: await uniqueSlug(tx, name),
      status: OpportunityStatus.Draft,
      termsVersion: source.termsVersion === null ? null : 1,
      createdBy,
    })
    .returning();
  // The current terms start the copy's history as its version 1.
  if (source.termsVersion !== null) {
    await tx.execute(sql`
      insert into ${termConditions} (opportunity_id, version, body, created_by)
      select ${row.id}, 1, ${termConditions.body}, ${createdBy} from ${termConditions}
      where ${termConditions.opportunityId} = ${source.id} and ${termConditions.version} = ${source.termsVersion}`);
  }
  const images = await tx
    .select()
    .from(opportunityImages)
    .where(and(eq(opportunityImages.opportunityId, id), isNull(opportunityImages.deletedAt)));
  if (images.length) {
    await tx
      .insert(opportunityImages)
      .values(
        images.map(({ storageKey, mimeType, caption, position }) => ({ opportunityId: row.id, storageKey, mimeType, caption, position })),
      );
  }
  return row;
}

/** A Draft opportunity from a pipeline deal, carrying its data over (issue 5: promote a deal). */
export async function promoteDeal(tx: Db, dealId: number, createdBy: number): Promise<OpportunityRow> {
  const draft = await draftOpportunityFromDeal(tx, dealId);
  return createOpportunity(
    tx,
    {
      name: draft.name,
      company_name: draft.company_name,
      industry: draft.industry,
      currency: draft.currency as CreateOpportunityInput['currency'],
      target_raise: draft.target_raise,
      pre_money_valuation: draft.pre_money_valuation,
      summary: draft.summary,
      description: draft.description,
      key_dates: draft.key_dates,
    },
    createdBy,
    draft.source_deal_id,
  );
}

/** Only an opportunity nobody holds money in may be deleted (soft). */
export async function deleteOpportunity(tx: Db, id: number, now: Date): Promise<{ before: OpportunityRow; after: OpportunityRow }> {
  const before = await lockOpportunity(tx, id);
  if ((await committedCount(tx, id)) > 0)
    throw validationError({ opportunity: ['Investors have committed to this opportunity: cancel their investments before deleting it.'] });
  const [after] = await tx
    .update(investmentOpportunities)
    .set({ deletedAt: now, updatedAt: now })
    .where(eq(investmentOpportunities.id, id))
    .returning();
  return { before, after };
}

/** Invites investors (role User, live accounts) to a Live - Internal opportunity; returns the newly invited. */
export async function inviteInvestors(tx: Db, id: number, userIds: number[], invitedBy: number): Promise<number[]> {
  await lockOpportunity(tx, id);
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.roleId, Role.User), isNull(users.deletedAt)));
  const known = new Set(found.map((u) => u.id));
  const unknown = userIds.filter((u) => !known.has(u));
  if (unknown.length) throw validationError({ user_ids: [`Not investors: ${unknown.join(', ')}.`] });
  const inserted = await tx
    .insert(opportunityInvitations)
    .values([...known].map((userId) => ({ opportunityId: id, userId, invitedBy })))
    .onConflictDoNothing()
    .returning({ userId: opportunityInvitations.userId });
  return inserted.map((r) => r.userId);
}

export async function uninviteInvestor(tx: Db, id: number, userId: number): Promise<void> {
  const removed = await tx
    .delete(opportunityInvitations)
    .where(and(eq(opportunityInvitations.opportunityId, id), eq(opportunityInvitations.userId, userId)))
    .returning({ id: opportunityInvitations.id });
  if (!removed.length) throw notFound('invitation');
}

/** The public documents of an opportunity, for the investor page. */
export function publicDocumentsOf(db: Db, opportunityId: number) {
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.subjectType, 'opportunity'),
        eq(documents.subjectId, opportunityId),
        eq(documents.visibility, 'public'),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(asc(documents.name));
}

/** The investors invited to an opportunity, by name. */
export async function invitationsOf(db: Db, opportunityId: number) {
  const rows = await db
    .select({ user_id: users.id, name: users.name, email: users.email, invited_at: opportunityInvitations.createdAt })
    .from(opportunityInvitations)
    .innerJoin(users, eq(users.id, opportunityInvitations.userId))
    .where(eq(opportunityInvitations.opportunityId, opportunityId))
    .orderBy(asc(users.name));
  return rows.map((r) => ({ ...r, invited_at: r.invited_at.toISOString() }));
}
