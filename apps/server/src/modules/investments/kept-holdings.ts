import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { HoldingListFigures, Portfolio } from '@platform/domain';
import type { Db } from '../../db/client';
import { bookCompanies, holdingFigures, investmentOpportunities, investments } from '../../db/schema';
import { heldInvestment, type HoldingOpportunity, isoDay, presentHolding, totalsByCurrency, valueHoldings } from './portfolio';

type Computed = Awaited<ReturnType<typeof valueHoldings>>;

/** A holding as the list reads it: the opportunity, and the figures kept for it if any. */
interface HeldRow {
  opportunity: HoldingOpportunity;
  investmentsCount: number;
  companyVersion: number | null;
  kept: { companyVersion: number; valuedOn: string; roundPrice: string | null; figures: HoldingListFigures } | null;
}

/**
 * The investor's live portfolio list from the figures kept per holding (decision 0071). A holding's
 * figures depend only on its company's records (its investments, holders' proceeds, share prices,
 * valuations, outcomes: every write to them bumps `book_companies.version`, decision 0047), the
 * opportunity's round price and the day. One prepared query reads the holdings with their kept
 * figures; those out of date — a write since, a new day, a new holding — are computed by
 * `valueHoldings`, the same code as every statement, and kept for the next request.
 */
export function createPortfolioReader(db: Db) {
  const userId = sql.placeholder('userId');
  const held = db
    .select({ opportunityId: investments.opportunityId, count: sql<number>`count(*)::int`.as('investments_count') })
    .from(investments)
    .where(and(eq(investments.userId, userId), heldInvestment))
    .groupBy(investments.opportunityId)
    .as('held');
  const o = investmentOpportunities;
  const k = holdingFigures;
  // One row holding a JSON array: mapping 500 rows of a dozen columns cost more than the query.
  const readHoldings = db
    .select({
      holdings: sql<HeldRow[]>`coalesce(json_agg(json_build_object(
        'opportunity', json_build_object('id', ${o.id}, 'name', ${o.name}, 'slug', ${o.slug}, 'companyName', ${o.companyName},
          'status', ${o.status}, 'currency', ${o.currency}, 'sharePrice', ${o.sharePrice}::text),
        'investmentsCount', ${held.count},
        'companyVersion', ${bookCompanies.version},
        'kept', case when ${k.userId} is null then null else json_build_object(
          'companyVersion', ${k.companyVersion}, 'valuedOn', ${k.valuedOn}, 'roundPrice', ${k.roundPrice}, 'figures', ${k.figures}) end
      ) order by ${o.name}, ${o.id}), '[]')`,
    })
    .from(held)
    .innerJoin(o, and(eq(o.id, held.opportunityId), isNull(o.deletedAt)))
    .leftJoin(bookCompanies, eq(bookCompanies.opportunityId, held.opportunityId))
    .leftJoin(k, and(eq(k.userId, userId), eq(k.opportunityId, held.opportunityId)))
    .prepare('portfolio_holdings');

  return async function loadCurrentPortfolio(investorId: number, now: Date): Promise<Portfolio> {
    const today = isoDay(now);
    const [{ holdings: rows }] = await readHoldings.execute({ userId: investorId });
    const current = (r: HeldRow) =>
      r.kept !== null &&
      r.kept.companyVersion === r.companyVersion &&
      r.kept.valuedOn === today &&
      r.kept.roundPrice === r.opportunity.sharePrice;
    // The version is read before the records it is stored with: a write in between leaves the row
    // behind its company's version, so the next request computes it again.
    const versions = new Map(rows.filter((r) => !current(r)).map((r) => [r.opportunity.id, r.companyVersion]));
    const computed = versions.size ? await valueHoldings(db, investorId, now, { opportunityIds: [...versions.keys()] }) : [];
    await keep(db, investorId, today, computed, versions);
    const computedBy = new Map(computed.map((h) => [h.opportunity.id, h]));

    const holdings = rows.flatMap((r) => {
      if (current(r)) return [presentHolding(r.opportunity, r.investmentsCount, r.kept!.figures)];
      // A holding that ended between the two reads is no longer listed.
      const fresh = computedBy.get(r.opportunity.id);
      return fresh ? [presentHolding(fresh.opportunity, fresh.investmentsCount, fresh.figures)] : [];
    });
    return { data: holdings, totals: totalsByCurrency(holdings) };
  };
}

/** Stores computed figures, in company order so two requests for one investor queue rather than deadlock. */
async function keep(db: Db, userId: number, today: string, computed: Computed, versions: Map<number, number | null>) {
  const rows = computed
    .filter((h) => versions.get(h.opportunity.id) != null)
    .sort((a, b) => a.opportunity.id - b.opportunity.id)
    .map(({ opportunity, figures }) => ({
      userId,
      opportunityId: opportunity.id,
      companyVersion: versions.get(opportunity.id)!,
      valuedOn: today,
      roundPrice: opportunity.sharePrice,
      figures,
    }));
  if (!rows.length) return;
  // Every column but the key takes the new value.
  const { userId: _u, opportunityId: _o, ...columns } = getTableColumns(holdingFigures);
  await db
    .insert(holdingFigures)
    .values(rows)
    .onConflictDoUpdate({
      target: [holdingFigures.userId, holdingFigures.opportunityId],
      set: Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)])),
    });
}
