import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { isoDate, leasedRunColumns, leasedRunConstraints } from './columns';
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
    ...leasedRunColumns(),
    asAt: isoDate('as_at').notNull(),
    periodFrom: isoDate('period_from').notNull(),
    clientGroupId: integer('client_group_id').references(() => clientGroups.id),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    requestedBy: integer('requested_by').references(() => users.id),
  },
  (t) => [...leasedRunConstraints('statement_runs', t), index('statement_runs_created_idx').on(t.createdAt)],
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
