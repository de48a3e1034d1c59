import { describe, expect, it } from 'vitest';
import { arrangeColumns } from './list-preferences';

const columns = [{ key: 'name', required: true }, { key: 'email' }, { key: 'owner' }, { key: 'kyc' }];
const keys = (list: Array<{ key: string }>) => list.map((c) => c.key);

describe('arrangeColumns', () => {
  it('shows every column in its own order until the person chooses', () => {
    expect(keys(arrangeColumns(columns, undefined))).toEqual(['name', 'email', 'owner', 'kyc']);
    expect(keys(arrangeColumns(columns, { hidden: [], order: [] }))).toEqual(['name', 'email', 'owner', 'kyc']);
  });

  it('puts the chosen order first and the columns it does not name after, in their own order', () => {
    expect(keys(arrangeColumns(columns, { hidden: [], order: ['kyc', 'name'] }))).toEqual(['kyc', 'name', 'email', 'owner']);
  });

  it('leaves hidden columns out, but never a required one, and ignores names that are no column', () => {
    expect(keys(arrangeColumns(columns, { hidden: ['email', 'name', 'gone'], order: ['gone', 'owner'] }))).toEqual([
      'owner',
      'name',
      'kyc',
    ]);
  });
});
