import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
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

/** What the last lists may hold in memory, per app instance, at about 1 KB a holding in the heap. */
const ANSWER_BYTES = 64 * 1024 * 1024;
const BYTES_PER_HOLDING = 1024;

/**
 * The investor's live portfolio list, from what was kept (decision 0071).
 *
 * - **Per holding**: its figures depend only on its company's records (its investments, holders'
 *   proceeds, share prices, valuations, outcomes: every write to them bumps
 *   `book_companies.version`, decision 0047), the opportunity's round price and the day. One
 *   prepared query reads the holdings with their kept figures; those out of date (a write since,
 *   a new day, a new holding) are computed by `valueHoldings`, the same code as every statement,
 *   and kept in `holding_figures` for the next request.
 * - **The whole list**: a digest of everything it is made of (each held company's id, version, round
 *   price, names, status, currency and count of investments) is one small query; while it and the
 *   day are unchanged, the list built last time is answered again, not rebuilt from 500 rows.
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
  const readHoldings = db
    .select({
      opportunity: {
        id: o.id,
        name: o.name,
        slug: o.slug,
        companyName: o.companyName,
        status: o.status,
        currency: o.currency,
        sharePrice: o.sharePrice,
      },
      investmentsCount: held.count,
      companyVersion: bookCompanies.version,
      kept: { companyVersion: k.companyVersion, valuedOn: k.valuedOn, roundPrice: k.roundPrice, figures: k.figures },
    })
    .from(held)
    .innerJoin(o, and(eq(o.id, held.opportunityId), isNull(o.deletedAt)))
    .leftJoin(bookCompanies, eq(bookCompanies.opportunityId, held.opportunityId))
    .leftJoin(k, and(eq(k.userId, userId), eq(k.opportunityId, held.opportunityId)))
    .orderBy(asc(o.name), asc(o.id))
    .prepare('portfolio_holdings');
  // Everything the answer is made of, per held company, hashed by type and summed: one row whatever
  // the number of holdings, and no sort. A sum of 64-bit hashes with the count changes with any row.
  const readDigest = db
    .select({
      digest: sql<string>`count(*) || ':' || coalesce(sum(hash_record_extended((${o.id}, ${bookCompanies.version}, ${o.sharePrice}, ${o.name},
        ${o.slug}, ${o.companyName}, ${o.status}, ${o.currency}, ${held.count}), 0)), 0)`,
    })
    .from(held)
    .innerJoin(o, and(eq(o.id, held.opportunityId), isNull(o.deletedAt)))
    .leftJoin(bookCompanies, eq(bookCompanies.opportunityId, held.opportunityId))
    .prepare('portfolio_digest');
  const answers = new LRUCache<number, { key: string; portfolio: Portfolio }>({
    maxSize: ANSWER_BYTES,
    sizeCalculation: (answer) => BYTES_PER_HOLDING * (answer.portfolio.data.length + 1),
  });

  /**
   * The list, kept per investor while its digest and the day are unchanged. The digest is read
   * before the holdings: a write in between changes the digest the next request reads, so that
   * request builds the list again.
   */
  async function currentPortfolio(investorId: number, now: Date): Promise<Portfolio> {
    const [{ digest }] = await readDigest.execute({ userId: investorId });
    const key = `${isoDay(now)}|${digest}`;
    const known = answers.get(investorId);
    if (known?.key === key) return known.portfolio;
    const portfolio = await loadCurrentPortfolio(investorId, now);
    answers.set(investorId, { key, portfolio });
    return portfolio;
  }

  async function loadCurrentPortfolio(investorId: number, now: Date): Promise<Portfolio> {
    const today = isoDay(now);
    const rows = (await readHoldings.execute({ userId: investorId })) as HeldRow[];
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
  }

  return currentPortfolio;
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
