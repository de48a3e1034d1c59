import { expect, it } from 'vitest';
import { keysetAfter } from './use-list-query';

const page = (next: string | null) => ({ links: { first: '/api/users?page=1', last: '/api/users?page=9', prev: null, next } });

it("sends the `after` of the previous page's links.next, and only for the page that link leads to", () => {
  const previous = page('/api/users?filter%5Bsearch%5D=ann&sort=name&page=4&after=1234');
  expect(keysetAfter(previous, 4)).toBe('1234');
  // A jump to another page, a last page, a list that does not page by row, or no page before: by number.
  expect(keysetAfter(previous, 5)).toBeUndefined();
  expect(keysetAfter(page(null), 4)).toBeUndefined();
  expect(keysetAfter(page('/api/deals?page=4'), 4)).toBeUndefined();
  expect(keysetAfter(undefined, 4)).toBeUndefined();
});
