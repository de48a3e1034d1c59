import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { isoDate } from './columns';
import { users } from './platform';
import { documents } from './records';
import { clientGroups } from './update-reports';

/**
 * Bulk investor statements (decision 0029). A run fixes its investors as items when it is
 * created; a worker claims the run for a lease (`claimed_until`) with FOR UPDATE SKIP LOCKED and
 * files each pending item's statement in its own transaction, so a run whose worker died is taken
 * up again once the lease runs out, from the items still pending.
 */
export const statementRuns = pgTable(
  'statement_runs',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('queued'),
    asAt: isoDate('as_at').notNull(),
    periodFrom: isoDate('period_from').notNull(),
    clientGroupId: integer('client_group_id').references(() => clientGroups.id),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    requestedBy: integer('requested_by').references(() => users.id),
    /** The worker holding the run, until when; a lease that ran out may be claimed by another. */
    worker: text('worker'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('statement_runs_open_idx').on(t.id).where(sql`${t.status} <> 'done'`),
    index('statement_runs_created_idx').on(t.createdAt),
    check('statement_runs_status', sql`${t.status} in ('queued', 'running', 'done')`),
  ],
);

export const statementRunItems = pgTable(
  'statement_run_items',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => statementRuns.id),
    investorId: integer('investor_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    documentId: integer('document_id').references(() => documents.id),
    error: text('error'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.investorId] }),
    index('statement_run_items_pending_idx').on(t.runId, t.investorId).where(sql`${t.status} = 'pending'`),
    check('statement_run_items_status', sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);
