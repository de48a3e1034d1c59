import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { qualifiesForReward, type createRewardBody, type MyRewards, type Reward, type updateRewardBody } from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentOpportunities, rewards } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { OpportunityRow } from '../../shared/opportunity-visibility';

type RewardRow = typeof rewards.$inferSelect;

export function presentReward(row: RewardRow, currency: string): Reward {
  return {
    id: row.id,
    opportunity_id: row.opportunityId,
    min_amount: row.minAmount,
    currency,
    title: row.title,
    description: row.description,
    how_to_claim: row.howToClaim,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A perk that has not been deleted, with its opportunity's currency. */
export async function findReward(db: Db, id: number): Promise<{ row: RewardRow; currency: string }> {
  const [found] = await db
    .select({ row: rewards, currency: investmentOpportunities.currency })
    .from(rewards)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, rewards.opportunityId))
    .where(and(eq(rewards.id, id), isNull(rewards.deletedAt)));
  if (!found) throw notFound('perk');
  return found;
}

/** The opportunity's perks, lowest tier first. */
export async function listRewards(db: Db, opportunityId: number): Promise<RewardRow[]> {
  return db
    .select()
    .from(rewards)
    .where(and(eq(rewards.opportunityId, opportunityId), isNull(rewards.deletedAt)))
    .orderBy(asc(rewards.minAmount), asc(rewards.id));
}

export async function createReward(tx: Db, body: z.output<typeof createRewardBody>, userId: number, now: Date): Promise<RewardRow> {
  const [row] = await tx
    .insert(rewards)
    .values({
      opportunityId: body.opportunity_id,
      minAmount: body.min_amount,
      title: body.title,
      description: body.description,
      howToClaim: body.how_to_claim ?? null,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

export async function updateReward(tx: Db, id: number, body: z.output<typeof updateRewardBody>, now: Date): Promise<RewardRow> {
  const [row] = await tx
    .update(rewards)
    .set({ minAmount: body.min_amount, title: body.title, description: body.description, howToClaim: body.how_to_claim, updatedAt: now })
    .where(and(eq(rewards.id, id), isNull(rewards.deletedAt)))
    .returning();
  if (!row) throw notFound('perk');
  return row;
}

export async function deleteReward(tx: Db, id: number, now: Date): Promise<RewardRow> {
  const [row] = await tx
    .update(rewards)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(rewards.id, id), isNull(rewards.deletedAt)))
    .returning();
  if (!row) throw notFound('perk');
  return row;
}

/**
 * The perks of an opportunity as one investor sees them: every tier, which ones their invested
 * amount reaches (exact decimals), and how to claim only those.
 */
export function presentMyRewards(opportunity: Pick<OpportunityRow, 'id' | 'currency'>, rows: RewardRow[], invested: string): MyRewards {
  return {
    opportunity_id: opportunity.id,
    currency: opportunity.currency,
    invested,
    perks: rows.map((row) => {
      const qualified = qualifiesForReward(invested, row.minAmount);
      return {
        id: row.id,
        min_amount: row.minAmount,
        currency: opportunity.currency,
        title: row.title,
        description: row.description,
        qualified,
        how_to_claim: qualified ? row.howToClaim : null,
      };
    }),
  };
}
