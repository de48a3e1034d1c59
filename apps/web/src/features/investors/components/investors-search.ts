import { APPROPRIATENESS_STATES, INVESTOR_CATEGORIES, KYC_STATUSES } from '@platform/domain';
import { searchText } from '../../../app/search-text';
import { pageSizeParam } from '../../../app/use-list-page';

/** The investors list's state in the URL: filters, sort and page. */
export interface InvestorsSearch {
  page?: number;
  per_page?: number;
  sort?: string;
  search?: string;
  category?: string;
  kyc?: string;
  owner?: string;
  appropriateness?: string;
}

const oneOf = (value: unknown, allowed: readonly string[]) => (typeof value === 'string' && allowed.includes(value) ? value : undefined);

export const investorsSearch = (search: Record<string, unknown>): InvestorsSearch => {
  const out: InvestorsSearch = {
    page: Number(search.page) > 1 ? Number(search.page) : undefined,
    per_page: pageSizeParam(search.per_page),
    sort: typeof search.sort === 'string' && search.sort ? search.sort : undefined,
    search: searchText(search.search),
    category: oneOf(search.category, [...INVESTOR_CATEGORIES, 'none']),
    kyc: oneOf(search.kyc, KYC_STATUSES),
    // The router reads ?owner=12 as a number.
    owner: search.owner === 'none' ? 'none' : Number(search.owner) > 0 ? String(search.owner) : undefined,
    appropriateness: oneOf(search.appropriateness, APPROPRIATENESS_STATES),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as InvestorsSearch;
};
