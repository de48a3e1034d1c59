import { type ListSearch, listPaging } from '../../../app/use-list-page';

/** A list's URL state: page, sort and the search text. */
export function listSearch(search: Record<string, unknown>): ListSearch {
  return {
    ...listPaging(search),
    ...(typeof search.sort === 'string' ? { sort: search.sort } : {}),
    ...(typeof search.search === 'string' || typeof search.search === 'number' ? { search: search.search } : {}),
  };
}

/** The updates list's URL state: the list's, and the status (1 Draft, 2 Live). */
export interface UpdatesSearch extends ListSearch {
  status?: '1' | '2';
}

export function updatesSearch(search: Record<string, unknown>): UpdatesSearch {
  const status = String(search.status);
  return { ...listSearch(search), ...(status === '1' || status === '2' ? { status } : {}) };
}
