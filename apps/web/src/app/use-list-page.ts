import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Page } from './api-client';
import type { ListParams } from './use-list-query';

/** What every list keeps in the URL; a list adds its own filters. */
export interface ListSearch {
  page?: number;
  sort?: string;
  search?: unknown;
}

export const LIST_PER_PAGE = 25;

/** The search box's text as typed: the URL may hold a number (`?search=2024`), the box shows text. */
export function typedSearch(search: ListSearch): string {
  return search.search == null ? '' : String(search.search);
}

/** The URL state after a filter or sort change: back to the first page, unless the change names a page. */
export function nextSearch<S extends ListSearch>(search: S, changes: Partial<S>): S {
  const next = { ...search, page: undefined, ...changes };
  if (next.page !== undefined && next.page <= 1) next.page = undefined;
  return next;
}

/** The paging, sorting and loading props of `DataTable` for one page of a list. */
export function pagedTableProps<T>(
  list: UseQueryResult<Page<T>>,
  state: { sort: string; page: number },
  update: (changes: ListSearch) => void,
) {
  return {
    rows: list.data?.data,
    loading: list.isFetching,
    sort: state.sort,
    onSort: (next: string) => update({ sort: next }),
    page: state.page,
    lastPage: list.data?.meta.last_page ?? 1,
    total: list.data?.meta.total ?? 0,
    onPage: (next: number) => update({ page: next }),
  };
}

/**
 * One server-paged list page's state, all of it in the URL: page, sort, the search text (debounced)
 * and the list's own filters. `filters` turns the URL state and the debounced text into the server's
 * filters; the page passes `params` to its list query, and gets back the export list, the search
 * box's props and, from `table(list)`, the props `DataTable` takes for paging and sorting.
 */
export function useListPage<S extends ListSearch>({
  path,
  defaultSort,
  filters: toFilters,
  perPage = LIST_PER_PAGE,
}: {
  /** The list's own path, where changes navigate. */
  path: string;
  defaultSort: string;
  filters: (search: S, text: string) => Record<string, string | undefined>;
  perPage?: number;
}) {
  const current: unknown = useSearch({ strict: false });
  const search = current as S;
  const navigate = useNavigate();
  const typed = typedSearch(search);
  const [text] = useDebouncedValue(typed, 300);
  const sort = search.sort ?? defaultSort;
  const page = search.page ?? 1;
  const filters = toFilters(search, text);
  const params: ListParams = { page, perPage, sort, filters };
  const update = (changes: Partial<S>) => void navigate({ to: path, search: nextSearch(search, changes), replace: true });

  return {
    search,
    update,
    page,
    sort,
    filters,
    /** The list on screen, for `ExportButtons`. */
    exportList: { sort, filters },
    /** Props for `SearchFilter`. */
    searchBox: { value: typed, onChange: (value: string) => update({ search: value || undefined } as Partial<S>) },
    params,
    /** The paging, sorting and loading props of `DataTable`, from the page's list query. */
    table: <T>(list: UseQueryResult<Page<T>>) => pagedTableProps(list, { sort, page }, update as (changes: ListSearch) => void),
  };
}
