import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RecordRetention } from '@platform/domain';
import type { Db } from '../../db/client';
import { activityLog, users } from '../../db/schema';
import type { UserRow } from '../../platform/session';

/** The building blocks of an evidence pack's sections (decision 0033). Every time is UTC. */

/** A block of a section: text, label–value pairs or a table. */
export type Block =
  | { kind: 'text'; text: string; muted?: boolean; bold?: boolean }
  | { kind: 'fields'; pairs: Array<[string, string]> }
  | { kind: 'table'; columns: Array<{ header: string; share: number }>; rows: string[][]; empty: string };

export interface Section {
  title: string;
  blocks: Block[];
}

/** A file of the investor's record that goes into the zip, under `path`. */
export interface PackFile {
  path: string;
  storageKey: string;
}

export interface PackInput {
  db: Db;
  investor: UserRow;
  retention: RecordRetention;
  /** Filled by the documents section: the files the zip carries. */
  files: PackFile[];
}

/** `2026-03-01 14:05 UTC`, or '—' when there is no time. */
export function utcTime(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const iso = new Date(value).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export const text = (value: string, options: { muted?: boolean; bold?: boolean } = {}): Block => ({
  kind: 'text',
  text: value,
  ...options,
});
export const none = (what: string) => `No ${what} recorded.`;

export async function namesOf(db: Db, ids: Array<number | null | undefined>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, `${r.name} (${r.email})`]));
}

/** Changes of one field of the investor's account, from the activity log: when, from, to, by whom. */
export async function fieldHistory(db: Db, investorId: number, field: string) {
  const rows = await db
    .select()
    .from(activityLog)
    .where(
      and(
        eq(activityLog.subjectType, 'user'),
        eq(activityLog.subjectId, String(investorId)),
        inArray(activityLog.action, ['created', 'updated']),
        sql`(${activityLog.after} ->> ${field}) is distinct from (${activityLog.before} ->> ${field})`,
        sql`(${activityLog.after} -> ${field}) is not null`,
      ),
    )
    .orderBy(asc(activityLog.createdAt), asc(activityLog.id));
  const names = await namesOf(
    db,
    rows.map((r) => r.actorId),
  );
  return rows.map((r) => ({
    // The row's own time of change (the app's clock) where the entry carries it.
    at: (r.after as { updatedAt?: string } | null)?.updatedAt ?? r.createdAt,
    from: (r.before as Record<string, unknown> | null)?.[field],
    to: (r.after as Record<string, unknown> | null)?.[field],
    by: r.actorId === investorId ? 'The investor' : r.actorId ? (names.get(r.actorId) ?? `User ${r.actorId}`) : 'The platform',
  }));
}

/** A table block: each column a header and its share of the page's width. */
export const table = (columns: Array<[header: string, share: number]>, rows: string[][], empty: string): Block => ({
  kind: 'table',
  columns: columns.map(([header, share]) => ({ header, share })),
  rows,
  empty,
});
