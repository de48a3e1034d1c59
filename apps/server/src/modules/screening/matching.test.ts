import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseDateOfBirth, normaliseName, SCREENING_MATCH_THRESHOLD } from '@platform/domain';
import { matchScore, nameSimilarity } from '../../shared/screening-score';
import { parseOfsiList, parsePepList } from './parse';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const score = (investor: string, listed: string, dates: [string | null, string | null] = [null, null]) =>
  matchScore(
    { normalizedName: normaliseName(investor), dateOfBirth: dates[0] },
    { normalizedName: normaliseName(listed), dateOfBirth: dates[1] },
  );

describe('the OFSI consolidated list as HM Treasury publishes it', () => {
  const list = parseOfsiList(fixture('ofsi-consolidated-list.csv'));

  it('reads the Last Updated row, then each individual name with its Group ID; entities and ships are skipped', () => {
    expect(list.listUpdated).toBe('12/03/2024');
    expect(list.skipped).toBe(2);
    expect(list.entries.map((e) => [e.subjectKey, e.name, e.aliasType])).toEqual([
      ['sanctions:90001', 'Anastasia Igorevna PETROVA', 'Primary name'],
      ['sanctions:90001', 'Nastya PETROVA', 'AKA'],
      ['sanctions:90002', 'José María GARCÍA LÓPEZ', 'Primary name'],
      ['sanctions:90004', 'Abdul Rahman AL-RASHID', 'Primary name'],
    ]);
  });

  it('keeps what a reviewer needs: the date of birth as precise as the list, nationality, position, regime', () => {
    expect(list.entries[0]).toMatchObject({
      normalizedName: 'anastasia igorevna petrova',
      dateOfBirth: '1971-07-14',
      nationality: 'Russia',
      country: 'Russia',
      position: 'Deputy Director, Fictional Energy Holding',
      regime: 'Russia',
      reference: '90001',
    });
    // "00/00/1965": only the year is known.
    expect(list.entries[2].dateOfBirth).toBe('1965');
  });

  it('refuses a file that is not the consolidated list, on the file field', () => {
    expect(() => parseOfsiList(Buffer.from('name,dob\nJohn Smith,1970-01-01\n'))).toThrow(/Name 6/);
    expect(() => parseOfsiList(Buffer.from('Name 6,Name 1,Group Type,Group ID\nACME LTD,,Entity,1\n'))).toThrow(/no individuals/);
  });
});

describe('a PEP list', () => {
  it('reads name, date of birth, position and country by header', () => {
    const list = parsePepList(fixture('pep-list.csv'));
    expect(list.entries.map((e) => [e.subjectKey, e.dateOfBirth, e.position])).toEqual([
      ['pep:ellen hawthorne margaret|1962-05-03', '1962-05-03', 'Member of Parliament'],
      ['pep:adebayo oluwaseun|', null, 'Governor of the Central Bank'],
    ]);
    expect(() => parsePepList(Buffer.from('person,born\nA,1\n'))).toThrow(/header row/);
  });
});

describe('names and dates as screening compares them', () => {
  it('folds case, accents, punctuation, titles and word order', () => {
    expect(normaliseName('GARCÍA LÓPEZ, José María')).toBe(normaliseName('jose maria garcia-lopez'));
    expect(normaliseName('Dr. Abdul-Rahman  O’Neill')).toBe('abdul oneill rahman');
    expect(normaliseName('Strauß Øster')).toBe('oster strauss');
  });

  it('reads OFSI and ISO dates of birth to the precision known', () => {
    expect(normaliseDateOfBirth('14/07/1971')).toBe('1971-07-14');
    expect(normaliseDateOfBirth('00/07/1971')).toBe('1971-07');
    expect(normaliseDateOfBirth('00/00/1971')).toBe('1971');
    expect(normaliseDateOfBirth('1971-07-14')).toBe('1971-07-14');
    expect(normaliseDateOfBirth('unknown')).toBeNull();
  });
});

describe('fuzzy matching', () => {
  it('matches accent and word-order variants in full', () => {
    expect(score('Jose Maria Garcia Lopez', 'GARCÍA LÓPEZ, José María')).toBe(100);
    expect(score('Lopez Garcia Jose Maria', 'José María GARCÍA LÓPEZ')).toBe(100);
  });

  it('matches spelling variants, names run together and a missing middle name above the threshold', () => {
    expect(score('Anastasia Petrova', 'Anastasia Igorevna PETROVA')).toBeGreaterThanOrEqual(SCREENING_MATCH_THRESHOLD);
    expect(score('Abdulrahman Alrashid', 'Abdul Rahman AL-RASHID')).toBeGreaterThanOrEqual(SCREENING_MATCH_THRESHOLD);
    expect(score('Anastasiya Petrova', 'Anastasia PETROVA')).toBeGreaterThanOrEqual(SCREENING_MATCH_THRESHOLD);
  });

  it('does not match unrelated names', () => {
    expect(score('John Smith', 'Anastasia Igorevna PETROVA')).toBeLessThan(70);
    expect(score('Peter Jones', 'Petrova Anastasia')).toBeLessThan(SCREENING_MATCH_THRESHOLD);
    expect(nameSimilarity('', 'anything')).toBe(0);
  });

  it('lowers the score when the dates of birth disagree, raises nothing past 100 when they agree', () => {
    const same = score('Anastasia Petrova', 'Anastasia PETROVA', ['1971-07-14', '1971-07-14']);
    const yearOnly = score('Anastasia Petrova', 'Anastasia PETROVA', ['1971-07-14', '1971']);
    const otherDay = score('Anastasia Petrova', 'Anastasia PETROVA', ['1971-08-02', '1971-07-14']);
    const otherYear = score('Anastasia Petrova', 'Anastasia PETROVA', ['1985-07-14', '1971-07-14']);
    expect(same).toBe(100);
    expect(yearOnly).toBe(100);
    expect(otherDay).toBeLessThan(same);
    expect(otherYear).toBeLessThan(otherDay);
    expect(otherYear).toBeLessThan(SCREENING_MATCH_THRESHOLD);
  });
});
