import { describe, expect, it } from 'vitest';
import type { Column } from './data-table';
import { stackedFields } from './stacked-rows';

type Row = { name: string };
const column = (key: string, hideLabel = false): Column<Row> => ({ key, label: key, hideLabel, render: (r) => r.name });

describe('stackedFields', () => {
  it('heads the card with the first labelled column, lists the rest, and puts unlabelled actions last', () => {
    const { title, details, actions } = stackedFields([column('select', true), column('name'), column('status'), column('value')]);
    expect(title?.key).toBe('name');
    expect(details.map((c) => c.key)).toEqual(['status', 'value']);
    expect(actions.map((c) => c.key)).toEqual(['select']);
  });

  it('has no heading for a table without labelled columns', () => {
    expect(stackedFields([column('actions', true)]).title).toBeUndefined();
  });
});
