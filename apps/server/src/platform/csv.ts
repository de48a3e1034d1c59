/**
 * CSV as RFC 4180 writes it, the one writer of every CSV file the product serves (list exports,
 * statements): comma-separated, `\n` after every record, a value quoted only when it holds a
 * comma, a double quote, CR or LF, and a quote inside a quoted value doubled. null is an empty
 * field. These are the bytes csv-stringify gave with its defaults; done here with one regular
 * expression a value, because an export of a million rows spent most of its time in that library's
 * per-value option checks (decision 0049).
 */
export type CsvValue = string | number | null;

/** A byte-order mark makes Excel read the file as UTF-8 (names with accents, £). */
export const CSV_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record and its line end. */
export function csvRecord(values: readonly CsvValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i += 1) line += i === 0 ? csvField(values[i]) : `,${csvField(values[i])}`;
  return `${line}\n`;
}

/** Whole records, e.g. a batch of an export, as one string. */
export function csvRecords(records: readonly (readonly CsvValue[])[]): string {
  let text = '';
  for (const record of records) text += csvRecord(record);
  return text;
}
