import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import type { Column } from './data-table';
import { SimpleTable } from './simple-table';

interface Row {
  id: number;
  name: string;
  amount: string;
}

const columns: Column<Row>[] = [
  { key: 'name', label: 'Name', render: (r) => r.name },
  { key: 'amount', label: 'Amount', align: 'right', render: (r) => `£${r.amount}` },
  { key: 'actions', label: 'Actions', hideLabel: true, render: (r) => `Remove ${r.name}` },
];

type Extra = { empty?: ReactNode; caption?: string; title?: string; minWidth?: number; columns?: Column<Row>[] };

const render = (rows: Row[], extra: Extra = {}) =>
  renderToStaticMarkup(
    createElement(MantineProvider, null, createElement(SimpleTable<Row>, { columns, rows, rowKey: (r) => r.id, ...extra })),
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, ''); // the theme's own styles

describe('SimpleTable', () => {
  it('renders a header per column and a row per item, in order', () => {
    const html = render([
      { id: 1, name: 'Acme', amount: '10.00' },
      { id: 2, name: 'Bolt', amount: '20.00' },
    ]);
    expect(html.match(/<th[ >]/g)).toHaveLength(3);
    expect(html.match(/<tr[ >]/g)).toHaveLength(3);
    expect(html.indexOf('Acme')).toBeLessThan(html.indexOf('Bolt'));
    expect(html).toContain('£20.00');
  });

  it('names a column whose label is hidden for screen readers only', () => {
    const html = render([{ id: 1, name: 'Acme', amount: '1' }]);
    expect(html).toMatch(/<th[^>]*aria-label="Actions"[^>]*><\/th>/);
    expect(html).toMatch(/<th[^>]*>Name<\/th>/);
  });

  it('shows the empty state instead of a table when there are no rows', () => {
    const html = render([], { empty: 'Nothing recorded yet' });
    expect(html).toBe('Nothing recorded yet');
  });

  it('without an empty state, keeps the headers of an empty table', () => {
    const html = render([]);
    expect(html).toContain('<table');
    expect(html).toContain('Amount');
  });

  it('gives the table a caption for screen readers, and a sideways scroll when asked', () => {
    const html = render([{ id: 1, name: 'Acme', amount: '1' }], { caption: 'Proceeds', minWidth: 720 });
    expect(html).toMatch(/<caption[^>]*>Proceeds<\/caption>/);
    expect(html).toContain('--table-min-width:calc(45rem');
  });

  it('shows a title above the table as its caption, for everyone', () => {
    const html = render([{ id: 1, name: 'Acme', amount: '1' }], { title: 'Status history' });
    expect(html).toMatch(/<caption style="caption-side:top;[^"]*font-weight:600">Status history<\/caption>/);
  });

  it("puts a column's own header in its header cell in place of the label", () => {
    const html = render([{ id: 1, name: 'Acme', amount: '1' }], {
      columns: [
        { key: 'pick', label: 'Pick', header: createElement('input', { 'aria-label': 'Pick every row' }), render: () => '' },
        ...columns,
      ],
    });
    expect(html).toMatch(/<th[^>]*><input aria-label="Pick every row"\/><\/th>/);
    expect(html).not.toContain('>Pick<');
  });
});
