import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { investments } from '../../db/schema';
import type { InvestmentRow } from '../investments';

/** Remembers the provider's checkout, so that only a payment we started can mark the investment paid. */
export async function recordCheckout(db: Db, investmentId: number, reference: string, now: Date): Promise<void> {
  await db.update(investments).set({ paymentProviderRef: reference, updatedAt: now }).where(eq(investments.id, investmentId));
}

/** The investment a paid checkout is for, when that checkout is the one recorded on it. */
export async function findCheckedOutInvestment(db: Db, investmentId: number, reference: string): Promise<InvestmentRow | undefined> {
  const [investment] = await db
    .select()
    .from(investments)
    .where(and(eq(investments.id, investmentId), eq(investments.paymentProviderRef, reference)));
  return investment;
}
