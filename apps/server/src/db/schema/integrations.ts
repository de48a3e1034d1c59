import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Personal API tokens (decision 0066): the SHA-256 of the token, never the token; a request with
 * `Authorization: Bearer` acts as its owner with the owner's current role, or only its reads when
 * `read_only`. Revoked tokens are kept for the record and refused.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters of the token, so its owner can tell tokens apart. */
    prefix: text('prefix').notNull(),
    readOnly: boolean('read_only').notNull().default(false),
    expiresAt: at('expires_at'),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

/**
 * A trigger: on one event, a signed webhook to `url` and/or an e-mail to chosen staff. The signing
 * secret is sealed under the app key (it must be read back to sign) and shown only once.
 */
export const triggers = pgTable(
  'triggers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    event: text('event').notNull(),
    url: text('url'),
    secretSealed: text('secret_sealed'),
    emailUserIds: jsonb('email_user_ids').$type<number[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('triggers_event_idx').on(t.event).where(sql`${t.deletedAt} is null and ${t.active}`)],
);

/** An event that happened, written in the same transaction as the change (the outbox). */
export const triggerEvents = pgTable('trigger_events', {
  id: uuid('id').primaryKey(),
  event: text('event').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  occurredAt: at('occurred_at').notNull(),
});

/**
 * One sending of an event to one trigger, by webhook or e-mail: the delivery log. `next_attempt_at`
 * is when a worker may take it; taking it moves that on by a lease (FOR UPDATE SKIP LOCKED), as the
 * accounting sync does. A replay by hand is a new delivery (a new delivery id) pointing at the old.
 */
export const triggerDeliveries = pgTable(
  'trigger_deliveries',
  {
    id: serial('id').primaryKey(),
    deliveryId: uuid('delivery_id').notNull().unique(),
    triggerId: integer('trigger_id')
      .notNull()
      .references(() => triggers.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => triggerEvents.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    lastError: text('last_error'),
    nextAttemptAt: at('next_attempt_at'),
    deliveredAt: at('delivered_at'),
    replayOf: integer('replay_of'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('trigger_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} <> 'delivered'`),
    index('trigger_deliveries_trigger_idx').on(t.triggerId, t.id),
    check('trigger_deliveries_channel', sql`${t.channel} in ('webhook', 'email')`),
    check('trigger_deliveries_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
