import { CSV_BOM, csvRecords } from '../../platform/csv';
import { neutraliseFormula } from '../../platform/export';
import type { Statement } from './statement';

const HEADER = [
  'Section',
  'Date',
  'Type',
  'Holding',
  'Detail',
  'Holder',
  'Currency',
  'Shares / units',
  'Cost',
  'Current value',
  'Valued at cost',
  'Realised',
  'Gain',
  'Amount',
];

/**
 * A statement as CSV for spreadsheets and other systems: one table, a row per holding, currency
 * total and transaction, told apart by Section. Figures are the exact decimals and dates ISO days,
 * so nothing is lost to formatting; text is guarded against formula injection.
 */
export function statementCsv(statement: Statement): string {
  const text = (value: string) => neutraliseFormula(value);
  const rows: Array<Array<string | null>> = [
    ...statement.holdings.map((h) => [
      'Holding',
      statement.asAt,
      h.kind,
      text(h.name),
      text(h.detail),
      text(h.holder),
      h.currency,
      h.quantity,
      h.cost,
      h.value,
      h.atCost ? 'yes' : 'no',
      h.realised,
      h.gain,
      null,
    ]),
    ...statement.totals.map((t) => [
      'Total',
      statement.asAt,
      null,
      null,
      null,
      null,
      t.currency,
      null,
      t.cost,
      t.value,
      null,
      t.realised,
      t.gain,
      null,
    ]),
    ...statement.transactions.map((t) => [
      'Transaction',
      t.date,
      t.type,
      text(t.name),
      null,
      text(t.holder),
      t.currency,
      t.quantity,
      null,
      null,
      null,
      null,
      null,
      t.amount,
    ]),
  ];
  // A byte-order mark makes Excel read the file as UTF-8, as the list exports do.
  return CSV_BOM + csvRecords([HEADER, ...rows]);
}
