import { parse as parseCsv } from 'csv-parse/sync';
import { normaliseDateOfBirth, normaliseName, type ScreeningListKind } from '@platform/domain';
import { validationError } from '../../platform/errors';

/** One name of a listed person, ready to store in `screening_entries`. */
export interface ListedName {
  subjectKey: string;
  name: string;
  normalizedName: string;
  aliasType: string | null;
  dateOfBirth: string | null;
  nationality: string | null;
  country: string | null;
  position: string | null;
  regime: string | null;
  reference: string | null;
}

export interface ParsedList {
  /** The list's own date: OFSI's "Last Updated" row. */
  listUpdated: string | null;
  entries: ListedName[];
  /** Rows not screened against: entities and ships, rows with no name. */
  skipped: number;
}

const fileError = (message: string) => validationError({ file: [message] });

function readRows(data: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    // OFSI has published the file in Windows-1252 at times.
    text = new TextDecoder('windows-1252').decode(data);
  }
  if (text.includes('\u0000')) throw fileError('This does not look like a CSV file. Upload the list as CSV.');
  try {
    return parseCsv(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    throw fileError(`The CSV file could not be read: ${(error as Error).message}`);
  }
}

const key = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The cells of a row by (folded) header name; blank cells are null. */
function byHeader(headers: string[], row: string[]) {
  const index = new Map(headers.map((h, i) => [key(h), i]));
  return (name: string): string | null => {
    const i = index.get(name);
    const value = i === undefined ? '' : (row[i] ?? '').trim();
    return value === '' ? null : value;
  };
}

/**
 * The UK consolidated list of financial sanctions targets as HM Treasury/OFSI publishes it in CSV:
 * a "Last Updated" row, then a header row ("Name 6", "Name 1" … "Name 5", "Title", … "DOB", …
 * "Group Type", "Alias Type", … "Group ID"), then one row per name of a target. Name 6 is the
 * surname. Individuals only: entities and ships are not people an investor could be.
 */
export function parseOfsiList(data: Buffer): ParsedList {
  const rows = readRows(data);
  const headerAt = rows.findIndex((row) => row.some((c) => key(c) === 'name 6') && row.some((c) => key(c) === 'group id'));
  if (headerAt < 0)
    throw fileError(
      'This is not the OFSI consolidated list: no header row with "Name 6" and "Group ID" was found. Upload the CSV file as published.',
    );
  const updatedRow = rows.slice(0, headerAt).find((row) => key(row[0] ?? '') === 'last updated');
  const headers = rows[headerAt];
  const entries: ListedName[] = [];
  let skipped = 0;
  for (const row of rows.slice(headerAt + 1)) {
    const cell = byHeader(headers, row);
    const groupType = cell('group type');
    const name = [cell('name 1'), cell('name 2'), cell('name 3'), cell('name 4'), cell('name 5'), cell('name 6')].filter(Boolean).join(' ');
    const groupId = cell('group id');
    if ((groupType && groupType.toLowerCase() !== 'individual') || !normaliseName(name) || !groupId) {
      skipped += 1;
      continue;
    }
    entries.push({
      subjectKey: `sanctions:${groupId}`,
      name,
      normalizedName: normaliseName(name),
      aliasType: cell('alias type'),
      dateOfBirth: normaliseDateOfBirth(cell('dob')),
      nationality: cell('nationality'),
      country: cell('country of birth') ?? cell('country'),
      position: cell('position'),
      regime: cell('regime'),
      reference: groupId,
    });
  }
  if (!entries.length) throw fileError('The list has no individuals to screen against.');
  return { listUpdated: updatedRow?.[1]?.trim() || null, entries, skipped };
}

/** A PEP list: a header row naming at least `name`, then `date of birth`, `position` and `country` where known. */
export function parsePepList(data: Buffer): ParsedList {
  const [headers, ...rows] = readRows(data);
  const folded = (headers ?? []).map(key);
  if (!folded.includes('name'))
    throw fileError('The PEP list needs a header row with the columns name, date of birth, position and country.');
  const dobColumn = folded.find((h) => h === 'date of birth' || h === 'dob') ?? 'date of birth';
  const entries: ListedName[] = [];
  let skipped = 0;
  for (const row of rows) {
    const cell = byHeader(headers, row);
    const name = cell('name') ?? '';
    const normalizedName = normaliseName(name);
    if (!normalizedName) {
      skipped += 1;
      continue;
    }
    const dateOfBirth = normaliseDateOfBirth(cell(dobColumn));
    entries.push({
      subjectKey: `pep:${normalizedName}|${dateOfBirth ?? ''}`,
      name,
      normalizedName,
      aliasType: null,
      dateOfBirth,
      nationality: null,
      country: cell('country'),
      position: cell('position'),
      regime: null,
      reference: null,
    });
  }
  if (!entries.length) throw fileError('The list has no names to screen against.');
  return { listUpdated: null, entries, skipped };
}

export const LIST_PARSERS: Record<ScreeningListKind, (data: Buffer) => ParsedList> = { sanctions: parseOfsiList, pep: parsePepList };
