import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ACCOUNTING_SYNC_KIND_LABELS,
  ACCOUNTING_SYNC_STATUS_LABELS,
  type AccountingServiceName,
  type AccountingSyncItem,
  type AccountingSyncKind,
  type AccountingSyncStatus,
  formatCalendarDay,
  formatMoney,
} from '@platform/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { accountingConnections, accountingSyncItems, investmentOpportunities, investments, payments, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { utcDate } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { nextAttemptAfterFailure, takeDueItems } from '../../platform/due-items';
import { notFound, validationError } from '../../platform/errors';
import { accountingService, type ConnectionRow, openSession } from './connections';
import { type AccountingService, AccountingServiceError, type AccountingSession } from './service';

/** How often each instance looks for records to send and items due again. */
export const SYNC_TICK_MS = 10_000;
/** A taken item is left to its worker this long; after it, another may take it again. */
const LEASE_MS = 2 * 60 * 1000;
/** An invoice waits for its contact, a payment for its invoice, this long before it is looked at again. */
const WAIT_MS = 30_000;
const BATCH = 25;

type Deps = Pick<AppContext, 'db' | 'clock' | 'config' | 'appKey'>;
type ItemRow = typeof accountingSyncItems.$inferSelect;

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Finds what the organisation has not had yet and writes it to the sync log as pending, in set
 * statements (unique per organisation, kind and record, so finding it again adds nothing):
 * open cash calls, and calls issued since connecting whatever became of them, as invoices; fees and
 * membership payments received by card since connecting, as receipts; the investors of both as
 * contacts; the payments received against an invoiced call. A contact whose investor changed after
 * it was sent is sent again.
 */
export async function findChanges(db: Db, connection: ConnectionRow, now: Date): Promise<void> {
  const key = sql`${connection.service}, ${connection.tenantId}`;
  const ours = sql`s.service = ${connection.service} and s.tenant_id = ${connection.tenantId}`;
  const invoiced = sql`${ours} and s.kind = 'invoice'`;
  await db.execute(sql`
    insert into ${accountingSyncItems} (service, tenant_id, kind, subject_id, description, next_attempt_at)
    select ${key}, 'invoice', i.id,
           'Cash call ' || i.payment_reference, ${ts(now)}
    from ${investments} i
    where i.deleted_at is null and i.cash_call_at is not null
      and (i.status = 'cash_call' or (i.status in ('paid', 'completed') and i.cash_call_at >= ${ts(connection.createdAt)}))
    on conflict do nothing`);
  await db.execute(sql`
    insert into ${accountingSyncItems} (service, tenant_id, kind, subject_id, description, next_attempt_at)
    select ${key}, 'receipt', p.id,
           case p.purpose when 'fee' then 'Fee: ' else 'Membership: ' end || coalesce(p.note, p.provider_reference, p.id::text), ${ts(now)}
    from ${payments} p
    where p.purpose in ('fee', 'membership') and p.state = 'received' and p.deleted_at is null and p.user_id is not null
      and p.received_on >= ${utcDate(connection.createdAt)}
    on conflict do nothing`);
  await db.execute(sql`
    insert into ${accountingSyncItems} (service, tenant_id, kind, subject_id, description, next_attempt_at)
    select ${key}, 'contact', u.id, u.name || ' (' || u.email || ')', ${ts(now)}::timestamptz
    from ${users} u
    where u.id in (
      select i.user_id from ${accountingSyncItems} s join ${investments} i on i.id = s.subject_id where ${invoiced}
      union
      select p.user_id from ${accountingSyncItems} s join ${payments} p on p.id = s.subject_id where ${ours} and s.kind = 'receipt')
    on conflict do nothing`);
  await db.execute(sql`
    insert into ${accountingSyncItems} (service, tenant_id, kind, subject_id, description, next_attempt_at)
    select ${key}, 'payment', p.id,
           'Payment against ' || i.payment_reference, ${ts(now)}
    from ${accountingSyncItems} s join ${payments} p on p.investment_id = s.subject_id join ${investments} i on i.id = p.investment_id
    where ${invoiced} and p.state = 'received' and p.deleted_at is null
    on conflict do nothing`);
  await db.execute(sql`
    update ${accountingSyncItems} s set status = 'pending', next_attempt_at = ${ts(now)}, attempts = 0,
           description = u.name || ' (' || u.email || ')', updated_at = ${ts(now)}
    from ${users} u
    where s.service = ${connection.service} and s.tenant_id = ${connection.tenantId} and s.kind = 'contact'
      and s.status = 'sent' and u.id = s.subject_id and u.updated_at > s.sent_at`);
}

/** Takes up to a batch of due items for a lease (FOR UPDATE SKIP LOCKED): contacts first, then invoices, then payments. */
async function takeDue(db: Db, connection: ConnectionRow, now: Date): Promise<ItemRow[]> {
  const ids = await takeDueItems(db, accountingSyncItems, {
    where: sql`service = ${connection.service} and tenant_id = ${connection.tenantId} and status <> 'sent'`,
    orderBy: sql`case kind when 'contact' then 0 when 'invoice' then 1 else 2 end, id`,
    now,
    leaseMs: LEASE_MS,
    batch: BATCH,
  });
  if (!ids.length) return [];
  const taken = await db.select().from(accountingSyncItems).where(inArray(accountingSyncItems.id, ids));
  const order: Record<string, number> = { contact: 0, invoice: 1, payment: 2, receipt: 2 };
  return taken.sort((a, b) => order[a.kind] - order[b.kind] || a.id - b.id);
}

/** The service's id of an item already sent to the organisation, or null while it is not. */
async function sentId(db: Db, item: ItemRow, kind: AccountingSyncKind, subjectId: number): Promise<string | null> {
  const [row] = await db
    .select({ externalId: accountingSyncItems.externalId })
    .from(accountingSyncItems)
    .where(
      and(
        eq(accountingSyncItems.service, item.service),
        eq(accountingSyncItems.tenantId, item.tenantId),
        eq(accountingSyncItems.kind, kind),
        eq(accountingSyncItems.subjectId, subjectId),
        eq(accountingSyncItems.status, 'sent'),
      ),
    );
  return row?.externalId ?? null;
}

/** What went, in the words staff read on the sync log. */
type Sent = { externalId: string; description: string };

/** Sends one item: the service's id for it and what went, or 'wait' while what it refers to has not been sent. */
async function send(db: Db, service: AccountingService, session: AccountingSession, item: ItemRow): Promise<Sent | 'wait'> {
  const idempotencyKey = `${item.service}-${item.tenantId}-${item.kind}-${item.subjectId}`;
  switch (item.kind as AccountingSyncKind) {
    case 'contact': {
      const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, item.subjectId));
      if (!user) throw new AccountingServiceError('The investor no longer exists.');
      const externalId = await service.upsertContact(session, {
        externalId: item.externalId,
        number: `investor-${item.subjectId}`,
        ...user,
      });
      return { externalId, description: `${user.name} (${user.email})` };
    }
    case 'invoice': {
      // An invoice is created once: an item that has the service's id is never sent again.
      if (item.externalId) return { externalId: item.externalId, description: item.description };
      const [call] = await db
        .select({ call: investments, opportunity: investmentOpportunities.name })
        .from(investments)
        .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
        .where(eq(investments.id, item.subjectId));
      if (!call) throw new AccountingServiceError('The cash call no longer exists.');
      const contactId = await sentId(db, item, 'contact', call.call.userId);
      if (!contactId) return 'wait';
      const issuedOn = utcDate(call.call.cashCallAt ?? call.call.createdAt);
      const dueOn = call.call.paymentDueOn ?? issuedOn;
      const externalId = await service.createInvoice(session, {
        idempotencyKey,
        contactId,
        reference: call.call.paymentReference,
        description: `Investment in ${call.opportunity}`,
        amount: call.call.amount,
        currency: call.call.currency,
        issuedOn,
        dueOn,
      });
      const amount = formatMoney({ amount: call.call.amount, currency: call.call.currency });
      return { externalId, description: `Cash call ${call.call.paymentReference}: ${amount}, due ${formatCalendarDay(dueOn)}` };
    }
    case 'payment': {
      if (item.externalId) return { externalId: item.externalId, description: item.description };
      const [row] = await db
        .select({ payment: payments, reference: investments.paymentReference })
        .from(payments)
        .innerJoin(investments, eq(investments.id, payments.investmentId))
        .where(eq(payments.id, item.subjectId));
      if (!row) throw new AccountingServiceError('The payment no longer exists.');
      const { payment } = row;
      const investmentId = row.payment.investmentId!;
      const invoiceId = await sentId(db, item, 'invoice', investmentId);
      if (!invoiceId) return 'wait';
      const externalId = await service.createPayment(session, {
        idempotencyKey,
        invoiceId,
        amount: payment.amount,
        paidOn: payment.receivedOn,
        reference: payment.providerReference ?? payment.note,
      });
      const amount = formatMoney({ amount: payment.amount, currency: payment.currency });
      return { externalId, description: `${amount} received ${formatCalendarDay(payment.receivedOn)} against ${row.reference}` };
    }
    case 'receipt': {
      // A fee or membership payment is already paid: an invoice for it and a payment settling it. Both
      // carry their own idempotency key, so a retry after the invoice went creates neither twice.
      if (item.externalId) return { externalId: item.externalId, description: item.description };
      const [payment] = await db.select().from(payments).where(eq(payments.id, item.subjectId));
      if (!payment?.userId) throw new AccountingServiceError('The payment no longer exists.');
      const contactId = await sentId(db, item, 'contact', payment.userId);
      if (!contactId) return 'wait';
      const reference = payment.providerReference ?? `payment-${payment.id}`;
      const invoiceId = await service.createInvoice(session, {
        idempotencyKey: `${idempotencyKey}-invoice`,
        contactId,
        reference,
        description: item.description,
        amount: payment.amount,
        currency: payment.currency,
        issuedOn: payment.receivedOn,
        dueOn: payment.receivedOn,
      });
      await service.createPayment(session, {
        idempotencyKey: `${idempotencyKey}-payment`,
        invoiceId,
        amount: payment.amount,
        paidOn: payment.receivedOn,
        reference,
      });
      const amount = formatMoney({ amount: payment.amount, currency: payment.currency });
      return { externalId: invoiceId, description: `${item.description}: ${amount} paid ${formatCalendarDay(payment.receivedOn)}` };
    }
  }
}

/** Sends what is due to one connected organisation; how many items were sent. */
async function syncConnection(ctx: Deps, connection: ConnectionRow): Promise<number> {
  const service = accountingService(ctx, connection.service as AccountingServiceName);
  if (!service) return 0;
  await findChanges(ctx.db, connection, ctx.clock.now());
  let sent = 0;
  while (true) {
    const items = await takeDue(ctx.db, connection, ctx.clock.now());
    if (!items.length) return sent;
    let session: AccountingSession | Error;
    try {
      session = await openSession(ctx, connection);
    } catch (err) {
      if (!(err instanceof AccountingServiceError)) throw err;
      session = err;
    }
    for (const item of items) {
      const now = ctx.clock.now();
      try {
        if (session instanceof Error) throw session;
        const outcome = await send(ctx.db, service, session, item);
        if (outcome === 'wait') {
          await ctx.db
            .update(accountingSyncItems)
            .set({
              nextAttemptAt: new Date(now.getTime() + WAIT_MS),
              lastError: `Waiting for its ${item.kind === 'payment' ? 'invoice' : 'contact'} to be sent.`,
              updatedAt: now,
            })
            .where(eq(accountingSyncItems.id, item.id));
          continue;
        }
        await ctx.db
          .update(accountingSyncItems)
          .set({
            status: 'sent',
            ...outcome,
            lastError: null,
            nextAttemptAt: null,
            sentAt: now,
            updatedAt: now,
            attempts: item.attempts + 1,
          })
          .where(eq(accountingSyncItems.id, item.id));
        sent++;
      } catch (err) {
        if (!(err instanceof AccountingServiceError)) throw err;
        const attempts = item.attempts + 1;
        await ctx.db
          .update(accountingSyncItems)
          .set({
            status: 'failed',
            attempts,
            lastError: err.message.slice(0, 2000),
            nextAttemptAt: nextAttemptAfterFailure(now, attempts),
            updatedAt: now,
          })
          .where(eq(accountingSyncItems.id, item.id));
      }
    }
  }
}

/**
 * One turn of the sync (decision 0059), run by a tick on every instance and after a change staff
 * make here: for each connected organisation, find what changed, then send what is due.
 */
export async function runAccountingSync(ctx: Deps): Promise<number> {
  const connections = await ctx.db.select().from(accountingConnections);
  let sent = 0;
  for (const connection of connections) sent += await syncConnection(ctx, connection);
  return sent;
}

/** Staff send one failed or waiting item again now; the next turn takes it. */
export async function retryItem(ctx: Deps, id: number, request: FastifyRequest): Promise<ItemRow> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(accountingSyncItems).where(eq(accountingSyncItems.id, id)).for('update');
    if (!before) throw notFound('sync item');
    if (before.status === 'sent') throw validationError({ status: ['This item has been sent: there is nothing to retry.'] });
    const [after] = await tx
      .update(accountingSyncItems)
      .set({ nextAttemptAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
      .where(eq(accountingSyncItems.id, id))
      .returning();
    await recordActivity(tx, {
      request,
      action: 'accounting_sync_retried',
      subjectType: 'accounting_sync_item',
      subjectId: id,
      before: { status: before.status, attempts: before.attempts, last_error: before.lastError },
      after: { next_attempt_at: after.nextAttemptAt },
    });
    return after;
  });
}

export function presentSyncItem(row: ItemRow): AccountingSyncItem {
  const kind = row.kind as AccountingSyncKind;
  const status = row.status as AccountingSyncStatus;
  return {
    id: row.id,
    service: row.service as AccountingServiceName,
    kind,
    kind_label: ACCOUNTING_SYNC_KIND_LABELS[kind],
    subject_id: row.subjectId,
    description: row.description,
    status,
    status_label: ACCOUNTING_SYNC_STATUS_LABELS[status],
    external_id: row.externalId,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}
