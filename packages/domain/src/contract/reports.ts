import { z } from 'zod';
import { currencyAmountSchema } from './stats';
import { REPORTS, type ReportKey } from '../reports';

/** Figures of a pool of holdings (server: modules/reports/portfolio-performance.ts, decision 0015). */
const bookFigures = {
  holdings: z.number().int(),
  cost: z.string(),
  current_value: z.string(),
  realised: z.string(),
  total_value: z.string(),
  gain: z.string(),
  moic: z.string().nullable(),
};

export const bookTotalSchema = z.object({ currency: z.string(), companies: z.number().int(), ...bookFigures, irr: z.string().nullable() });
export type BookTotal = z.infer<typeof bookTotalSchema>;

export const bookCompanySchema = z.object({
  opportunity_id: z.number().int(),
  name: z.string(),
  company_name: z.string(),
  status: z.number().int(),
  currency: z.string(),
  ...bookFigures,
  price: z.object({ date: z.string(), source: z.string(), price_per_share: z.string() }).nullable(),
});
export type BookCompany = z.infer<typeof bookCompanySchema>;

/** The whole book's performance on a date. */
export const portfolioPerformanceReportSchema = z.object({
  as_of: z.string(),
  totals: z.array(bookTotalSchema),
  companies: z.array(bookCompanySchema),
});
export type PortfolioPerformanceReport = z.infer<typeof portfolioPerformanceReportSchema>;

/**
 * A report the signed-in role may open, with its headline: a count of what it covers (`count`,
 * described by `count_label`) and the money behind it per currency, where there is some.
 */
export const availableReportSchema = z.object({
  key: z.enum(REPORTS.map((r) => r.key) as [ReportKey, ...ReportKey[]]),
  path: z.string(),
  count: z.number().int(),
  count_label: z.string(),
  amounts: z.array(currencyAmountSchema),
});
export type AvailableReport = z.infer<typeof availableReportSchema>;

/** Totals across the book on a date, per currency: what was invested, what it is worth, what came back, and who holds it. */
const aggregateTotalsSchema = z.array(
  z.object({
    currency: z.string(),
    invested: z.string(),
    current_value: z.string(),
    realised: z.string(),
    investors: z.number().int(),
    holdings: z.number().int(),
  }),
);
export const aggregateReportSchema = z.object({ as_of: z.string(), totals: aggregateTotalsSchema });
export type AggregateReport = z.infer<typeof aggregateReportSchema>;

/** The book's totals at the end of each of the last 12 months, the last point on the as-of date itself. */
export const aggregateChartSchema = z.object({
  as_of: z.string(),
  points: z.array(z.object({ date: z.string(), totals: aggregateTotalsSchema })),
});
export type AggregateChart = z.infer<typeof aggregateChartSchema>;
