import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Page } from './api-client';
import type { ListParams } from './use-list-query';

/** What every list keeps in the URL; a list adds its own filters. */
export interface ListSearch {
  page?: number;
  /** Rows per page, when the person chose other than the list's default. */
  per_page?: number;
  sort?: string;
  search?: unknown;
}

export const LIST_PER_PAGE = 25;

/** The page sizes a person may choose; the API's list query allows up to 100 (MAX_PER_PAGE). */
export const PAGE_SIZES = [25, 50, 100] as const satisfies readonly number[];

/** A page size from the URL, if it is one of the choices. */
export function pageSizeParam(value: unknown): number | undefined {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : undefined;
}

/**
 * The paging part of a list's URL validation, for its `validateSearch`: a page past the first and
 * a page size from the choices; anything else is left out.
 */
export function listPaging(search: Record<string, unknown>): Pick<ListSearch, 'page' | 'per_page'> {
  const page = Number(search.page);
  const size = pageSizeParam(search.per_page);
  return { ...(Number.isInteger(page) && page > 1 ? { page } : {}), ...(size ? { per_page: size } : {}) };
}

/** A list's URL state as a saved view keeps it: everything but the page, without empty values. */
export function viewState(search: Record<string, unknown>): Record<string, string | number> {
  const state: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(search)) {
    if (key === 'page' || value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number') state[key] = value;
  }
  return state;
}

/** Whether two list states are the same view (the order of keys and number-or-text do not matter). */
export function sameView(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const left = viewState(a);
  const right = viewState(b);
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => String(left[key]) === String(right[key]));
}

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
  state: { sort: string; page: number; perPage?: number; defaultPerPage?: number },
  update: (changes: ListSearch) => void,
) {
  const defaultPerPage = state.defaultPerPage ?? LIST_PER_PAGE;
  return {
    rows: list.data?.data,
    loading: list.isFetching,
    sort: state.sort,
    onSort: (next: string) => update({ sort: next }),
    page: state.page,
    lastPage: list.data?.meta.last_page ?? 1,
    total: list.data?.meta.total ?? 0,
    onPage: (next: number) => update({ page: next }),
    pageSize: state.perPage ?? defaultPerPage,
    /** A new page size starts again at the first page; the default size is left out of the URL. */
    onPageSize: (next: number) => update({ per_page: next === defaultPerPage ? undefined : next }),
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
  const pageSize = pageSizeParam(search.per_page) ?? perPage;
  const filters = toFilters(search, text);
  const params: ListParams = { page, perPage: pageSize, sort, filters };
  const update = (changes: Partial<S>) => void navigate({ to: path, search: nextSearch(search, changes), replace: true });
  /** Puts a saved view's state in the URL, as a link to it would. */
  const applyView = (state: Record<string, string | number>) => void navigate({ to: path, search: state as unknown as S });

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
    applyView,
    /** The paging, sorting and loading props of `DataTable`, from the page's list query. */
    table: <T>(list: UseQueryResult<Page<T>>) =>
      pagedTableProps(list, { sort, page, perPage: pageSize, defaultPerPage: perPage }, update as (changes: ListSearch) => void),
  };
}
