import { sql } from 'drizzle-orm';
import { type AvailableReport, can, type CurrencyAmount, REPORTS, type ReportKey, toAmount } from '@platform/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../performance';
import { flagOn, loadSettings } from '../../shared/settings';

/**
 * The reports landing (spec §2.2 Reports): the reports a role may open, each with its headline
 * figure — one count and the money behind it — read in one aggregate query per report.
 */
interface Headline {
  count: number;
  count_label: string;
  amounts: CurrencyAmount[];
}

async function amountsOf(db: Db, query: ReturnType<typeof sql>): Promise<CurrencyAmount[]> {
  return rowsOf<{ currency: string; amount: string }>(await db.execute(query)).map((r) => ({
    currency: r.currency,
    amount: toAmount(r.amount),
  }));
}

async function countOf(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ count: number }>(await db.execute(query))[0].count);
}

const HEADLINES: Record<ReportKey, (db: Db) => Promise<Headline>> = {
  kpis: async (db) => ({
    count: await countOf(
      db,
      sql`select count(distinct v.opportunity_id) as count from kpi_values v join kpis k on k.id = v.kpi_id
        where v.deleted_at is null and k.deleted_at is null`,
    ),
    count_label: 'companies reporting KPIs',
    amounts: [],
  }),
  // The existing investments and what their holders paid for them (paid or completed).
  kpi_portfolio: async (db) => ({
    count: await countOf(db, sql`select count(*) as count from investment_opportunities where deleted_at is null and status in (5, 6)`),
    count_label: 'companies held',
    amounts: await amountsOf(
      db,
      sql`select i.currency, sum(i.amount) as amount from investments i join investment_opportunities o on o.id = i.opportunity_id
        where i.deleted_at is null and i.status in ('paid', 'completed') and o.deleted_at is null and o.status in (5, 6)
        group by i.currency order by i.currency`,
    ),
  }),
  updates: async (db) => ({
    count: await countOf(db, sql`select count(*) as count from update_reports where deleted_at is null and status = 2`),
    count_label: 'updates published',
    amounts: [],
  }),
  // As the WIP report counts: deals not yet promoted to an opportunity, and opportunities not yet closed.
  wip: async (db) => ({
    count: await countOf(
      db,
      sql`select
        (select count(*) from pipeline_deals d join pipelines p on p.id = d.pipeline_id join pipeline_stages s on s.id = d.stage_id
          where d.deleted_at is null and p.deleted_at is null and s.deleted_at is null
          and not exists (select 1 from investment_opportunities o where o.source_deal_id = d.id and o.deleted_at is null))
        + (select count(*) from investment_opportunities where deleted_at is null and status in (1, 2, 3)) as count`,
    ),
    count_label: 'deals and opportunities in progress',
    amounts: await amountsOf(
      db,
      sql`select currency, sum(committed_amount) as amount from investment_opportunities
        where deleted_at is null and status in (1, 2, 3) group by currency order by currency`,
    ),
  }),
  // Every investment in the book (an investor's own private records are not), and the money of those paid or completed.
  investments: async (db) => ({
    count: await countOf(db, sql`select count(*) as count from investments where deleted_at is null and type <> 'private_manual'`),
    count_label: 'investments recorded',
    amounts: await amountsOf(
      db,
      sql`select currency, sum(amount) as amount from investments
        where deleted_at is null and type <> 'private_manual' and status in ('paid', 'completed') group by currency order by currency`,
    ),
  }),
  statements: async (db) => ({
    count: await countOf(db, sql`select count(*) as count from statement_run_items where status = 'done'`),
    count_label: 'statements filed',
    amounts: [],
  }),
  fund_kpis: async (db) => ({
    count: await countOf(db, sql`select count(*) as count from funds where deleted_at is null`),
    count_label: 'funds',
    amounts: [],
  }),
  quarter_kpis: async (db) => ({
    count: await countOf(db, sql`select count(*) as count from kpis where deleted_at is null`),
    count_label: 'KPIs defined',
    amounts: [],
  }),
};

export async function availableReports(db: Db, roleId: number): Promise<AvailableReport[]> {
  // The fund KPI report exists only while funds do (spec §3 enableFunds).
  const fundsOn = flagOn(await loadSettings(db), 'funds_enabled');
  const open = REPORTS.filter((report) => can(roleId, report.event, 'index') && (report.key !== 'fund_kpis' || fundsOn));
  return Promise.all(open.map(async ({ key, path }) => ({ key, path, ...(await HEADLINES[key](db)) })));
}
