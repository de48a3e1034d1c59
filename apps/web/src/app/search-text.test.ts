import { describe, expect, it } from 'vitest';
import { searchText } from './search-text';

describe('searchText', () => {
  it('keeps typed text, reads a number the router parsed back as its text, and drops the rest', () => {
    expect(searchText('Beaumont')).toBe('Beaumont');
    expect(searchText(13579246)).toBe('13579246');
    expect(searchText(0)).toBe('0');
    expect(searchText('')).toBeUndefined();
    expect(searchText(undefined)).toBeUndefined();
    expect(searchText({ a: 1 })).toBeUndefined();
  });
});
