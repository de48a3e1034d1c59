import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider, Tabs } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { panelsMissing, RouteTabs } from './route-tabs';

const tab = (value: string) => createElement(Tabs.Tab, { key: value, value }, value);
const list = (...values: (string | false)[]) => createElement(Tabs.List, null, ...values.map((v) => (v ? tab(v) : v)));
// biome-ignore lint/correctness/noChildrenProp: Mantine's panel props require children, so they go in the props object
const panel = (value: string) => createElement(Tabs.Panel, { key: `p-${value}`, value, children: `${value} content` });

describe('panelsMissing', () => {
  it('names every tab without a panel, skipping tabs left out by a condition', () => {
    expect(panelsMissing([list('details', false, 'documents', 'notes'), panel('documents')])).toEqual(['details', 'notes']);
  });

  it('reads tabs written as a mapped array', () => {
    const mapped = createElement(Tabs.List, null, ['a', 'b', 'c'].map(tab));
    expect(panelsMissing([mapped, panel('b')])).toEqual(['a', 'c']);
  });
});

describe('RouteTabs', () => {
  it('gives every tab the panel its aria-controls names', () => {
    const html = renderToStaticMarkup(
      createElement(
        MantineProvider,
        null,
        createElement(RouteTabs, { value: 'documents', id: 't' }, list('details', 'documents', 'notes'), panel('documents')),
      ),
    );
    const controls = [...html.matchAll(/aria-controls="([^"]+)"/g)].map((m) => m[1]);
    expect(controls).toHaveLength(3);
    for (const id of controls) expect(html).toContain(`id="${id}"`);
    expect(html).toContain('documents content');
    // Only the real panel is labelled by its tab; the empty ones answer to no name.
    expect(html.match(/role="tabpanel"/g)).toHaveLength(3);
    expect(html.match(/aria-labelledby="[^"]+"/g)).toHaveLength(1);
  });
});
