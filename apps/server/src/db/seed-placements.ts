import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import {
  clientGroupMembers,
  clientGroups,
  dealPlacementRecipients,
  dealPlacements,
  intents,
  intentTerms,
  pipelineDeals,
  users,
} from './schema';

const DEMO_INTENT_TERMS =
  '<p>Telling us you would invest is not a commitment, and we are not bound to offer you an allocation.</p><ul><li>Indicative amounts help us size the round before it launches.</li><li>Keep what you learn about the deal confidential.</li></ul>';

/**
 * Soft-circling in the demo (decision 0062): version 1 of the intent terms, and Pennine Water Labs
 * placed with the demo investor and the co-investment club, the demo investor having said
 * "finance in place" for £25,000. Run again, it adds nothing.
 */
export async function seedPlacements(db: Db, now: Date): Promise<void> {
  const [terms] = await db
    .insert(intentTerms)
    .values({ version: 1, body: DEMO_INTENT_TERMS, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!terms) return;
  const [deal] = await db
    .select({ id: pipelineDeals.id })
    .from(pipelineDeals)
    .where(and(eq(pipelineDeals.companyName, 'Pennine Water Labs Ltd'), isNull(pipelineDeals.deletedAt)));
  const [isla] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'investor@demo.test'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'superadmin@demo.test'));
  if (!deal || !isla) return;
  const [placement] = await db
    .insert(dealPlacements)
    .values({
      dealId: deal.id,
      teaser: '<p>A Series A for water-quality sensors already in use by two utilities. Raising £1.2m ahead of a summer launch.</p>',
      placedBy: admin?.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await db.insert(dealPlacementRecipients).values({ placementId: placement.id, userId: isla.id, createdAt: now });
  const [club] = await db.select({ id: clientGroups.id }).from(clientGroups).where(eq(clientGroups.name, 'Co-investment club'));
  if (club) {
    const members = await db
      .select({ userId: clientGroupMembers.userId })
      .from(clientGroupMembers)
      .where(eq(clientGroupMembers.groupId, club.id));
    const others = members.filter((m) => m.userId !== isla.id);
    if (others.length)
      await db
        .insert(dealPlacementRecipients)
        .values(others.map((m) => ({ placementId: placement.id, userId: m.userId, clientGroupId: club.id, createdAt: now })))
        .onConflictDoNothing();
  }
  await db.insert(intents).values({
    dealId: deal.id,
    placementId: placement.id,
    userId: isla.id,
    option: 'finance_in_place',
    amount: '25000.00',
    intentTermsId: terms.id,
    termsAcceptedAt: now,
    createdAt: now,
    updatedAt: now,
  });
}
