import Decimal from 'decimal.js';
import { and, asc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  groupBy,
  investorHoldingLabel,
  investorStatusLabel,
  sumAmounts,
  sumDecimals,
  compareDecimals,
  toAmount,
  valueHolding,
  type CompanyPriceHistory,
  type HoldingDetail,
  type HoldingListFigures,
  type Portfolio,
  type HoldingRealisation,
  type InvestmentStatus,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentOpportunities, investments } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { hasHistory, loadPriceHistories } from '../performance';
import { loadRealisations, realisationFlow } from '../performance';
import { loadCurrentPriceHistories } from '../performance';
import type { InvestmentRow } from './presenter';

/**
 * The investor's portfolio (spec §2.3 /investor/portfolio): paid and completed investments grouped
 * per opportunity and valued at the opportunity's share price. A holding without a price (or with
 * investments that bought no whole share) is held at cost. Figures are exact decimals.
 */
const HELD: InvestmentStatus[] = ['paid', 'completed'];

export interface HoldingOpportunity {
  id: number;
  name: string;
  slug: string;
  companyName: string;
  status: number;
  currency: string;
  sharePrice: string | null;
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The columns a holding and its page show: mapping every column of hundreds of rows was a fifth of the list's time. */
const heldColumns = {
  id: investments.id,
  holderType: investments.holderType,
  type: investments.type,
  status: investments.status,
  amount: investments.amount,
  currency: investments.currency,
  shares: investments.shares,
  sharePrice: investments.sharePrice,
  paidAt: investments.paidAt,
  completedAt: investments.completedAt,
  createdAt: investments.createdAt,
};
type HeldRow = Pick<InvestmentRow, keyof typeof heldColumns>;

function measure(
  rows: HeldRow[],
  realisations: readonly HoldingRealisation[],
  sharePrice: string | null,
  asOf: Date,
  history: CompanyPriceHistory | undefined,
  withIrr: boolean,
): HoldingListFigures & { irr: string | null } {
  const cost = rows.reduce((total, r) => total.plus(r.amount), new Decimal(0));
  const allShares = rows.every((r) => r.shares !== null && new Decimal(r.shares).gt(0));
  const shares = rows.every((r) => r.shares !== null) ? rows.reduce((total, r) => total.plus(r.shares!), new Decimal(0)).toFixed(6) : null;
  const hasPrice = sharePrice !== null && new Decimal(sharePrice).gt(0);
  if (!allShares || !(hasPrice || hasHistory(history))) {
    return {
      cost: toAmount(cost),
      shares,
      share_price: sharePrice,
      current_value: toAmount(cost),
      realised: '0.00',
      gain: '0.00',
      multiple: cost.gt(0) ? '1.00' : null,
      irr: null,
      valued_at: 'cost' as const,
    };
  }
  const dates = rows.map((r) => isoDay(r.paidAt ?? r.createdAt));
  // The price is today's; an investment dated later than the app clock (clock skew) still counts.
  const day = [isoDay(asOf), ...dates].sort().at(-1)!;
  const flows = { investments: rows.map((r, i) => ({ date: dates[i], amount: r.amount, shares: r.shares! })), realisations };
  // A company with a recorded price history is valued by it (decision 0006); otherwise at the round's price.
  const performance = valueHolding(
    flows,
    history && hasHistory(history) ? history : { sharePrices: [{ date: day, price: sharePrice! }] },
    day,
    { irr: withIrr },
  );
  return {
    cost: performance.cost,
    // Shares still held: those sold are in realised.
    shares: new Decimal(performance.sharesHeld).toFixed(6),
    share_price: performance.mark?.pricePerShare ?? sharePrice,
    current_value: performance.currentValue,
    realised: performance.realised,
    gain: performance.gain,
    multiple: performance.moic,
    irr: performance.irr,
    valued_at: 'share_price' as const,
  };
}

export function presentHolding<F extends HoldingListFigures>(opportunity: HoldingOpportunity, investmentsCount: number, measured: F) {
  return {
    opportunity_id: opportunity.id,
    opportunity: {
      id: opportunity.id,
      name: opportunity.name,
      slug: opportunity.slug,
      company_name: opportunity.companyName,
      status: opportunity.status,
      status_label: investorHoldingLabel(opportunity.status, {
        valuedAtPrice: measured.valued_at === 'share_price',
        currentValue: measured.current_value,
        realised: measured.realised,
      }),
    },
    currency: opportunity.currency,
    investments_count: investmentsCount,
    ...measured,
  };
}

export type Holding = ReturnType<typeof presentHolding<HoldingListFigures>>;

export function totalsByCurrency(holdings: Holding[]) {
  return [...groupBy(holdings, (h) => h.currency)].map(([currency, held]) => {
    // Summed on BigInt: a Decimal per figure was a tenth of a 500-holding list's time (bench/portfolio.ts).
    const sum = (figure: 'cost' | 'current_value' | 'realised') =>
      sumDecimals(
        held.map((h) => h[figure]),
        2,
      );
    const cost = sum('cost');
    const returned = sumDecimals([sum('current_value'), sum('realised')], 2);
    return {
      currency,
      cost,
      current_value: sum('current_value'),
      realised: sum('realised'),
      gain: sumDecimals([returned, new Decimal(cost).neg().toFixed()], 2),
      multiple: compareDecimals(cost, 0) === 0 ? null : new Decimal(returned).div(cost).toFixed(2, Decimal.ROUND_HALF_UP),
    };
  });
}

/** The day an investment counts from: when it was paid, or entered when no payment date is recorded. */
const investedOn = sql<string>`((coalesce(${investments.paidAt}, ${investments.createdAt}) at time zone 'UTC')::date)`;

/** An investment that is part of what the investor holds: paid or completed, neither a private record nor deleted. */
export const heldInvestment = and(inArray(investments.status, HELD), ne(investments.type, 'private_manual'), isNull(investments.deletedAt));

const holdingOpportunityColumns = {
  id: investmentOpportunities.id,
  name: investmentOpportunities.name,
  slug: investmentOpportunities.slug,
  companyName: investmentOpportunities.companyName,
  status: investmentOpportunities.status,
  currency: investmentOpportunities.currency,
  sharePrice: investmentOpportunities.sharePrice,
};

/** The investor's holdings, in all companies or some, with the investments that make each up. */
async function loadHeld(db: Db, userId: number, of: { opportunityIds?: readonly number[]; heldOn?: string } = {}) {
  const rows = await db
    .select({ investment: heldColumns, opportunity: holdingOpportunityColumns })
    .from(investments)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
    .where(
      and(
        eq(investments.userId, userId),
        heldInvestment,
        isNull(investmentOpportunities.deletedAt),
        of.opportunityIds === undefined ? undefined : inArray(investments.opportunityId, [...of.opportunityIds]),
        of.heldOn === undefined ? undefined : lte(investedOn, of.heldOn),
      ),
    )
    .orderBy(asc(investmentOpportunities.name), asc(investmentOpportunities.id), asc(investments.createdAt), asc(investments.id));
  const groups = new Map<number, { opportunity: HoldingOpportunity; rows: HeldRow[] }>();
  for (const { investment, opportunity } of rows) {
    const group = groups.get(opportunity.id) ?? { opportunity, rows: [] };
    group.rows.push(investment);
    groups.set(opportunity.id, group);
  }
  return [...groups.values()];
}

/** The investor's realised proceeds per company (every line they hold through), in all companies or one. */
async function realisationsOf(db: Db, userId: number, opportunityId?: number): Promise<Map<number, HoldingRealisation[]>> {
  const byCompany = new Map<number, HoldingRealisation[]>();
  for (const r of await loadRealisations(db, { userId, opportunityId }))
    byCompany.set(r.opportunityId, [...(byCompany.get(r.opportunityId) ?? []), realisationFlow(r)]);
  return byCompany;
}

/**
 * The investor's holdings valued on `asOf`, computed from every record: in all companies, or in
 * `opportunityIds`; with `heldOn` (a statement's as-at day) only investments made by the end of that
 * day count. The list leaves each holding's IRR out: solving it for each of hundreds of holdings was
 * most of the list's time (bench/portfolio.ts); it is on the holding's own page.
 */
export async function valueHoldings(db: Db, userId: number, asOf: Date, of: { opportunityIds?: readonly number[]; heldOn?: string } = {}) {
  const [groups, realisations] = await Promise.all([loadHeld(db, userId, of), realisationsOf(db, userId)]);
  // Only the record that prices each company today: hundreds of full histories would be thousands of rows.
  const histories = await loadCurrentPriceHistories(
    db,
    groups.map((g) => g.opportunity.id),
    isoDay(asOf),
  );
  return groups.map((g) => {
    const { irr: _notListed, ...figures } = measure(
      g.rows,
      realisations.get(g.opportunity.id) ?? [],
      g.opportunity.sharePrice,
      asOf,
      histories.get(g.opportunity.id),
      false,
    );
    return { opportunity: g.opportunity, investmentsCount: g.rows.length, figures };
  });
}

/**
 * The investor's portfolio on `asOf`, computed from every record (statements; the live list reads
 * the figures kept per holding, ./kept-holdings.ts). With `heldOn` (a statement's as-at day) only
 * investments made by the end of that day count; the live page leaves it out, so an investment
 * stamped a moment after the app clock (clock skew) still shows.
 */
export async function loadPortfolio(db: Db, userId: number, asOf: Date, heldOn?: string): Promise<Portfolio> {
  const holdings = (await valueHoldings(db, userId, asOf, { heldOn })).map((h) =>
    presentHolding(h.opportunity, h.investmentsCount, h.figures),
  );
  return { data: holdings, totals: totalsByCurrency(holdings) };
}

/** What the investor holds in one opportunity at cost (its paid and completed investments); "0.00" before any. */
export async function investedIn(db: Db, userId: number, opportunityId: number): Promise<string> {
  const [group] = await loadHeld(db, userId, { opportunityIds: [opportunityId] });
  return sumAmounts(group?.rows.map((r) => r.amount) ?? []);
}

/** One holding with the investments that make it up; 404 when the investor holds nothing in it. */
export async function loadHolding(db: Db, userId: number, opportunityId: number, asOf: Date): Promise<HoldingDetail> {
  const [group] = await loadHeld(db, userId, { opportunityIds: [opportunityId] });
  if (!group) throw notFound('holding');
  const realisations = (await realisationsOf(db, userId, opportunityId)).get(opportunityId) ?? [];
  const history = (await loadPriceHistories(db, [opportunityId])).get(opportunityId);
  return {
    ...presentHolding(
      group.opportunity,
      group.rows.length,
      measure(group.rows, realisations, group.opportunity.sharePrice, asOf, history, true),
    ),
    investments: group.rows.map((r) => ({
      id: r.id,
      holder_type: r.holderType,
      type: r.type,
      status: r.status,
      status_label: investorStatusLabel(r.status as InvestmentStatus),
      amount: r.amount,
      currency: r.currency,
      shares: r.shares,
      share_price: r.sharePrice,
      paid_at: r.paidAt?.toISOString() ?? null,
      completed_at: r.completedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
