import { eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { investmentOpportunities, rewards, users } from './schema';

/** Perks in tiers by amount invested (decision 0063): product discounts and experiences, never cash. */
const DEMO_PERKS: Record<string, Array<{ minAmount: string; title: string; description: string; howToClaim?: string }>> = {
  'Kettle & Co Seed': [
    {
      minAmount: '1000.00',
      title: '20% off the online shop',
      description: 'A standing discount on every order from the Kettle & Co online shop.',
      howToClaim: 'Use the code INVESTOR20 at checkout.',
    },
    {
      minAmount: '10000.00',
      title: 'Founders’ tasting evening',
      description: 'An invitation for two to the annual tasting evening with the founders at the Bristol roastery.',
      howToClaim: 'Reply to the invitation the company sends each September.',
    },
  ],
  'Brightwater Foods Seed': [
    {
      minAmount: '500.00',
      title: 'Seasonal hamper',
      description: 'A hamper of the new season’s range, sent each December.',
      howToClaim: 'Confirm your delivery address with the company’s investor relations team.',
    },
  ],
};

/** Demo perks on a live and an existing opportunity. Run again, it adds nothing. */
export async function seedRewards(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ id: rewards.id }).from(rewards).limit(1);
  if (existing) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'superadmin@demo.test'));
  const opportunities = await db
    .select({ id: investmentOpportunities.id, name: investmentOpportunities.name })
    .from(investmentOpportunities)
    .where(inArray(investmentOpportunities.name, Object.keys(DEMO_PERKS)));
  const rows = opportunities.flatMap((opportunity) =>
    DEMO_PERKS[opportunity.name].map((perk) => ({
      opportunityId: opportunity.id,
      ...perk,
      createdBy: admin?.id ?? null,
      createdAt: now,
      updatedAt: now,
    })),
  );
  if (rows.length) await db.insert(rewards).values(rows);
}
