import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryNamed } from './countries';
import { identityUploadBody } from './contract/profile';
import { isNonUkCountry } from './screening';

describe('the country list', () => {
  it('has each ISO 3166-1 code once, in alphabetical order of name, without retired or non-country codes', () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    for (const retired of ['UK', 'SU', 'YU', 'EU', 'UN', 'ZZ']) expect(codes).not.toContain(retired);
    const names = COUNTRIES.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    expect(countryNamed('united kingdom')).toEqual({ code: 'GB', name: 'United Kingdom' });
    expect(countryNamed(' France ')?.code).toBe('FR');
    expect(countryNamed('Atlantis')).toBeUndefined();
  });

  it('agrees with the UK test of the international checks', () => {
    expect(isNonUkCountry(countryNamed('United Kingdom')!.name)).toBe(false);
    expect(COUNTRIES.filter((c) => !isNonUkCountry(c.name)).map((c) => c.code)).toEqual(['GB']);
  });
});

describe('the identity upload fields', () => {
  const errors = (body: Record<string, string>) => {
    const parsed = identityUploadBody.safeParse(body);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it('asks the issuing country of a photo identity document, from the list, and writes it as the list does', () => {
    expect(errors({ kind: 'passport' })).toEqual({ issuing_country: 'Enter the country that issued the document.' });
    expect(errors({ kind: 'driving_licence', issuing_country: 'Narnia' })).toEqual({
      issuing_country: 'Choose the issuing country from the list.',
    });
    expect(identityUploadBody.parse({ kind: 'national_identity_card', issuing_country: 'germany' }).issuing_country).toBe('Germany');
    expect(errors({ kind: 'proof_of_address' })).toEqual({});
    expect(errors({ kind: 'visa' }).kind).toBe('Choose what the document is.');
  });
});
