import { describe, expect, it } from 'vitest';
import { exportHref } from './export-href';

describe('exportHref', () => {
  it('exports the list with its filters and sort, without paging, dropping empty filters', () => {
    const href = exportHref('companies', 'xlsx', {
      sort: '-cost',
      filters: { search: ' Ash ', fund_id: '3', maturity_status: undefined, industry: '  ' },
    });
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/api/companies/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'xlsx',
      sort: '-cost',
      'filter[search]': 'Ash',
      'filter[fund_id]': '3',
    });
  });

  it('leaves out an empty sort (a report in its own order)', () => {
    const url = new URL(exportHref('reports/wip', 'csv', { sort: '', filters: { owner_id: '4' } }), 'http://localhost');
    expect(url.pathname).toBe('/api/reports/wip/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({ format: 'csv', 'filter[owner_id]': '4' });
  });
});
