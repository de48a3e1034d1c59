import { describe, expect, it } from 'vitest';
import { checkAttributeValue, formatAttributeValue, mayEditAttribute } from './attributes';
import { Role } from './roles';

const check = (type: Parameters<typeof checkAttributeValue>[0]['type'], raw: unknown, options: string[] = []) =>
  checkAttributeValue({ type, options }, raw);

describe('custom attribute values', () => {
  it('keeps numbers as exact decimal text and refuses other forms', () => {
    expect(check('number', '1250.123456')).toEqual({ ok: true, value: '1250.123456' });
    expect(check('number', 12.5)).toEqual({ ok: true, value: '12.5' });
    expect(check('number', '1e5').ok).toBe(false);
    expect(check('number', '1.1234567').ok).toBe(false);
  });

  it("reads yes/no as spec §5 does ('1' true, '0' false)", () => {
    expect(check('boolean', '1')).toEqual({ ok: true, value: true });
    expect(check('boolean', '0')).toEqual({ ok: true, value: false });
    expect(check('boolean', 'yes').ok).toBe(false);
  });

  it('checks dates on the calendar and options against the list, in list order', () => {
    expect(check('date', '2026-02-29').ok).toBe(false);
    expect(check('date', '2028-02-29')).toEqual({ ok: true, value: '2028-02-29' });
    expect(check('select', 'Gold', ['Gold', 'Silver'])).toEqual({ ok: true, value: 'Gold' });
    expect(check('select', 'Bronze', ['Gold', 'Silver']).ok).toBe(false);
    expect(check('multi_select', ['Silver', 'Gold', 'Gold'], ['Gold', 'Silver'])).toEqual({ ok: true, value: ['Gold', 'Silver'] });
  });

  it('treats empty input as clearing the value', () => {
    for (const empty of ['', null, undefined, []]) expect(check('text', empty)).toEqual({ ok: true, value: null });
  });

  it('lets only roles holding attributes_lock change a locked value', () => {
    expect(mayEditAttribute(Role.SuperAdmin, { mode: 'locked' })).toBe(false);
    expect(mayEditAttribute(Role.Support, { mode: 'locked' })).toBe(true);
    expect(mayEditAttribute(Role.Adviser, { mode: 'editable' })).toBe(true);
  });

  it('formats values for pages and exports', () => {
    expect(formatAttributeValue('boolean', false)).toBe('No');
    expect(formatAttributeValue('multi_select', ['A', 'B'])).toBe('A, B');
    expect(formatAttributeValue('text', null)).toBe('');
  });
});
