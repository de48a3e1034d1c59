/**
 * What the shared date and money fields hold, as the API takes it: a calendar day as 'YYYY-MM-DD',
 * a moment as the wall-clock 'YYYY-MM-DDTHH:mm', an amount as an exact decimal string. People
 * type and read them the UK way (docs/decisions/0038-numbers-and-dates.md).
 */

const UK_DAY = /^\s*(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{4})\s*$/;
const ISO_DAY = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;

function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A date as typed: day first ('5/1/2027', '05/01/2027', '05.01.2027', '05-01-2027'), or pasted as
 * the ISO '2027-01-05'. Never month first. Null for anything else, or a day that does not exist.
 */
export function parseUkDate(text: string): string | null {
  const uk = UK_DAY.exec(text);
  if (uk) return isoDay(Number(uk[3]), Number(uk[2]), Number(uk[1]));
  const iso = ISO_DAY.exec(text);
  return iso ? isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3])) : null;
}

/** A form's 'YYYY-MM-DDTHH:mm' as the date-time picker holds it ('YYYY-MM-DD HH:mm:ss'), and back. */
export function toPickerDateTime(value: string | null | undefined): string | null {
  return value ? `${value.slice(0, 10)} ${value.slice(11, 16)}:00` : null;
}

export function fromPickerDateTime(value: string | null): string {
  return value ? `${value.slice(0, 10)}T${value.slice(11, 16)}` : '';
}

/**
 * The unformatted digits of a money field as an exact amount string: separators gone, a leading or
 * trailing point completed ('.5' → '0.5', '12.' → '12'), never through a float.
 */
export function toAmountString(raw: string): string {
  const text = raw.replace(/[,\s]/g, '');
  if (text === '' || text === '.' || text === '-') return '';
  const [whole, fraction] = text.split('.');
  const digits = whole === '' || whole === '-' ? `${whole}0` : whole;
  return fraction ? `${digits}.${fraction}` : digits;
}
