import { parse as parseCsv } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@platform/domain';
import { validationError } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form';

export interface Sheet {
  headers: string[];
  /** Data rows under the header, each cell as trimmed text; blank rows are dropped. */
  rows: Array<{ line: number; cells: string[] }>;
}

const fileError = (message: string) => validationError({ file: [message] });

/** Text in UTF-8 when it is (with or without a BOM), else Windows-1252 as older Excel saves CSV. */
function decode(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

function readCsv(data: Buffer): string[][] {
  const text = decode(data);
  if (text.includes('\u0000')) throw fileError('This does not look like a CSV file. Save the spreadsheet as CSV or Excel (.xlsx).');
  try {
    return parseCsv(text, {
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw fileError(`The CSV file could not be read: ${(error as Error).message}`);
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  // exceljs loads with the first spreadsheet read, not with the server.
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw fileError('The Excel file could not be read. Save it again as .xlsx and retry.');
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= sheet.columnCount; column += 1) cells.push(cellText(row.getCell(column).value).trim());
    rows.push(cells);
  });
  return rows;
}

/**
 * Reads the first sheet of an upload: a .csv (comma, semicolon or tab separated) or a .xlsx,
 * told apart by its bytes and name. Anything else, an empty file or one too large is a 422 on file.
 */
export async function readSheet(file: UploadedFile | undefined): Promise<Sheet> {
  if (!file) throw fileError('Choose a .csv or .xlsx file to import.');
  if (file.data.length > IMPORT_MAX_BYTES)
    throw fileError(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it and import the parts.`);
  const name = file.filename.toLowerCase();
  const zip = file.data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  let table: string[][];
  if (name.endsWith('.xlsx') && zip) table = await readXlsx(file.data);
  else if (name.endsWith('.csv') && !zip) table = readCsv(file.data);
  else throw fileError('Upload a .csv or .xlsx file (older .xls files: save them as .xlsx first).');
  const [headerRow, ...body] = table.map((cells, index) => ({ line: index + 1, cells }));
  const rows = body.filter((row) => row.cells.some((cell) => cell !== ''));
  if (!headerRow?.cells.some((cell) => cell !== '')) throw fileError('The file is empty: the first row should name the columns.');
  if (!rows.length) throw fileError('The file has no rows under its header row.');
  if (rows.length > IMPORT_MAX_ROWS)
    throw fileError(`The file has ${rows.length} rows; one import takes at most ${IMPORT_MAX_ROWS}. Split it and import the parts.`);
  return { headers: headerRow.cells.map((cell) => cell.trim()), rows };
}
