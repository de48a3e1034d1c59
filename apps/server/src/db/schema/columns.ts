import { sql } from 'drizzle-orm';
import { check, date, index, numeric, type PgColumn, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column shapes every business table shares. Money is numeric(20,2); share prices, unit counts and
 * NAV per unit numeric(24,6) — both read as exact decimal strings; calendar dates as 'YYYY-MM-DD'.
 */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Soft delete: only delete_unsafe removes a row. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
};

export const money = (name: string) => numeric(name, { precision: 20, scale: 2 });
export const units = (name: string) => numeric(name, { precision: 24, scale: 6 });
export const isoDate = (name: string) => date(name, { mode: 'string' });

/**
 * The columns of a background run worked through under a lease (platform/leased-runs.ts, decision
 * 0029): its state, the worker holding it and until when (a lease that ran out may be claimed by
 * another), and when it was asked for, started and finished.
 */
export const leasedRunColumns = () => ({
  id: serial('id').primaryKey(),
  status: text('status').notNull().default('queued'),
  worker: text('worker'),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** A run table's index of the runs still open, and the check of its states. */
export const leasedRunConstraints = (table: string, t: { id: PgColumn; status: PgColumn }) => [
  index(`${table}_open_idx`).on(t.id).where(sql`${t.status} <> 'done'`),
  check(`${table}_status`, sql`${t.status} in ('queued', 'running', 'done')`),
];
