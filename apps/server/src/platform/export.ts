import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import { CSV_BOM, csvRecord, csvRecords } from './csv';
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
  /**
   * Every matching id, in list order: fixing the set first keeps batches consistent while rows
   * change. Lists read from the database give them packed (`packedIds`), 4 bytes an id.
   */
  orderedIds: () => Promise<Int32Array | readonly number[]>;
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

/**
 * A select-list item that reads a list's ids, in its order, as one bytea of 4-byte integers: a
 * million-row export then holds 4 MB of ids and never a row object per id. `unpackIds` reads it.
 */
export const packedIds = (id: PgColumn, orderBy: SQL[]) =>
  sql<Uint8Array | null>`string_agg(int4send(${id}), ''::bytea order by ${sql.join(orderBy, sql`, `)})`;

export function unpackIds(rows: ReadonlyArray<{ ids: Uint8Array | null }>): Int32Array {
  const bytes = rows[0]?.ids;
  if (!bytes) return new Int32Array(0);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ids = new Int32Array(bytes.byteLength / 4);
  for (let i = 0; i < ids.length; i += 1) ids[i] = view.getInt32(i * 4);
  return ids;
}

/**
 * An instant as exports write it, in SQL: ISO 8601 in UTC to the millisecond, the text
 * `Date#toISOString` gives, so a batch can come back from PostgreSQL as text and skip making a
 * Date of every value.
 */
export const isoInstantText = (instant: AnyPgColumn | SQL) =>
  sql<string | null>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function cell<Row>(column: ExportColumn<Row>, row: Row, format: ExportFormat): CellValue {
  const value = column.value(row);
  if (value === null) return null;
  if (column.kind && column.kind !== 'text') return format === 'xlsx' ? Number(value) : value;
  return neutraliseFormula(value);
}

/** Rows read per query: large enough that a batch's few queries cost little per row, small enough to keep memory flat. */
const BATCH_SIZE = 1000;
/**
 * Batches in flight while one is written. PostgreSQL reads a batch while Node writes the one before;
 * with one read ahead each waited on the other about a third of the time, with two both keep busy.
 */
const READ_AHEAD = 2;

/**
 * Streams a list as CSV or Excel, reading it in batches so memory stays flat whatever its size:
 * the ids are read once in list order, then rows are loaded a batch at a time. The next batches
 * (`READ_AHEAD`) are read while this one is written, and a batch is written in one go: the stream
 * is waited on (backpressure) once a batch, not once a row, which is what kept exports far below
 * the database's own speed (decisions 0044, 0049).
 */
export async function sendExport<Row extends { id: number }>(
  request: FastifyRequest,
  reply: FastifyReply,
  format: ExportFormat,
  spec: ExportSpec<Row>,
) {
  const ids = await spec.orderedIds();
  const out = new PassThrough();
  // exceljs loads with the first Excel export, not with the server.
  const writer = format === 'csv' ? csvWriter(out, spec.columns) : xlsxWriter((await import('exceljs')).default, out, spec);
  const produce = async () => {
    const load = (start: number) => {
      const batchIds = Array.from(ids.slice(start, start + BATCH_SIZE));
      const batch = spec.loadBatch(batchIds).then((rows) => ({ batchIds, rows }));
      // Awaited in its turn, where a failure ends the export; marked handled now, so a batch read
      // ahead that fails while an earlier one is written, or after the client left, is no unhandled rejection.
      batch.catch(() => {});
      return batch;
    };
    // The batches read ahead, in order: each runs on its own pooled connection while this one is written.
    const ahead: ReturnType<typeof load>[] = [];
    let loaded = 0;
    const readAhead = () => {
      for (; ahead.length < READ_AHEAD && loaded < ids.length; loaded += BATCH_SIZE) ahead.push(load(loaded));
    };
    readAhead();
    while (ahead.length && !out.destroyed) {
      const { batchIds, rows } = await ahead.shift()!;
      readAhead();
      const byId = new Map(rows.map((row) => [row.id, row]));
      const values: CellValue[][] = [];
      for (const id of batchIds) {
        const row = byId.get(id);
        // A row deleted since the ids were read is left out.
        if (row) values.push(spec.columns.map((column) => cell(column, row, format)));
      }
      await writer.write(values);
    }
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
  /** Writes a batch of rows in one go, then waits until what it wrote has moved on (backpressure). */
  write(rows: CellValue[][]): Promise<void>;
  end(): Promise<void>;
}

async function drained(stream: Writable): Promise<void> {
  if (stream.writableNeedDrain && !stream.destroyed) await once(stream, 'drain');
}

/**
 * exceljs writes a worksheet's XML into the zip without heeding backpressure: when rows come faster
 * than they are compressed, the whole uncompressed sheet piles up in the zip entry's input (71 MB
 * at 100,000 investors, growing with every row). This waits, after a batch, until that input has
 * drained — or the response has closed. The entry is exceljs's internal `stream.pipes[0]` (a
 * readable-stream PassThrough); if a later exceljs lays it out differently there is nothing to wait
 * on and the export still works, only without this bound on memory.
 */
async function sheetDrained(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: Array<NodeJS.EventEmitter & { _writableState?: { needDrain?: boolean } }> } })
    .stream?.pipes?.[0];
  if (!entry?._writableState?.needDrain || out.destroyed) return;
  const stop = new AbortController();
  await Promise.race([once(entry, 'drain', { signal: stop.signal }), once(out, 'close', { signal: stop.signal })]).finally(() =>
    stop.abort(),
  );
}

function csvWriter<Row>(out: PassThrough, columns: ReadonlyArray<ExportColumn<Row>>): RowWriter {
  out.write(CSV_BOM + csvRecord(columns.map((c) => c.header)));
  return {
    async write(rows) {
      // One string a batch: quoting is decided per value, so the bytes are those a row-by-row stream writes.
      if (rows.length) out.write(csvRecords(rows));
      await drained(out);
    },
    async end() {
      out.end();
    },
  };
}

function xlsxWriter<Row extends { id: number }>(Excel: typeof ExcelJS, out: PassThrough, spec: ExportSpec<Row>): RowWriter {
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(spec.sheet);
  // One style object a column, given to every cell of it: exceljs remembers the style of an object it
  // has seen, where a fresh object per cell had it work the style out again for every cell.
  const styles = spec.columns.map((c) => (c.kind && c.kind !== 'text' ? { numFmt: NUMBER_FORMATS[c.kind] } : {}));
  sheet.columns = spec.columns.map((c, i) => ({ header: c.header, width: Math.max(12, c.header.length + 2), style: styles[i] }));
  sheet.getRow(1).font = { bold: true };
  return {
    async write(rows) {
      for (const values of rows) {
        const row = sheet.addRow(values);
        for (let i = 0; i < styles.length; i += 1) row.getCell(i + 1).style = styles[i];
        row.commit();
      }
      await sheetDrained(sheet, out);
      await drained(out);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
