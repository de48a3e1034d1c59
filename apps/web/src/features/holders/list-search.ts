import { searchText } from '../../app/search-text';
import { listPaging } from '../../app/use-list-page';

/** The list's state, all of it in the URL so a list can be shared, reloaded and gone back to. */
export interface HolderListSearch {
  per_page?: number;
  page?: number;
  sort?: string;
  search?: string;
  type?: string;
}

export const holderListSearch = (search: Record<string, unknown>): HolderListSearch => ({
  ...listPaging(search),
  ...(typeof search.sort === 'string' && /^-?[a-z_]+$/.test(search.sort) ? { sort: search.sort } : {}),
  ...(searchText(search.search) ? { search: searchText(search.search) } : {}),
  ...(typeof search.type === 'string' && /^[a-z_]+$/.test(search.type) ? { type: search.type } : {}),
});
