import { searchText } from '../../app/search-text';

/** The list's state, all of it in the URL so a list can be shared, reloaded and gone back to. */
export interface HolderListSearch {
  page?: number;
  sort?: string;
  search?: string;
  type?: string;
}

export const holderListSearch = (search: Record<string, unknown>): HolderListSearch => ({
  ...(Number(search.page) > 1 ? { page: Number(search.page) } : {}),
  ...(typeof search.sort === 'string' && /^-?[a-z_]+$/.test(search.sort) ? { sort: search.sort } : {}),
  ...(searchText(search.search) ? { search: searchText(search.search) } : {}),
  ...(typeof search.type === 'string' && /^[a-z_]+$/.test(search.type) ? { type: search.type } : {}),
});
