import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountNumberInput, bicInput, ibanInput, paysFromAbroad, readableIban, readableSortCode, sortCodeInput } from './bank-details';

const details = z.object({ sort_code: sortCodeInput, account_number: accountNumberInput, iban: ibanInput, bic: bicInput });
const messages = (input: Record<string, unknown>) => {
  const result = details.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
};

describe('bank details', () => {
  it('keeps them in one form whatever the spacing, hyphens or case', () => {
    expect(
      details.parse({ sort_code: '12-34 56', account_number: '1234 5678', iban: 'gb29 nwbk 6016 1331 9268 19', bic: 'nwbk gb2l' }),
    ).toEqual({
      sort_code: '123456',
      account_number: '12345678',
      iban: 'GB29NWBK60161331926819',
      bic: 'NWBKGB2L',
    });
    expect(details.parse({ sort_code: '', account_number: ' ', iban: '', bic: '' })).toEqual({
      sort_code: null,
      account_number: null,
      iban: null,
      bic: null,
    });
  });

  it('refuses an IBAN whose check digits, length or country layout are wrong', () => {
    // The same account with its check digits changed, one digit short, and a country that has no IBANs.
    for (const iban of ['GB28NWBK60161331926819', 'GB29NWBK6016133192681', 'XX29NWBK60161331926819', 'DE89370400440532013001'])
      expect(messages({ iban }).iban, iban).toMatch(/valid IBAN/);
    expect(messages({ iban: 'DE89 3704 0044 0532 0130 00' })).toEqual({});
    expect(messages({ iban: 'FR14 2004 1010 0505 0001 3M02 606' })).toEqual({});
  });

  it('refuses a BIC of the wrong length or with no such country, and UK numbers of the wrong length', () => {
    expect(messages({ bic: 'NWBKGB2LXXX' })).toEqual({});
    expect(messages({ bic: 'NWBKXX2L' }).bic).toMatch(/BIC/);
    expect(messages({ bic: 'NWBKGB2' }).bic).toMatch(/BIC/);
    expect(messages({ sort_code: '12-34-5' }).sort_code).toBe('A sort code has 6 digits, such as 12-34-56.');
    expect(messages({ account_number: '1234567' }).account_number).toBe('A UK account number has 8 digits.');
  });

  it('reads an IBAN in groups of four and a sort code in pairs', () => {
    expect(readableIban('GB29NWBK60161331926819')).toBe('GB29 NWBK 6016 1331 9268 19');
    expect(readableIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(readableSortCode('123456')).toBe('12-34-56');
    expect(readableSortCode('12-34-56')).toBe('12-34-56');
  });

  it('pays from abroad only an investor known to live outside the UK', () => {
    expect(paysFromAbroad('FR')).toBe(true);
    expect(paysFromAbroad('GB')).toBe(false);
    expect(paysFromAbroad(undefined)).toBe(false);
    expect(paysFromAbroad(null)).toBe(false);
  });
});
