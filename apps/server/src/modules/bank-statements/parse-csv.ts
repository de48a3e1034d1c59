import { parse } from 'csv-parse/sync';
import {
  guessStatementColumns,
  parseStatementAmount,
  parseStatementDate,
  STATEMENT_CSV_FIELD_LABELS,
  type StatementCsvField,
  type StatementCsvMapping,
} from '@platform/domain';
import { type ParsedLine, type StatementOptions, statementError } from './lines';

type Row = { record: string[]; info: { lines: number } };

/** The separator its header row uses most: comma, semicolon (where the comma is the decimal mark) or tab. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
  const count = (d: string) => header.split(d).length;
  return [';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

/**
 * A CSV statement: a header row, then one transaction a row, in the columns staff chose or, left
 * out, the columns its header names (common bank layouts). A row whose amount cell is empty (a
 * "paid in" column on a payment out) is money out. Line numbers are the file's.
 */
export function readCsvStatement(text: string, options: StatementOptions): ParsedLine[] {
  let rows: Row[];
  try {
    rows = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as Row[];
  } catch (error) {
    const { lines, message } = error as { lines?: number; message: string };
    throw statementError(`The CSV file could not be read: ${message.replace(/^Invalid[^:]*: /, '')}`, lines);
  }
  const [header, ...body] = rows;
  if (!header) throw statementError('The file is empty.');
  const mapping: StatementCsvMapping = options.mapping ?? guessStatementColumns(header.record);
  const missing = (['date', 'amount'] as const).filter((field) => mapping[field] === undefined);
  if (missing.length)
    throw statementError(
      `Choose the ${missing.map((f) => STATEMENT_CSV_FIELD_LABELS[f].toLowerCase()).join(' and ')} column: the header row does not name it.`,
    );
  const cell = (row: Row, field: StatementCsvField) => {
    const index = mapping[field];
    return index === undefined ? '' : (row.record[index] ?? '').trim();
  };
  const lines: ParsedLine[] = [];
  for (const row of body) {
    const line = row.info.lines;
    const amountText = cell(row, 'amount');
    const bookedOn = parseStatementDate(cell(row, 'date'));
    if (!bookedOn) throw statementError(`"${cell(row, 'date')}" is not a date (use YYYY-MM-DD or DD/MM/YYYY).`, line);
    // An empty cell in a "paid in" column is a payment out: counted with the debits.
    const amount = amountText === '' ? '0.00' : parseStatementAmount(amountText);
    if (amount === null) throw statementError(`"${amountText}" is not an amount with at most two decimal places.`, line);
    lines.push({
      position: line,
      bookedOn,
      amount,
      currency: options.currency,
      reference: cell(row, 'reference'),
      payerName: cell(row, 'payer_name'),
      bankId: '',
    });
  }
  return lines;
}
