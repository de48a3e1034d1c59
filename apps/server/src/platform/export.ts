import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { AppError } from './errors';

export type ExportFormat = 'csv' | 'xlsx';
export type CellValue = string | number | null;
type NumericKind = 'integer' | 'money' | 'units';
const NUMBER_FORMATS: Record<NumericKind, string> = { integer: '0', money: '#,##0.00', units: '#,##0.000000' };

export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => string | null;
  /** Numeric columns become numbers in Excel, formatted by kind; CSV keeps the exact decimal text. */
  kind?: 'text' | NumericKind;
}

export interface ExportSpec<Row extends { id: number }> {
  filename: string;
  sheet: string;
  columns: ReadonlyArray<ExportColumn<Row>>;
  /** Every matching id, in list order: fixing the set first keeps batches consistent while rows change. */
  orderedIds: () => Promise<number[]>;
  loadBatch: (ids: number[]) => Promise<Row[]>;
}

/** `format` is the one parameter an export adds to its list's filters and sorts. */
export function exportFormat(query: Record<string, unknown>): ExportFormat {
  const format = query.format ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx') throw new AppError('bad_request', "The parameter 'format' must be csv or xlsx.");
  return format;
}

/**
 * A spreadsheet opens a cell starting with = + - @ (or a tab/CR) as a formula: text that came from
 * users is prefixed with a quote so an export can never run one (OWASP CSV injection).
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function cell<Row>(column: ExportColumn<Row>, row: Row, format: ExportFormat): CellValue {
  const value = column.value(row);
  if (value === null) return null;
  if (column.kind && column.kind !== 'text') return format === 'xlsx' ? Number(value) : value;
  return neutraliseFormula(value);
}

/** Rows read per query: large enough that a batch's few queries cost little per row, small enough to keep memory flat. */
const BATCH_SIZE = 1000;

/**
 * Streams a list as CSV or Excel, reading it in batches so memory stays flat whatever its size:
 * the ids are read once in list order, then rows are loaded a batch at a time. The next batch is
 * read while this one is written, and a batch is written in one go: the stream is waited on
 * (backpressure) once a batch, not once a row, which is what kept exports far below the database's
 * own speed (decision 0044).
 */
export async function sendExport<Row extends { id: number }>(
  request: FastifyRequest,
  reply: FastifyReply,
  format: ExportFormat,
  spec: ExportSpec<Row>,
) {
  const ids = await spec.orderedIds();
  const out = new PassThrough();
  const writer = format === 'csv' ? csvWriter(out, spec.columns) : xlsxWriter(out, spec);
  const produce = async () => {
    const load = (start: number) => (start < ids.length ? spec.loadBatch(ids.slice(start, start + BATCH_SIZE)) : null);
    let next = load(0);
    for (let start = 0; next && !out.destroyed; start += BATCH_SIZE) {
      const rows = await next;
      next = load(start + BATCH_SIZE);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const values: CellValue[][] = [];
      for (const id of ids.slice(start, start + BATCH_SIZE)) {
        const row = byId.get(id);
        // A row deleted since the ids were read is left out.
        if (row) values.push(spec.columns.map((column) => cell(column, row, format)));
      }
      writer.write(values);
      await drained(out);
    }
    // A client that went away leaves a batch read ahead: settle it so its failure is not unhandled.
    await next;
    await writer.end();
  };
  produce().catch((error) => {
    request.log.error({ err: error }, 'export failed');
    out.destroy(error as Error);
  });
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header(
      'content-type',
      format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    .header('content-disposition', `attachment; filename="${spec.filename}-${date}.${format}"`)
    .header('cache-control', 'no-store')
    .send(out);
}

interface RowWriter {
  /** Writes a batch of rows without waiting; the caller waits on the output's backpressure after it. */
  write(rows: CellValue[][]): void;
  end(): Promise<void>;
}

async function drained(stream: Writable): Promise<void> {
  if (stream.writableNeedDrain && !stream.destroyed) await once(stream, 'drain');
}

function csvWriter<Row>(out: PassThrough, columns: ReadonlyArray<ExportColumn<Row>>): RowWriter {
  // A byte-order mark makes Excel read the file as UTF-8 (names with accents, £); it and the header go first.
  out.write(stringifyCsv([], { header: true, columns: columns.map((c) => c.header), bom: true }));
  return {
    write(rows) {
      // One string a batch: quoting is decided per value, so the bytes are those a row-by-row stream writes.
      if (rows.length) out.write(stringifyCsv(rows));
    },
    async end() {
      out.end();
    },
  };
}

function xlsxWriter<Row extends { id: number }>(out: PassThrough, spec: ExportSpec<Row>): RowWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(spec.sheet);
  sheet.columns = spec.columns.map((c) => ({
    header: c.header,
    width: Math.max(12, c.header.length + 2),
    style: c.kind && c.kind !== 'text' ? { numFmt: NUMBER_FORMATS[c.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  return {
    write(rows) {
      for (const values of rows) sheet.addRow(values).commit();
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
