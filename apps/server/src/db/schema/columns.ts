import { date, numeric, timestamp } from 'drizzle-orm/pg-core';

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
