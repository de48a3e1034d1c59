import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './platform';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The firm's connection to an accounting service (decision 0059): the organisation (tenant) it
 * reaches and its OAuth tokens, sealed with AES-256-GCM under the app key — never stored or logged
 * in clear. One connection per service.
 */
export const accountingConnections = pgTable('accounting_connections', {
  id: serial('id').primaryKey(),
  service: text('service').notNull().unique(),
  tenantId: text('tenant_id').notNull(),
  tenantName: text('tenant_name'),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token').notNull(),
  expiresAt: at('expires_at').notNull(),
  connectedBy: integer('connected_by').references(() => users.id),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * A sign-in to an accounting service under way: the hash of the state sent with it, who started it
 * and until when it may come back. The callback deletes the row it matches, so a state is used once.
 */
export const accountingAuthorisations = pgTable('accounting_authorisations', {
  stateHash: text('state_hash').primaryKey(),
  service: text('service').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: at('expires_at').notNull(),
});

/**
 * The sync log: each record sent (or to be sent) to an accounting organisation — an investor as a
 * contact, a cash call as an invoice, a received payment as a payment — once per organisation, with
 * the service's id for it, its state, the last error and the attempts. `next_attempt_at` is when a
 * worker may take it next; taking it moves that time on by a lease, so two instances never send it
 * at once, and an item whose worker died is taken again when the lease runs out.
 */
export const accountingSyncItems = pgTable(
  'accounting_sync_items',
  {
    id: serial('id').primaryKey(),
    service: text('service').notNull(),
    tenantId: text('tenant_id').notNull(),
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('pending'),
    externalId: text('external_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: at('next_attempt_at'),
    sentAt: at('sent_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_sync_items_subject_unique').on(t.service, t.tenantId, t.kind, t.subjectId),
    index('accounting_sync_items_due_idx').on(t.nextAttemptAt).where(sql`${t.status} <> 'sent'`),
    index('accounting_sync_items_list_idx').on(t.status, t.updatedAt),
    check('accounting_sync_items_kind', sql`${t.kind} in ('contact', 'invoice', 'payment', 'receipt')`),
    check('accounting_sync_items_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
