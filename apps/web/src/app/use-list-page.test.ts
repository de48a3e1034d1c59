import { describe, expect, it } from 'vitest';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from './api-client';
import { MAX_PER_PAGE } from '@platform/domain';
import { listPaging, nextSearch, PAGE_SIZES, pagedTableProps, pageSizeParam, sameView, typedSearch, viewState } from './use-list-page';

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

describe('page size in the URL', () => {
  it('keeps a page size from the choices and drops anything else', () => {
    expect(pageSizeParam(50)).toBe(50);
    expect(pageSizeParam('100')).toBe(100);
    expect(pageSizeParam(1000)).toBeUndefined();
    expect(pageSizeParam('ten')).toBeUndefined();
    expect(Math.max(...PAGE_SIZES)).toBeLessThanOrEqual(MAX_PER_PAGE);
  });

  it('reads the paging of a list URL, leaving out page 1 and unknown sizes', () => {
    expect(listPaging({ page: '3', per_page: '50', other: 'x' })).toEqual({ page: 3, per_page: 50 });
    expect(listPaging({ page: 1, per_page: 7 })).toEqual({});
    expect(listPaging({ page: 'x' })).toEqual({});
  });

  it('sends a new page size to the URL and back to the first page; the default size is left out', () => {
    const changes: unknown[] = [];
    const props = pagedTableProps(
      { data: undefined, isFetching: false } as unknown as UseQueryResult<Page<{ id: number }>>,
      { sort: 'name', page: 4, perPage: 50, defaultPerPage: 25 },
      (change) => changes.push(change),
    );
    expect(props.pageSize).toBe(50);
    props.onPageSize(100);
    props.onPageSize(25);
    expect(changes).toEqual([{ per_page: 100 }, { per_page: undefined }]);
    expect(nextSearch({ page: 4, per_page: 50 }, { per_page: 100 })).toEqual({ page: undefined, per_page: 100 });
  });
});

describe('saved view state', () => {
  it('keeps filters and sort but never the page or empty values', () => {
    expect(viewState({ page: 3, sort: '-name', kyc: 'verified', search: '', owner: undefined, per_page: 50 })).toEqual({
      sort: '-name',
      kyc: 'verified',
      per_page: 50,
    });
  });

  it('finds the view on screen whatever the key order, page, or number-or-text of a value', () => {
    expect(sameView({ kyc: 'verified', sort: '-name', page: 2 }, { sort: '-name', kyc: 'verified' })).toBe(true);
    expect(sameView({ owner: 12 }, { owner: '12' })).toBe(true);
    expect(sameView({ kyc: 'verified' }, { kyc: 'verified', sort: 'name' })).toBe(false);
    expect(sameView({}, {})).toBe(true);
  });
});
