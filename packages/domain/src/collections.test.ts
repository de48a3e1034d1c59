import { expect, it } from 'vitest';
import { groupBy } from './collections';

it('groups items by their key, keys in first-seen order and each group in the items’ order', () => {
  const groups = groupBy(['b1', 'a1', 'b2', 'c1', 'a2'], (item) => item[0]);
  expect([...groups]).toEqual([
    ['b', ['b1', 'b2']],
    ['a', ['a1', 'a2']],
    ['c', ['c1']],
  ]);
});
