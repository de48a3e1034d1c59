import type Decimal from 'decimal.js';
import { and, between, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  SCREENING_STATES,
  type ScreeningState,
  type AmlCount,
  APPROPRIATENESS_STATES,
  type AverageInvestmentAmount,
  type ComplianceCount,
  type CurrencyAmount,
  decimal,
  INVESTOR_CATEGORIES,
  type InvestorCategorisationStats,
  type InvestorCountByDate,
  KYC_STATUSES,
  type LiveOpportunityCount,
  OpportunityStatus,
  type PipelineStageValue,
  Role,
  toAmount,
  type TotalInvestmentValue,
  type TrioBreakdown,
  type UserCountStats,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentOpportunities, investorScreenings, screeningMatches, users } from '../../db/schema';
import { rowsOf } from '../performance';

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_DAYS = 90;

/** Accounts by kind, and investors who have not confirmed their address or accepted the current terms. */
export async function countUsers(db: Db, termsVersion: number): Promise<UserCountStats> {
  const investor = and(eq(users.roleId, Role.User), isNull(users.deletedAt));
  const [row] = await db
    .select({
      investors: sql<number>`count(*) filter (where ${investor})`.mapWith(Number),
      staff: sql<number>`count(*) filter (where ${users.roleId} <> ${Role.User} and ${users.deletedAt} is null)`.mapWith(Number),
      verified_investors: sql<number>`count(*) filter (where ${investor} and ${users.emailVerifiedAt} is not null)`.mapWith(Number),
      pending_terms: sql<number>`count(*) filter (where ${investor} and ${users.acceptedTermsVersion} < ${termsVersion})`.mapWith(Number),
    })
    .from(users);
  return { ...row, unverified_investors: row.investors - row.verified_investors };
}

/** New investors per day over the last 90 days up to `now`. */
export async function investorsByDate(db: Db, now: Date): Promise<InvestorCountByDate> {
  const today = new Date(now.toISOString().slice(0, 10));
  const from = new Date(today.getTime() - (HISTORY_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, count: count() })
    .from(users)
    .where(
      and(
        eq(users.roleId, Role.User),
        isNull(users.deletedAt),
        gte(users.createdAt, from),
        lt(users.createdAt, new Date(today.getTime() + DAY_MS)),
      ),
    )
    .groupBy(day);
  const counts = new Map(rows.map((r) => [r.date, Number(r.count)]));
  // Every day of the window appears, zero included, so the chart has no gaps.
  return Array.from({ length: HISTORY_DAYS }, (_, i) => {
    const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: counts.get(date) ?? 0 };
  });
}

/** Investments that count as money committed: not cancelled, not deleted, into a live record. */
const COMMITTED = sql`i.deleted_at is null and i.status <> 'cancelled' and o.deleted_at is null`;
/** The same of the kept totals (`investment_totals`), which hold only investments not deleted (decision 0076). */
const KEPT_COMMITTED = sql`t.status <> 'cancelled' and o.deleted_at is null`;

interface CurrencyAmountRow extends Record<string, unknown> {
  currency: string;
  amount: string;
}

const presentAmounts = (rows: CurrencyAmountRow[]): CurrencyAmount[] =>
  rows.map((r) => ({ currency: r.currency, amount: toAmount(r.amount) }));

/** The first instant of `now`'s calendar month in UTC: the period the overview reports on. */
export function periodStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Money invested per currency, all time and this period. */
export async function totalInvestmentValue(db: Db, now: Date): Promise<TotalInvestmentValue> {
  const start = periodStart(now);
  const received = sql`i.status in ('paid', 'completed')`;
  // All time from the kept totals; this period from the period's own investments, found by index
  // (investments_created_idx, investments_received_on_idx).
  const rows = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      with kept as (
        select t.currency, sum(t.investments) as investments,
          sum(t.amount) as committed,
          coalesce(sum(t.amount) filter (where t.status in ('paid', 'completed')), 0) as received,
          coalesce(sum(t.amount) filter (where t.status = 'cash_call'), 0) as cash_call_outstanding
        from investment_totals t join investment_opportunities o on o.id = t.opportunity_id
        where ${KEPT_COMMITTED}
        group by t.currency having sum(t.investments) > 0
      ), recent as (
        select i.currency,
          coalesce(sum(i.amount) filter (where i.created_at >= ${start}), 0) as committed_this_period,
          coalesce(sum(i.amount) filter (where ${received} and coalesce(i.paid_at, i.created_at) >= ${start}), 0) as received_this_period
        from investments i join investment_opportunities o on o.id = i.opportunity_id
        where ${COMMITTED}
          and (i.created_at >= ${start} or (${received} and i.deleted_at is null and coalesce(i.paid_at, i.created_at) >= ${start}))
        group by i.currency
      )
      select kept.*, coalesce(recent.committed_this_period, 0) as committed_this_period,
        coalesce(recent.received_this_period, 0) as received_this_period
      from kept left join recent on recent.currency = kept.currency
      order by kept.currency`),
  );
  return {
    period_start: start.toISOString().slice(0, 10),
    totals: rows.map((r) => ({
      currency: String(r.currency),
      investments: Number(r.investments),
      committed: toAmount(r.committed),
      received: toAmount(r.received),
      cash_call_outstanding: toAmount(r.cash_call_outstanding),
      committed_this_period: toAmount(r.committed_this_period),
      received_this_period: toAmount(r.received_this_period),
    })),
  };
}

/** The mean committed investment per currency: the exact total over the count, rounded half-up to pence. */
export async function averageInvestmentAmount(db: Db): Promise<AverageInvestmentAmount> {
  const rows = rowsOf<{ currency: string; investments: number; total: string }>(
    await db.execute(sql`
      select t.currency, sum(t.investments) as investments, sum(t.amount) as total
      from investment_totals t join investment_opportunities o on o.id = t.opportunity_id
      where ${KEPT_COMMITTED}
      group by t.currency having sum(t.investments) > 0 order by t.currency`),
  );
  return rows.map((r) => ({
    currency: r.currency,
    investments: Number(r.investments),
    total: toAmount(r.total),
    average: toAmount(decimal(r.total).dividedBy(Number(r.investments))),
  }));
}

const OPEN_LIST_SIZE = 10;

/** Opportunities not yet completed, by status, and the ones open to investors with their progress. */
export async function liveOpportunityCount(db: Db): Promise<LiveOpportunityCount> {
  const o = investmentOpportunities;
  const live = and(isNull(o.deletedAt), between(o.status, OpportunityStatus.Draft, OpportunityStatus.Closed));
  const byStatus = await db.select({ status: o.status, count: count() }).from(o).where(live).groupBy(o.status).orderBy(o.status);
  const open = await db
    .select({
      id: o.id,
      name: o.name,
      status: o.status,
      currency: o.currency,
      targetRaise: o.targetRaise,
      committed: o.committedAmount,
      closesAt: o.closesAt,
    })
    .from(o)
    .where(and(isNull(o.deletedAt), inArray(o.status, [OpportunityStatus.LiveExternal, OpportunityStatus.LiveInternal])))
    .orderBy(sql`${o.closesAt} asc nulls last`, o.id)
    .limit(OPEN_LIST_SIZE);
  return {
    total: byStatus.reduce((sum, r) => sum + Number(r.count), 0),
    by_status: byStatus.map((r) => ({ status: r.status, count: Number(r.count) })),
    open: open.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      currency: r.currency,
      target_raise: r.targetRaise == null ? null : toAmount(r.targetRaise),
      committed: toAmount(r.committed),
      closes_at: r.closesAt,
    })),
  };
}

/** Live opportunities, existing investments and pipeline deals: how many, and the money in each. */
export async function trioBreakdown(db: Db): Promise<TrioBreakdown> {
  const [counts] = rowsOf<{ live: number; existing: number; deals: number }>(
    await db.execute(sql`
      select
        (select count(*) from investment_opportunities where deleted_at is null and status between 1 and 4) as live,
        (select count(*) from investment_opportunities where deleted_at is null and status in (5, 6)) as existing,
        (select count(*) from pipeline_deals d join pipeline_stages s on s.id = d.stage_id join pipelines p on p.id = d.pipeline_id
          where d.deleted_at is null and s.deleted_at is null and p.deleted_at is null) as deals`),
  );
  const committed = rowsOf<CurrencyAmountRow>(
    await db.execute(sql`
      select currency, sum(committed_amount) as amount from investment_opportunities
      where deleted_at is null and status between 1 and 4 group by currency order by currency`),
  );
  const invested = rowsOf<CurrencyAmountRow>(
    await db.execute(sql`
      select t.currency, sum(t.amount) as amount
      from investment_totals t join investment_opportunities o on o.id = t.opportunity_id
      where ${KEPT_COMMITTED} and t.status in ('paid', 'completed') and o.status in (5, 6)
      group by t.currency having sum(t.investments) > 0 order by t.currency`),
  );
  const stageRows = rowsOf<{
    pipeline_id: number;
    pipeline: string;
    stage_id: number;
    stage: string;
    currency: string | null;
    deals: number;
    amount: string | null;
  }>(
    await db.execute(sql`
      select p.id as pipeline_id, p.name as pipeline, s.id as stage_id, s.name as stage, d.currency,
        count(d.id) as deals, sum(d.amount_sought) as amount
      from pipeline_stages s join pipelines p on p.id = s.pipeline_id
      left join pipeline_deals d on d.stage_id = s.id and d.deleted_at is null
      where s.deleted_at is null and p.deleted_at is null
      group by p.id, p.name, s.id, s.name, s.position, d.currency
      order by p.name, p.id, s.position, d.currency`),
  );
  const stages = new Map<number, PipelineStageValue>();
  const sought = new Map<string, Decimal>();
  for (const r of stageRows) {
    let stage = stages.get(r.stage_id);
    if (!stage) {
      stage = { pipeline_id: r.pipeline_id, pipeline: r.pipeline, stage_id: r.stage_id, stage: r.stage, count: 0, amount_sought: [] };
      stages.set(r.stage_id, stage);
    }
    stage.count += Number(r.deals);
    if (r.currency != null && r.amount != null) {
      stage.amount_sought.push({ currency: r.currency, amount: toAmount(r.amount) });
      sought.set(r.currency, (sought.get(r.currency) ?? decimal(0)).plus(r.amount));
    }
  }
  return {
    live: { count: Number(counts.live), committed: presentAmounts(committed) },
    existing: { count: Number(counts.existing), invested: presentAmounts(invested) },
    pipeline: {
      count: Number(counts.deals),
      amount_sought: [...sought]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, amount]) => ({ currency, amount: toAmount(amount) })),
      stages: [...stages.values()],
    },
  };
}

const INVESTORS = and(eq(users.roleId, Role.User), isNull(users.deletedAt));

/** Investors by their latest declared category, and how many of each await approval. */
export async function investorCategorisation(db: Db): Promise<InvestorCategorisationStats> {
  const rows = await db
    .select({
      category: users.investorCategory,
      count: count(),
      pending: sql<number>`count(*) filter (where ${users.categorisationStatus} = 'pending')`.mapWith(Number),
    })
    .from(users)
    .where(INVESTORS)
    .groupBy(users.investorCategory);
  const byCategory = new Map(rows.map((r) => [r.category, r]));
  // Every category in the order the rules list them, then investors who declared none.
  return [...INVESTOR_CATEGORIES, null].map((category) => ({
    category,
    count: Number(byCategory.get(category)?.count ?? 0),
    pending: byCategory.get(category)?.pending ?? 0,
  }));
}

/**
 * Investors by identity-check status (AML/KYC), then by screening state (decision 0032): a
 * confirmed match outranks one awaiting review; screened with neither is clear. Every status listed.
 */
export async function amlCount(db: Db): Promise<AmlCount> {
  const rows = await db.select({ status: users.kycStatus, count: count() }).from(users).where(INVESTORS).groupBy(users.kycStatus);
  const counts = new Map(rows.map((r) => [r.status, Number(r.count)]));
  // Literals, not parameters: GROUP BY must repeat the selected expression word for word.
  const openMatch = (status: 'confirmed' | 'potential') =>
    sql`exists (select 1 from ${screeningMatches} m where m.user_id = ${users.id} and m.status = ${sql.raw(`'${status}'`)})`;
  const state = sql<ScreeningState>`case
    when ${openMatch('confirmed')} then 'confirmed'
    when ${openMatch('potential')} then 'potential_match'
    when exists (select 1 from ${investorScreenings} s where s.user_id = ${users.id}) then 'clear'
    else 'not_screened' end`;
  const screening = await db.select({ state, count: count() }).from(users).where(INVESTORS).groupBy(state);
  const states = new Map(screening.map((r) => [r.state, Number(r.count)]));
  return [
    ...KYC_STATUSES.map((kyc_status) => ({ kyc_status, count: counts.get(kyc_status) ?? 0 })),
    ...SCREENING_STATES.map((screening_status) => ({ screening_status, count: states.get(screening_status) ?? 0 })),
  ];
}

/** Investors by appropriateness state, as the investors list filters it. */
export async function complianceCount(db: Db): Promise<ComplianceCount> {
  const state = sql<string>`case when ${users.compliancePassed} then 'passed' when ${users.complianceTries} > 0 then 'failed' else 'not_taken' end`;
  const rows = await db.select({ state, count: count() }).from(users).where(INVESTORS).groupBy(state);
  const counts = new Map(rows.map((r) => [r.state, Number(r.count)]));
  return APPROPRIATENESS_STATES.map((appropriateness) => ({ appropriateness, count: counts.get(appropriateness) ?? 0 }));
}
