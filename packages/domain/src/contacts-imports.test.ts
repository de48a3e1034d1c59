import { describe, expect, it } from 'vitest';
import { guessImportMapping, parseUkDate } from './imports';
import { parseContactStatus, parseInterest } from './contacts';
import { scoreRiskProfile } from './questionnaires';

describe('reading spreadsheets as UK firms write them', () => {
  it.each([
    ['31/01/1980', '1980-01-31'],
    ['1/2/1980', '1980-02-01'],
    ['01-02-80', '1980-02-01'],
    ['1.2.05', '2005-02-01'],
    ['1980-01-31', '1980-01-31'],
    ['31 Jan 1980', '1980-01-31'],
    ['3rd March 1975', '1975-03-03'],
    [' 29/02/2024 ', '2024-02-29'],
  ])('reads %s as %s', (text, iso) => expect(parseUkDate(text)).toBe(iso));

  it.each([['31/02/1980'], ['13/13/1980'], ['Jan 31 1980'], ['yesterday'], ['31 Jabberwock 1980'], ['']])('refuses %s', (text) =>
    expect(parseUkDate(text)).toBeNull(),
  );

  it('guesses columns from headers whatever their case, spacing or punctuation; each field once', () => {
    expect(guessImportMapping('contacts', ['E-Mail Address', ' Surname ', 'FIRST NAME', 'Lead Status', 'Notes', 'email'])).toEqual({
      '0': 'email',
      '1': 'last_name',
      '2': 'first_name',
      '3': 'lead_status',
    });
    expect(guessImportMapping('investors', ['Name', 'DOB', 'Post Code'])).toEqual({ '0': 'name', '1': 'date_of_birth', '2': 'postcode' });
  });

  it('reads statuses and interest loosely', () => {
    expect(['1', 'Active', ' INACTIVE ', 'investment', 'lost'].map(parseContactStatus)).toEqual([1, 1, 2, 3, null]);
    expect(['Finance in place', 'no_finance_in_place', 'maybe'].map(parseInterest)).toEqual([
      'finance in place',
      'no finance in place',
      null,
    ]);
  });
});

describe('risk profile', () => {
  const all = (value: string[]) =>
    Object.fromEntries(
      ['loss_reaction', 'capacity_for_loss', 'liquidity_need', 'return_preference', 'knowledge', 'portion'].map((k, i) => [k, value[i]]),
    );
  it('bands the total score and needs every answer', () => {
    expect(scoreRiskProfile(all(['sell_all', 'severely', 'very_likely', 'protect', 'not', 'over_25']))).toEqual({
      score: 6,
      max: 24,
      band: 'cautious',
    });
    expect(scoreRiskProfile(all(['buy_more', 'not_at_all', 'no', 'maximum', 'expert', 'under_5']))).toEqual({
      score: 24,
      max: 24,
      band: 'adventurous',
    });
    expect(scoreRiskProfile(all(['hold', 'noticeably', 'possibly', 'steady', 'basic', '5_to_10']))).toMatchObject({
      score: 14,
      band: 'balanced',
    });
    expect(scoreRiskProfile({ loss_reaction: 'hold' })).toBeNull();
  });
});
