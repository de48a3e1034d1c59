import { STATEMENT_MAX_BYTES, STATEMENT_MAX_LINES, CURRENCIES, type BankStatementFormat } from '@platform/domain';
import { validationError } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form';
import { type ParsedStatement, type StatementOptions, statementError } from './lines';
import { readCsvStatement } from './parse-csv';
import { readCamtStatement, readOfxStatement } from './parse-xml';

/** Text in UTF-8 when it is (with or without a BOM), else Windows-1252 as older bank exports are. */
function decode(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** The format, told by the bytes: CAMT.053 XML, OFX (SGML 1.x or XML 2.x), or else CSV by its name. */
function formatOf(text: string, filename: string): BankStatementFormat {
  const head = text.slice(0, 4096);
  if (/OFXHEADER|<OFX>/i.test(head)) return 'ofx';
  if (/<(\w+:)?Document[\s>]/.test(head) && /camt\.05[23]|BkToCstmrStmt/.test(text.slice(0, 65_536))) return 'camt053';
  if (/\.(csv|txt)$/i.test(filename) && !head.includes('\u0000')) return 'csv';
  throw statementError('Upload a bank statement as CSV, OFX or CAMT.053 (ISO 20022 XML).');
}

/**
 * Reads an uploaded statement into its lines, all or nothing: an empty, too large or unknown
 * file, or any line whose day or amount cannot be read, is a 422 on `file`.
 */
export function parseStatement(file: UploadedFile | undefined, options: StatementOptions): ParsedStatement {
  if (!file) throw statementError('Choose a bank statement file (CSV, OFX or CAMT.053).');
  if (file.data.length > STATEMENT_MAX_BYTES)
    throw statementError(`The file is larger than ${STATEMENT_MAX_BYTES / 1024 / 1024} MB. Split the statement and upload the parts.`);
  if (!(CURRENCIES as readonly string[]).includes(options.currency))
    throw validationError({ currency: [`Choose one of ${CURRENCIES.join(', ')}.`] });
  const text = decode(file.data).replace(/^\uFEFF/, '');
  if (!text.trim()) throw statementError('The file is empty.');
  const format = formatOf(text, file.filename);
  const parsed =
    format === 'csv'
      ? { format, account: null, lines: readCsvStatement(text, options) }
      : format === 'ofx'
        ? { format, ...readOfxStatement(text) }
        : { format, ...readCamtStatement(text) };
  if (!parsed.lines.length) throw statementError('The statement has no transactions.');
  if (parsed.lines.length > STATEMENT_MAX_LINES)
    throw statementError(`The statement has ${parsed.lines.length} lines; one upload takes at most ${STATEMENT_MAX_LINES}.`);
  return parsed;
}
