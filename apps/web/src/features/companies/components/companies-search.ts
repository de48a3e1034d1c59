import { MATURITY_STATUSES, type MaturityStatus } from '@platform/domain';
import { searchText } from '../../../app/search-text';
import { listPaging } from '../../../app/use-list-page';

/** The fund investments list's state in the URL: filters, sort and page. */
export interface CompaniesSearch {
  per_page?: number;
  search?: string;
  fund?: number;
  status?: MaturityStatus;
  sort?: string;
  page?: number;
}

export const companiesSearch = (search: Record<string, unknown>): CompaniesSearch => ({
  ...(searchText(search.search) ? { search: searchText(search.search) } : {}),
  ...(Number(search.fund) > 0 ? { fund: Number(search.fund) } : {}),
  ...(MATURITY_STATUSES.includes(search.status as MaturityStatus) ? { status: search.status as MaturityStatus } : {}),
  ...(typeof search.sort === 'string' && search.sort ? { sort: search.sort } : {}),
  ...listPaging(search),
});
