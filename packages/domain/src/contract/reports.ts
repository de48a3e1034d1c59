import { z } from 'zod';

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
