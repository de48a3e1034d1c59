import { searchText } from '../../../app/search-text';
import { listPaging } from '../../../app/use-list-page';

/** The funds list's state in the URL: filters, sort and page. */
export interface FundsSearch {
  per_page?: number;
  search?: string;
  type?: string;
  vintage?: number;
  sort?: string;
  page?: number;
}

export const fundsSearch = (search: Record<string, unknown>): FundsSearch => ({
  ...(searchText(search.search) ? { search: searchText(search.search) } : {}),
  ...(typeof search.type === 'string' && search.type ? { type: search.type } : {}),
  ...(/^\d{4}$/.test(String(search.vintage)) ? { vintage: Number(search.vintage) } : {}),
  ...(typeof search.sort === 'string' && search.sort ? { sort: search.sort } : {}),
  ...listPaging(search),
});
