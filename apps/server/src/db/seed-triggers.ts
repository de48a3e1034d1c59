import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { triggerDeliveries, triggerEvents, triggers, users } from './schema';

/**
 * One e-mail trigger (payments received, to the demo Super Admin) with one delivered sending in its
 * log, so Settings › Triggers and the delivery log are not empty. Runs once.
 */
export async function seedTriggers(db: Db, now: Date): Promise<void> {
  if ((await db.select({ id: triggers.id }).from(triggers).limit(1)).length) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'superadmin@demo.test'));
  if (!admin) return;
  const [trigger] = await db
    .insert(triggers)
    .values({
      name: 'Payments to the finance desk',
      event: 'payment.received',
      emailUserIds: [admin.id],
      createdBy: admin.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const eventId = randomUUID();
  await db.insert(triggerEvents).values({
    id: eventId,
    event: 'payment.received',
    payload: { payment_id: 0, purpose: 'investment', amount: '5000.00', currency: 'GBP', method: 'bank_transfer' },
    occurredAt: now,
  });
  await db.insert(triggerDeliveries).values({
    deliveryId: randomUUID(),
    triggerId: trigger.id,
    eventId,
    channel: 'email',
    status: 'delivered',
    attempts: 1,
    deliveredAt: now,
    createdAt: now,
    updatedAt: now,
  });
}
