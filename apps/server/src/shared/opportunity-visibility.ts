import { and, eq, exists, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { OpportunityStatus } from '@platform/domain';
import type { Db } from '../db/client';
import { investmentOpportunities, investments, marketSoundingAcceptances, opportunityInvitations } from '../db/schema';
import { AppError, notFound } from '../platform/errors';
import { flagOn, loadSettings } from './settings';

export type OpportunityRow = typeof investmentOpportunities.$inferSelect;

export async function findOpportunity(db: Db, id: number): Promise<OpportunityRow | undefined> {
  const [row] = await db
    .select()
    .from(investmentOpportunities)
    .where(and(eq(investmentOpportunities.id, id), isNull(investmentOpportunities.deletedAt)));
  return row;
}

/**
 * The live opportunity, locked (FOR UPDATE) for the rest of the transaction: status changes and
 * every change of committed money on one opportunity queue behind each other (docs/decisions/0008).
 */
export async function lockOpportunityRow(tx: Db, id: number): Promise<OpportunityRow | undefined> {
  const [row] = await tx
    .select()
    .from(investmentOpportunities)
    .where(and(eq(investmentOpportunities.id, id), isNull(investmentOpportunities.deletedAt)))
    .for('update');
  return row;
}

/**
 * What an investor may see (docs/decisions/0008): Live - External to every investor; Live -
 * Internal to those invited; Closed, Completed and Matured to those who hold a live investment in
 * it; a Draft never. Every investor-facing query of opportunities goes through this condition.
 */
export function visibleToInvestor(userId: number): SQL {
  const holds = exists(
    sql`(select 1 from ${investments} where ${investments.opportunityId} = ${investmentOpportunities.id} and ${investments.userId} = ${userId} and ${investments.status} <> 'cancelled' and ${investments.type} <> 'private_manual' and ${investments.deletedAt} is null)`,
  );
  const invited = exists(
    sql`(select 1 from ${opportunityInvitations} where ${opportunityInvitations.opportunityId} = ${investmentOpportunities.id} and ${opportunityInvitations.userId} = ${userId})`,
  );
  return and(
    isNull(investmentOpportunities.deletedAt),
    ne(investmentOpportunities.status, OpportunityStatus.Draft),
    or(
      eq(investmentOpportunities.status, OpportunityStatus.LiveExternal),
      and(eq(investmentOpportunities.status, OpportunityStatus.LiveInternal), invited),
      and(
        inArray(investmentOpportunities.status, [
          OpportunityStatus.LiveInternal,
          OpportunityStatus.Closed,
          OpportunityStatus.Completed,
          OpportunityStatus.Matured,
        ]),
        holds,
      ),
    ),
  )!;
}

/** An opportunity by id or slug, if this investor may see it; otherwise 404 (never 403: its existence is not disclosed). */
export async function findVisibleOpportunity(db: Db, userId: number, idOrSlug: number | string): Promise<OpportunityRow> {
  const key = typeof idOrSlug === 'number' ? eq(investmentOpportunities.id, idOrSlug) : eq(investmentOpportunities.slug, idOrSlug);
  const [row] = await db
    .select()
    .from(investmentOpportunities)
    .where(and(key, visibleToInvestor(userId)));
  if (!row) throw notFound('opportunity');
  return row;
}

/** Whether this investor still has to accept market sounding before seeing the opportunity's content. */
export async function marketSoundingPending(db: Db, userId: number, opportunity: OpportunityRow): Promise<boolean> {
  return (await marketSoundingPendingIds(db, userId, [opportunity])).has(opportunity.id);
}

/** Refuses with 403 `market_sounding_required` until the investor has been wall-crossed. */
export async function assertMarketSoundingAccepted(db: Db, userId: number, opportunity: OpportunityRow): Promise<void> {
  if (await marketSoundingPending(db, userId, opportunity)) {
    throw new AppError('forbidden', 'Accept the market sounding before viewing this opportunity.', {
      market_sounding: [`/investor/investments/market-sounding/${opportunity.id}`],
    });
  }
}

/** Of a page of opportunities, the ids this investor must still accept market sounding for (one query). */
export async function marketSoundingPendingIds(db: Db, userId: number, rows: OpportunityRow[]): Promise<Set<number>> {
  const required = rows.filter((r) => r.marketSoundingRequired).map((r) => r.id);
  if (!required.length || !flagOn(await loadSettings(db), 'market_sounding_enabled')) return new Set();
  const accepted = await db
    .select({ id: marketSoundingAcceptances.opportunityId })
    .from(marketSoundingAcceptances)
    .where(and(eq(marketSoundingAcceptances.userId, userId), inArray(marketSoundingAcceptances.opportunityId, required)));
  const done = new Set(accepted.map((a) => a.id));
  return new Set(required.filter((id) => !done.has(id)));
}
