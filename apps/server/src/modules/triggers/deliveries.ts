import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  isStaffRole,
  TRIGGER_DELIVERY_STATUS_LABELS,
  TRIGGER_EVENT_LABELS,
  type TriggerDelivery,
  type TriggerEvent,
} from '@platform/domain';
import { triggerDeliveries, triggerEvents, triggers, users } from '../../db/schema';
import { unseal } from '../../platform/crypto';
import type { AppContext } from '../../platform/context';
import { nextAttemptAfterFailure, takeDueItems } from '../../platform/due-items';
import { plainMail } from '../../platform/mail';
import { NotPublicAddressError, postOut } from '../../platform/outbound';
import { productName } from '../../shared/account-mail';
import { signedWebhookHeaders } from './signature';

/** How often each instance looks for deliveries due. */
export const DELIVERY_TICK_MS = 10_000;
/** A taken delivery is left to its worker this long; longer than the request's timeout. */
const LEASE_MS = 2 * 60 * 1000;
/** A receiver has this long to answer; a slower one counts as failed and is tried again later. */
const REQUEST_TIMEOUT_MS = 10_000;
const BATCH = 25;
export const SECRET_PURPOSE = 'trigger-secret';

type Deps = Pick<AppContext, 'db' | 'clock' | 'appKey' | 'mailer' | 'config'>;
type DeliveryRow = typeof triggerDeliveries.$inferSelect;
type Taken = { delivery: DeliveryRow; trigger: typeof triggers.$inferSelect; event: typeof triggerEvents.$inferSelect };

/** What a failed attempt is: a message for the log and the receiver's status code if it answered. */
class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly responseCode: number | null = null,
  ) {
    super(message);
  }
}

/** The body every receiver gets: the event's id (the same on a replay), its name, when, and its data. */
export const webhookBody = (event: Taken['event']) =>
  JSON.stringify({ id: event.id, event: event.event, occurred_at: event.occurredAt.toISOString(), data: event.payload });

/**
 * POSTs the event, signed, to the trigger's address: a public internet address unless
 * WEBHOOK_PRIVATE_ADDRESSES=allow (platform/outbound.ts). Redirects are not followed (a 3xx is a
 * failure, so a receiver cannot bounce the request to an internal address), the answer must come
 * within the timeout, and only its status code is kept — the body is never read, stored or shown.
 */
async function sendWebhook(ctx: Deps, { delivery, trigger, event }: Taken): Promise<number> {
  if (!trigger.url || !trigger.secretSealed) throw new DeliveryFailure('The trigger has no webhook address any more.');
  const body = webhookBody(event);
  const headers = signedWebhookHeaders(unseal(ctx.appKey, SECRET_PURPOSE, trigger.secretSealed), {
    deliveryId: delivery.deliveryId,
    event: event.event,
    timestamp: Math.floor(ctx.clock.now().getTime() / 1000),
    body,
  });
  let status: number;
  try {
    status = await postOut(trigger.url, {
      headers,
      body,
      timeoutMs: REQUEST_TIMEOUT_MS,
      privateAddresses: ctx.config.webhooksToPrivateAddresses,
    });
  } catch (err) {
    const error = err as Error;
    const cause =
      error instanceof NotPublicAddressError
        ? `${error.address} is a loopback or private network address, which webhooks may not reach`
        : error.name === 'AbortError' || error.name === 'TimeoutError'
          ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} seconds`
          : error.message;
    throw new DeliveryFailure(`Could not reach the receiver: ${cause}.`);
  }
  if (status < 200 || status >= 300) throw new DeliveryFailure(`The receiver answered ${status}.`, status);
  return status;
}

/** Queues the e-mail to each chosen member of staff still on the staff, in the transaction that marks it delivered. */
async function sendEmail(ctx: Deps, { delivery, trigger, event }: Taken): Promise<void> {
  const recipients = trigger.emailUserIds.length
    ? await ctx.db
        .select({ email: users.email, roleId: users.roleId })
        .from(users)
        .where(and(inArray(users.id, trigger.emailUserIds), isNull(users.deletedAt)))
    : [];
  const staff = recipients.filter((r) => isStaffRole(r.roleId));
  if (!staff.length) throw new DeliveryFailure('None of the chosen people is on the staff any more.');
  const product = await productName(ctx.db);
  const label = TRIGGER_EVENT_LABELS[event.event as TriggerEvent];
  const lines = [
    `${label}: the trigger "${trigger.name}" sends you this.`,
    ...Object.entries(event.payload).map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`),
    `When: ${event.occurredAt.toISOString()}`,
  ];
  await ctx.db.transaction(async (tx) => {
    for (const person of staff) await ctx.mailer.enqueue(plainMail(person.email, `${label} — ${product}`, lines, [], product), tx);
    await markDelivered(tx, delivery, ctx.clock.now(), null);
  });
}

async function markDelivered(db: Deps['db'], delivery: DeliveryRow, now: Date, responseCode: number | null) {
  await db
    .update(triggerDeliveries)
    .set({
      status: 'delivered',
      attempts: delivery.attempts + 1,
      responseCode,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: now,
      updatedAt: now,
    })
    .where(eq(triggerDeliveries.id, delivery.id));
}

async function deliver(ctx: Deps, taken: Taken): Promise<boolean> {
  const { delivery, trigger } = taken;
  try {
    if (trigger.deletedAt || !trigger.active) throw new DeliveryFailure('The trigger was switched off or deleted before this was sent.');
    if (delivery.channel === 'email') await sendEmail(ctx, taken);
    else await markDelivered(ctx.db, delivery, ctx.clock.now(), await sendWebhook(ctx, taken));
    return true;
  } catch (err) {
    if (!(err instanceof DeliveryFailure)) throw err;
    const now = ctx.clock.now();
    const attempts = delivery.attempts + 1;
    const final = Boolean(trigger.deletedAt || !trigger.active);
    await ctx.db
      .update(triggerDeliveries)
      .set({
        status: 'failed',
        attempts,
        responseCode: err.responseCode,
        lastError: err.message.slice(0, 2000),
        nextAttemptAt: final ? null : nextAttemptAfterFailure(now, attempts),
        updatedAt: now,
      })
      .where(eq(triggerDeliveries.id, delivery.id));
    return false;
  }
}

/**
 * One turn of the delivery worker (decision 0066), run by a tick on every instance and straight after
 * a change that recorded an event: takes the due deliveries (FOR UPDATE SKIP LOCKED, as the accounting
 * sync does) and sends each; a failure is tried again after a back-off. How many were delivered.
 */
export async function runTriggerDeliveries(ctx: Deps): Promise<number> {
  let delivered = 0;
  while (true) {
    const ids = await takeDueItems(ctx.db, triggerDeliveries, {
      where: sql`status <> 'delivered'`,
      orderBy: sql`id`,
      now: ctx.clock.now(),
      leaseMs: LEASE_MS,
      batch: BATCH,
    });
    if (!ids.length) return delivered;
    const taken = await ctx.db
      .select({ delivery: triggerDeliveries, trigger: triggers, event: triggerEvents })
      .from(triggerDeliveries)
      .innerJoin(triggers, eq(triggers.id, triggerDeliveries.triggerId))
      .innerJoin(triggerEvents, eq(triggerEvents.id, triggerDeliveries.eventId))
      .where(inArray(triggerDeliveries.id, ids))
      .orderBy(triggerDeliveries.id);
    for (const item of taken) if (await deliver(ctx, item)) delivered++;
  }
}

export function presentDelivery(row: DeliveryRow, event: string): TriggerDelivery {
  const status = row.status as TriggerDelivery['status'];
  return {
    id: row.id,
    delivery_id: row.deliveryId,
    trigger_id: row.triggerId,
    event_id: row.eventId,
    event: event as TriggerEvent,
    channel: row.channel as TriggerDelivery['channel'],
    status,
    status_label: TRIGGER_DELIVERY_STATUS_LABELS[status],
    attempts: row.attempts,
    response_code: row.responseCode,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    replay_of: row.replayOf,
    created_at: row.createdAt.toISOString(),
  };
}
