import { sql } from 'drizzle-orm';
import { type AvailableReport, can, type CurrencyAmount, REPORTS, type ReportKey, toAmount } from '@platform/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../performance';

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
};

export async function availableReports(db: Db, roleId: number): Promise<AvailableReport[]> {
  const open = REPORTS.filter((report) => can(roleId, report.event, 'index'));
  return Promise.all(open.map(async ({ key, path }) => ({ key, path, ...(await HEADLINES[key](db)) })));
}
