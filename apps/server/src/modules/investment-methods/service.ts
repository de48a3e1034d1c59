import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { investmentMethodEntities } from '../../db/schema';
import { recordActivity } from '../../platform/activity';

/**
 * When a lead becomes an investor their accounts with investment methods become the investor's,
 * in the conversion's transaction, each logged on its method. Returns how many moved.
 */
export async function moveLeadAccounts(tx: Db, request: FastifyRequest, contactId: number, userId: number, now: Date): Promise<number> {
  const moved = await tx
    .update(investmentMethodEntities)
    .set({ contactId: null, userId, updatedAt: now })
    .where(and(eq(investmentMethodEntities.contactId, contactId), isNull(investmentMethodEntities.deletedAt)))
    .returning();
  for (const account of moved) {
    await recordActivity(tx, {
      request,
      action: 'entity_converted',
      subjectType: 'investment_method',
      subjectId: account.investmentMethodId,
      before: { contact_id: contactId },
      after: account,
    });
  }
  return moved.length;
}
