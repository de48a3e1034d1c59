import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client';

/** Figures of a pool of holdings (server: modules/reports/portfolio-performance.ts, decision 0015). */
interface BookFigures {
  holdings: number;
  cost: string;
  current_value: string;
  realised: string;
  total_value: string;
  gain: string;
  moic: string | null;
}

export interface BookTotal extends BookFigures {
  currency: string;
  companies: number;
  irr: string | null;
}

export interface BookCompany extends BookFigures {
  opportunity_id: number;
  name: string;
  company_name: string;
  status: number;
  currency: string;
  price: { date: string; source: string; price_per_share: string } | null;
}

export interface PortfolioPerformance {
  as_of: string;
  totals: BookTotal[];
  companies: BookCompany[];
}

/** Summing a book of a million investments takes seconds (docs/benchmarks.md): the report may take up to a minute. */
const BOOK_REPORT_TIMEOUT_MS = 60_000;

/** The whole book's performance on `asOf` (today when empty). */
export function usePortfolioPerformance(asOf: string | undefined) {
  return useQuery({
    queryKey: ['reports', 'portfolio-performance', asOf ?? 'today'],
    queryFn: () =>
      api<{ data: PortfolioPerformance }>('/api/reports/portfolio-performance', {
        query: { as_of: asOf },
        timeoutMs: BOOK_REPORT_TIMEOUT_MS,
      }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}
