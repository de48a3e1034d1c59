import type { ImportRowError } from '@platform/domain';
import type { Db } from '../db/client';
import type { UserRow } from '../platform/session';

/** One data row of an uploaded sheet, read through the chosen mapping: `get('email')` is that cell's trimmed text ('' if unmapped). */
export interface ImportRow {
  /** 1-based row of the file, counting the header row. */
  line: number;
  get(field: string): string;
}

/** Every row checked: a record per good row, an error per bad cell; nothing written. */
export interface CheckedImport<R> {
  records: R[];
  errors: ImportRowError[];
  /** Good rows that replace a record already held. */
  updates?: number;
}

/**
 * What one import kind knows (decision 0017): its rules for a row, and how a checked batch is
 * written. The flow around it — reading the file, the mapping, preview, all-or-nothing, progress —
 * is the imports module's and the same for every kind.
 */
export interface Importer<R extends { line: number }> {
  check(db: Db, rows: ImportRow[], actor: UserRow): Promise<CheckedImport<R>>;
  /** Writes one batch inside the import's transaction; answers the rows written and how many replaced a held record. */
  write(
    tx: Db,
    batch: R[],
    actor: { id: number; ip: string; now: Date },
  ): Promise<{ rows: Array<{ id: number } & Record<string, unknown>>; updated: number }>;
  /** A record as the preview shows it. */
  present(record: R): Record<string, unknown>;
}
