import { z } from 'zod';
import { HOLDER_TYPES } from '../investments';
import type { ListSpec } from './common';
import { idInput, isoDateInput } from './fields';
import { fundFiguresSchema } from './funds';
import { kpiGridRowSchema } from './kpis';

/**
 * Investor statements (the spec's "portfolio report", §7.6): an investor's holdings as at a date,
 * totals per currency and the transactions of a period, as PDF or CSV. Server:
 * modules/statements (decision 0029).
 */
export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** `as_at` ends the period (default today); `from` starts it (default 1 January of the as-at year). */
export const statementQuery = z.strictObject({
  as_at: isoDateInput.optional(),
  from: isoDateInput.optional(),
  format: z.enum(STATEMENT_FORMATS).optional(),
});
export type StatementQuery = z.infer<typeof statementQuery>;

/** The investor's own portfolio export (`/api/portfolio/export`): one row per holding and fund. */
export const portfolioExportQuery = z.strictObject({ format: z.enum(['csv', 'xlsx']).optional(), as_at: isoDateInput.optional() });

export const STATEMENT_RUN_STATUSES = ['queued', 'running', 'done'] as const;
export type StatementRunStatus = (typeof STATEMENT_RUN_STATUSES)[number];
export const STATEMENT_RUN_STATUS_LABELS: Record<StatementRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
};

/** A bulk statement run: every investor (or a client group's members) gets a statement filed on their record. */
export const statementRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(STATEMENT_RUN_STATUSES),
  as_at: z.string(),
  from: z.string(),
  client_group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  requested_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type StatementRun = z.infer<typeof statementRunSchema>;

export const createStatementRunBody = z
  .strictObject({
    as_at: isoDateInput,
    from: isoDateInput,
    client_group_id: idInput('client group').nullish(),
  })
  .refine((b) => b.from <= b.as_at, { path: ['from'], message: 'The period must start on or before the statement date.' });
export type CreateStatementRunInput = z.infer<typeof createStatementRunBody>;

// ——— Investments report ———

/** Every investment across the book (spec §7.6 "investments report"), one row each. */
export const investmentsReportRowSchema = z.object({
  id: z.number().int(),
  opportunity: z.object({ id: z.number().int(), name: z.string(), company_name: z.string() }),
  investor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  holder_type: z.enum(HOLDER_TYPES),
  holder_name: z.string(),
  type: z.string(),
  status: z.string(),
  status_label: z.string(),
  amount: z.string(),
  currency: z.string(),
  shares: z.string().nullable(),
  share_price: z.string().nullable(),
  invested_on: z.string(),
  created_at: z.string(),
});
export type InvestmentsReportRow = z.infer<typeof investmentsReportRowSchema>;

export const INVESTMENTS_REPORT_LIST = {
  name: 'investments',
  filters: ['opportunity_id', 'user_id', 'status', 'from', 'to', 'currency', 'holder_type', 'search'],
  sorts: ['invested_on', 'amount', 'opportunity', 'investor', 'status'],
} as const satisfies ListSpec;

// ——— Fund KPIs ———

/**
 * A fund's figures at the end of one period (a quarter or a year): the funds module's figures on
 * that date (NAV, paid-in, distributions, DPI / RVPI / TVPI) and the IRR of its dated cash flows
 * with the NAV as the value still held (decision 0029).
 */
export const fundPeriodFiguresSchema = z.object({
  period: z.string(),
  date: z.string(),
  figures: fundFiguresSchema,
  irr: z.string().nullable(),
});
export type FundPeriodFigures = z.infer<typeof fundPeriodFiguresSchema>;

export const FUND_KPI_PERIODS = ['quarter', 'year'] as const;
export const fundKpisQuery = z.strictObject({ period: z.enum(FUND_KPI_PERIODS).optional(), to: isoDateInput.optional() });

export const fundKpisSchema = z.object({
  fund: z.object({ id: z.number().int(), name: z.string(), currency: z.string(), vintage: z.number().int() }),
  periods: z.array(fundPeriodFiguresSchema),
});
export type FundKpis = z.infer<typeof fundKpisSchema>;

/** Fund KPI report: every live fund, one row per quarter-end in the range (default the last four quarters). */
export const fundKpiReportQuery = z.strictObject({ from: isoDateInput.optional(), to: isoDateInput.optional() });

export const QUARTER_PATTERN = /^\d{4}-Q[1-4]$/;
export const quarterKpiQuery = z.strictObject({
  quarter: z.string().trim().regex(QUARTER_PATTERN, 'Choose a quarter such as 2024-Q3.').optional(),
});

/** The KPI values of every company for one quarter: the KPI grid's rows, keeping the values whose period starts in the quarter. */
export const quarterKpiReportSchema = z.object({
  quarter: z.string(),
  start: z.string(),
  end: z.string(),
  rows: z.array(kpiGridRowSchema),
});
export type QuarterKpiReport = z.infer<typeof quarterKpiReportSchema>;
