import { describe, expect, it } from 'vitest';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from './api-client';
import { nextSearch, pagedTableProps, typedSearch } from './use-list-page';

describe('nextSearch', () => {
  it('goes back to the first page when a filter or the sort changes', () => {
    expect(nextSearch({ page: 3, sort: 'name', type: 'EIS' }, { type: 'SEIS' })).toEqual({ page: undefined, sort: 'name', type: 'SEIS' });
    expect(nextSearch({ page: 3, sort: 'name' }, { sort: '-name' })).toEqual({ page: undefined, sort: '-name' });
  });

  it('keeps the page it is asked for, and leaves page 1 out of the URL', () => {
    expect(nextSearch({ page: 3, search: 'acme' }, { page: 4 })).toEqual({ page: 4, search: 'acme' });
    expect(nextSearch({ page: 3, search: 'acme' }, { page: 1 })).toEqual({ page: undefined, search: 'acme' });
  });
});

describe('typedSearch', () => {
  it('shows a number in the URL as the text typed, and nothing as empty', () => {
    expect(typedSearch({ search: 2024 })).toBe('2024');
    expect(typedSearch({})).toBe('');
  });
});

describe('pagedTableProps', () => {
  const answer = (page: Page<{ id: number }> | undefined, isFetching: boolean) =>
    ({ data: page, isFetching }) as unknown as UseQueryResult<Page<{ id: number }>>;

  it('passes the rows, the paging and the loading state of the answer', () => {
    const page = { data: [{ id: 1 }], meta: { current_page: 2, last_page: 5, per_page: 25, total: 101 } } as unknown as Page<{
      id: number;
    }>;
    const props = pagedTableProps(answer(page, false), { sort: 'name', page: 2 }, () => {});
    expect(props).toMatchObject({ rows: [{ id: 1 }], loading: false, sort: 'name', page: 2, lastPage: 5, total: 101 });
  });

  it('has no rows, one page and no records before the first answer', () => {
    const props = pagedTableProps(answer(undefined, true), { sort: '-created_at', page: 1 }, () => {});
    expect(props).toMatchObject({ rows: undefined, loading: true, lastPage: 1, total: 0 });
  });

  it('turns a sort or a page change into a URL change', () => {
    const changes: unknown[] = [];
    const props = pagedTableProps(answer(undefined, false), { sort: 'name', page: 1 }, (change) => changes.push(change));
    props.onSort('-name');
    props.onPage(3);
    expect(changes).toEqual([{ sort: '-name' }, { page: 3 }]);
  });
});
