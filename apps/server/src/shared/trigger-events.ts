import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { TriggerEvent } from '@platform/domain';
import type { Db } from '../db/client';
import { type payments, triggerDeliveries, triggerEvents, triggers } from '../db/schema';

type Tx = Pick<Db, 'select' | 'insert'>;

/**
 * Records that `event` happened, for the triggers that follow it (decision 0066). Call it with the
 * transaction that makes the change: the event and its deliveries (the outbox) commit with the
 * change or not at all, so nothing is sent for a change rolled back and nothing is lost on a crash.
 * The delivery worker sends them after the commit. No trigger on the event: nothing is written.
 */
export async function recordTriggerEvent(tx: Tx, event: TriggerEvent, payload: Record<string, unknown>, now: Date): Promise<void> {
  const following = await tx
    .select({ id: triggers.id, url: triggers.url, emailUserIds: triggers.emailUserIds })
    .from(triggers)
    .where(and(eq(triggers.event, event), eq(triggers.active, true), isNull(triggers.deletedAt)));
  if (!following.length) return;
  const eventId = randomUUID();
  await tx.insert(triggerEvents).values({ id: eventId, event, payload, occurredAt: now });
  const deliveries = following.flatMap((trigger) => [
    ...(trigger.url ? [{ channel: 'webhook' as const, triggerId: trigger.id }] : []),
    ...(trigger.emailUserIds.length ? [{ channel: 'email' as const, triggerId: trigger.id }] : []),
  ]);
  await tx
    .insert(triggerDeliveries)
    .values(deliveries.map((d) => ({ ...d, deliveryId: randomUUID(), eventId, nextAttemptAt: now, createdAt: now, updatedAt: now })));
}

/** What a trigger is told of a received payment: ids and money, never bank or card details. */
export const paymentPayload = (row: typeof payments.$inferSelect) => ({
  payment_id: row.id,
  investor_id: row.userId,
  investment_id: row.investmentId,
  purpose: row.purpose,
  amount: row.amount,
  currency: row.currency,
  method: row.method,
  received_on: row.receivedOn,
});
