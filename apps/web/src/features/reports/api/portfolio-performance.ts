import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookCompany, BookTotal, PortfolioPerformanceReport } from '@platform/domain';
import { api } from '../../../app/api-client';

export type { BookCompany, BookTotal, PortfolioPerformanceReport as PortfolioPerformance };

/** Summing a book of a million investments takes seconds (docs/benchmarks.md): the report may take up to a minute. */
const BOOK_REPORT_TIMEOUT_MS = 60_000;

/** The whole book's performance on `asOf` (today when empty). */
export function usePortfolioPerformance(asOf: string | undefined) {
  return useQuery({
    queryKey: ['reports', 'portfolio-performance', asOf ?? 'today'],
    queryFn: () =>
      api<{ data: PortfolioPerformanceReport }>('/api/reports/portfolio-performance', {
        query: { as_of: asOf },
        timeoutMs: BOOK_REPORT_TIMEOUT_MS,
      }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}
