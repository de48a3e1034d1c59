import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TermCondition } from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentOpportunities, investments, termConditionAcceptances, termConditions, users } from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { richTextToPlain, sanitizeRichText } from '../../platform/sanitize';
import { insertNotificationsFor } from '../../shared/notifications';
import { lockOpportunityRow, type OpportunityRow } from '../../shared/opportunity-visibility';
import { TERMS_ASKED_STATUSES, type TermConditionRow } from '../../shared/term-conditions';
import { escapeHtml } from '../../platform/html';

/** Rich text as stored: sanitised, and never empty once sanitised. */
function cleanBody(body: string): string {
  const clean = sanitizeRichText(body);
  if (!richTextToPlain(clean).trim()) throw validationError({ body: ['Write the terms investors accept.'] });
  return clean;
}

export async function findVersion(db: Db, id: number): Promise<TermConditionRow> {
  const [row] = await db.select().from(termConditions).where(eq(termConditions.id, id));
  if (!row) throw notFound('terms');
  return row;
}

/** The opportunity's versions, newest first, each with how many investments accepted it. */
export async function listVersions(db: Db, opportunity: Pick<OpportunityRow, 'id' | 'termsVersion'>): Promise<TermCondition[]> {
  const rows = await db
    .select({
      row: termConditions,
      creator: users.name,
      acceptances: sql<number>`(select count(*)::int from ${termConditionAcceptances} where ${termConditionAcceptances.termConditionId} = ${termConditions.id})`,
    })
    .from(termConditions)
    .leftJoin(users, eq(users.id, termConditions.createdBy))
    .where(eq(termConditions.opportunityId, opportunity.id))
    .orderBy(desc(termConditions.version));
  return rows.map(({ row, creator, acceptances }) => presentVersion(row, opportunity.termsVersion, Number(acceptances), creator));
}

export function presentVersion(
  row: TermConditionRow,
  currentVersion: number | null,
  acceptances: number,
  creator: string | null,
): TermCondition {
  return {
    id: row.id,
    opportunity_id: row.opportunityId,
    version: row.version,
    body: row.body,
    current: row.version === currentVersion,
    acceptances,
    editable: acceptances === 0,
    created_by: row.createdBy !== null && creator !== null ? { id: row.createdBy, name: creator } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function acceptancesOf(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(termConditionAcceptances).where(eq(termConditionAcceptances.termConditionId, id));
  return row.n;
}

/**
 * Publishes the next version of the opportunity's terms under the opportunity's row lock (a
 * reservation accepting the previous version waits, then finds it stale). When investors are asked
 * to accept terms, each holder of an unpaid investment in it is notified in the same transaction.
 */
export async function publishVersion(tx: Db, p: { opportunityId: number; body: string; userId: number; now: Date; askInvestors: boolean }) {
  const opportunity = await lockOpportunityRow(tx, p.opportunityId);
  if (!opportunity) throw notFound('opportunity');
  const version = (opportunity.termsVersion ?? 0) + 1;
  const [row] = await tx
    .insert(termConditions)
    .values({ opportunityId: opportunity.id, version, body: cleanBody(p.body), createdBy: p.userId, createdAt: p.now, updatedAt: p.now })
    .returning();
  await tx
    .update(investmentOpportunities)
    .set({ termsVersion: version, updatedAt: p.now })
    .where(eq(investmentOpportunities.id, opportunity.id));
  const asked = sql`select distinct ${investments.userId} as user_id from ${investments}
    where ${and(
      eq(investments.opportunityId, opportunity.id),
      inArray(investments.status, [...TERMS_ASKED_STATUSES]),
      isNull(investments.deletedAt),
    )}`;
  const notes = p.askInvestors
    ? await insertNotificationsFor(tx, asked, {
        message: `The investment terms of <strong>${escapeHtml(opportunity.name)}</strong> have changed. Read version ${version} and accept it for your investment.`,
        icon: 'investment_terms',
        cta: `/investor/investments/${opportunity.slug}`,
      })
    : [];
  return { row, opportunity: { ...opportunity, termsVersion: version }, notes };
}

/** Corrects a version no investor has accepted; an accepted version answers 409. */
export async function correctVersion(tx: Db, row: TermConditionRow, body: string, now: Date): Promise<TermConditionRow> {
  if ((await acceptancesOf(tx, row.id)) > 0)
    throw new AppError(
      'conflict',
      `Version ${row.version} has been accepted by investors and cannot change. Publish a new version instead.`,
    );
  const [updated] = await tx
    .update(termConditions)
    .set({ body: cleanBody(body), updatedAt: now })
    .where(eq(termConditions.id, row.id))
    .returning();
  return updated;
}

/** Every acceptance the investor gave, newest first, with the text they accepted. */
export async function acceptancesOfInvestor(db: Db, userId: number) {
  const rows = await db
    .select({
      id: termConditionAcceptances.id,
      investmentId: termConditionAcceptances.investmentId,
      acceptedAt: termConditionAcceptances.acceptedAt,
      version: termConditions.version,
      body: termConditions.body,
      opportunity: { id: investmentOpportunities.id, name: investmentOpportunities.name, slug: investmentOpportunities.slug },
    })
    .from(termConditionAcceptances)
    .innerJoin(termConditions, eq(termConditions.id, termConditionAcceptances.termConditionId))
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, termConditions.opportunityId))
    .where(eq(termConditionAcceptances.userId, userId))
    .orderBy(desc(termConditionAcceptances.acceptedAt), desc(termConditionAcceptances.id));
  return rows.map((r) => ({
    id: r.id,
    investment_id: r.investmentId,
    accepted_at: r.acceptedAt.toISOString(),
    version: r.version,
    body: r.body,
    opportunity: r.opportunity,
  }));
}
