import type { Action, PermissionEvent } from './permissions';

/**
 * Importing from a spreadsheet — investors, contacts, portfolio companies' KPI values: the fields a
 * column can fill, the header names each is recognised by, the columns each kind needs, who may run
 * it, and the forgiving readers firms moving from spreadsheets need.
 */
export const IMPORT_KINDS = ['contacts', 'investors', 'kpi-values'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The permission each kind needs (spec §6): people are `investors` create, KPI values `kpis` create. */
export const IMPORT_GRANTS: Record<ImportKind, readonly [PermissionEvent, Action]> = {
  contacts: ['investors', 'create'],
  investors: ['investors', 'create'],
  'kpi-values': ['kpis', 'create'],
};

export interface ImportField {
  key: string;
  label: string;
  required?: boolean;
  /** Header names (compared without case, spaces or punctuation) that map to this field. */
  aliases: readonly string[];
}

const NAME: ImportField = { key: 'name', label: 'Full name', aliases: ['name', 'full name', 'contact name', 'investor name', 'contact'] };
const FIRST: ImportField = { key: 'first_name', label: 'First name', aliases: ['first name', 'firstname', 'forename', 'given name'] };
const LAST: ImportField = { key: 'last_name', label: 'Last name', aliases: ['last name', 'lastname', 'surname', 'family name'] };
const EMAIL: ImportField = { key: 'email', label: 'E-mail', aliases: ['email', 'e-mail', 'email address', 'e-mail address', 'mail'] };
const PHONE: ImportField = {
  key: 'phone',
  label: 'Phone',
  aliases: ['phone', 'telephone', 'tel', 'mobile', 'phone number', 'mobile number'],
};

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  contacts: [
    NAME,
    FIRST,
    LAST,
    EMAIL,
    PHONE,
    { key: 'company', label: 'Company', aliases: ['company', 'organisation', 'organization', 'employer', 'firm'] },
    { key: 'source', label: 'Source', aliases: ['source', 'lead source', 'referred by', 'origin'] },
    { key: 'interest', label: 'Interest', aliases: ['interest', 'investor interest', 'finance'] },
    { key: 'status', label: 'Status', aliases: ['status', 'contact status'] },
    { key: 'lead_status', label: 'Lead status', aliases: ['lead status', 'stage', 'lead stage'] },
    {
      key: 'owner',
      label: 'Owner (staff e-mail or name)',
      aliases: ['owner', 'account owner', 'relationship manager', 'rm', 'assigned to'],
    },
  ],
  investors: [
    NAME,
    FIRST,
    LAST,
    EMAIL,
    PHONE,
    { key: 'date_of_birth', label: 'Date of birth', aliases: ['date of birth', 'dob', 'birth date', 'birthday'] },
    { key: 'nationality', label: 'Nationality', aliases: ['nationality', 'citizenship'] },
    { key: 'address_line1', label: 'Address line 1', aliases: ['address', 'address line 1', 'address 1', 'street'] },
    { key: 'address_line2', label: 'Address line 2', aliases: ['address line 2', 'address 2'] },
    { key: 'city', label: 'Town or city', aliases: ['city', 'town', 'town city'] },
    { key: 'postcode', label: 'Postcode', aliases: ['postcode', 'post code', 'zip', 'postal code'] },
    { key: 'country', label: 'Country', aliases: ['country'] },
    {
      key: 'owner',
      label: 'Owner (staff e-mail or name)',
      aliases: ['owner', 'account owner', 'relationship manager', 'rm', 'assigned to'],
    },
  ],
  'kpi-values': [
    { key: 'company', label: 'Company', aliases: ['company', 'company name', 'investment', 'portfolio company', 'business'] },
    { key: 'kpi', label: 'KPI', aliases: ['kpi', 'kpi name', 'metric', 'measure', 'indicator'] },
    { key: 'period', label: 'Period (2026-Q1, 2026-03 or 2026)', aliases: ['period', 'quarter', 'month', 'year', 'reporting period'] },
    { key: 'value', label: 'Value', aliases: ['value', 'amount', 'figure', 'actual'] },
    { key: 'note', label: 'Note', aliases: ['note', 'notes', 'comment', 'comments'] },
  ],
};

/**
 * The columns a kind cannot do without: each entry is satisfied by any one of its fields, else the
 * mapping is refused with its message.
 */
export const IMPORT_REQUIRED: Record<ImportKind, ReadonlyArray<{ anyOf: readonly string[]; message: string }>> = {
  contacts: [{ anyOf: ['name', 'first_name', 'last_name'], message: 'Choose the column holding the name (or the first and last names).' }],
  investors: [
    { anyOf: ['name', 'first_name', 'last_name'], message: 'Choose the column holding the name (or the first and last names).' },
    { anyOf: ['email'], message: 'Choose the column holding the e-mail address: investors sign in with it.' },
  ],
  'kpi-values': [
    { anyOf: ['company'], message: 'Choose the column holding the company.' },
    { anyOf: ['kpi'], message: 'Choose the column holding the KPI.' },
    { anyOf: ['period'], message: 'Choose the column holding the period.' },
    { anyOf: ['value'], message: 'Choose the column holding the value.' },
  ],
};

/** The largest file and the most rows one import takes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

/** column index (as text) → field key; a column mapped to nothing is ignored. */
export type ImportMapping = Record<string, string>;

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Guesses which field each header fills; each field is taken by the first column that names it. */
export function guessImportMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  headers.forEach((header, index) => {
    const key = normalise(header);
    const field = IMPORT_FIELDS[kind].find(
      (f) => !taken.has(f.key) && (normalise(f.key) === key || f.aliases.some((a) => normalise(a) === key)),
    );
    if (field) {
      mapping[String(index)] = field.key;
      taken.add(field.key);
    }
  });
  return mapping;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoFrom(year: number, month: number, day: number): string | null {
  if (year < 100) year += year >= 50 ? 1900 : 2000;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date as UK spreadsheets write it: 31/01/1980, 31-01-80, 31.1.1980, 1980-01-31, 31 Jan 1980,
 * 31 January 1980. Day first, always (a UK firm's 01/02 is the 1st of February).
 */
export function parseUkDate(value: string): string | null {
  const text = value.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (m) return isoFrom(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  if (m) return isoFrom(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]+)\.?,?[\s-]+(\d{2}|\d{4})$/i.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[2].slice(0, 3).toLowerCase());
    if (month >= 0 && (m[2].length === 3 || m[2].toLowerCase().startsWith(MONTHS[month])))
      return isoFrom(Number(m[3]), month + 1, Number(m[1]));
  }
  return null;
}

export interface ImportRowError {
  /** 1-based row of the file, counting the header row, as a spreadsheet shows it. */
  row: number;
  field: string;
  message: string;
}
