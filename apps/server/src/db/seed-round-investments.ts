import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { cashCallDueOn } from '@platform/domain';
import type { Db } from './client';
import { investmentOpportunities, investments, payments } from './schema';

type Opportunity = typeof investmentOpportunities.$inferSelect;

const day = 24 * 60 * 60 * 1000;

interface Round {
  opportunity: Opportunity;
  /** The round's minimum investment: the demo amounts are multiples of it. */
  min: string;
  marketSounding?: boolean;
  /** The opportunity's place in the demo list: it picks its investors. */
  index: number;
  investors: ReadonlyArray<{ id: number }>;
  /** investor@demo.test, when seeded. */
  isla: { id: number } | undefined;
  /** The last demo payment reference used; the next ones follow it. */
  reference: number;
  closes: Date;
  now: Date;
}

/**
 * One demo round's investments in states that fit its status — reserved, cash-called, paid,
 * completed — with the payments that paid them and the opportunity's committed total. Returns the
 * last payment reference used.
 */
export async function seedRoundInvestments(tx: Db, round: Round): Promise<number> {
  const { opportunity, min, index, isla, closes, now } = round;
  let reference = round.reference;
  const status = opportunity.status;
  const states = status === 2 || status === 3 ? ['reserved', 'cash_call', 'paid'] : status === 4 ? ['cash_call', 'paid'] : ['completed'];
  const rows = round.investors.slice(index * 3, index * 3 + 8).map((holder, i) => {
    const amount = new Decimal(min).times(2 + ((i * 7) % 9)).toFixed(2);
    return investmentRow(opportunity, holder.id, amount, states[i % states.length], ++reference, closes, now);
  });
  // investor@demo.test: a reservation, a cash call, a payment and completed holdings.
  if (isla && !round.marketSounding) {
    // The first live opportunity is left open for investor@demo.test to reserve in.
    const islaStatus = (
      { 2: index === 0 ? undefined : 'cash_call', 3: 'reserved', 4: 'paid', 5: 'completed', 6: 'completed' } as Record<number, string>
    )[status];
    if (islaStatus)
      rows.push(investmentRow(opportunity, isla.id, new Decimal(min).times(5).toFixed(2), islaStatus, ++reference, closes, now));
  }
  if (!rows.length) return reference;
  const inserted = await tx.insert(investments).values(rows).returning();
  const paid = inserted.filter((i) => i.paidAt !== null);
  if (paid.length)
    await tx.insert(payments).values(
      paid.map((i) => ({
        investmentId: i.id,
        opportunityId: i.opportunityId,
        userId: i.userId,
        amount: i.amount,
        currency: i.currency,
        method: 'bank_transfer',
        receivedOn: i.paidAt!.toISOString().slice(0, 10),
      })),
    );
  const committed = rows.reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
  await tx
    .update(investmentOpportunities)
    .set({ committedAmount: committed.toFixed(2) })
    .where(eq(investmentOpportunities.id, opportunity.id));
  return reference;
}

function investmentRow(
  opportunity: typeof investmentOpportunities.$inferSelect,
  userId: number,
  amount: string,
  status: string,
  reference: number,
  closes: Date,
  now: Date,
): typeof investments.$inferInsert {
  const price = opportunity.sharePrice ? new Decimal(opportunity.sharePrice) : null;
  // Twenty days before the round closes, or, in a round still open, a week or more before the demo
  // was made: a reservation, a cash call and a payment are things that have already happened.
  const when = new Date(Math.min(closes.getTime() - 20 * day, now.getTime() - (7 + (reference % 14)) * day));
  return {
    opportunityId: opportunity.id,
    userId,
    amount,
    currency: opportunity.currency,
    status,
    type: 'investor',
    sharePrice: opportunity.sharePrice,
    shares: price ? new Decimal(amount).div(price).floor().toFixed(6) : null,
    paymentReference: `INV-${opportunity.id}-DEMO${String(reference).padStart(3, '0')}`,
    termsAcceptedAt: when,
    cashCallAt: ['cash_call', 'paid', 'completed'].includes(status) ? when : null,
    paidAt: ['paid', 'completed'].includes(status) ? new Date(when.getTime() + 5 * day) : null,
    receivedAmount: ['paid', 'completed'].includes(status) ? amount : '0',
    paymentDueOn: ['cash_call', 'paid', 'completed'].includes(status) ? cashCallDueOn(when.toISOString()) : null,
    completedAt: status === 'completed' ? closes : null,
    createdAt: when,
  };
}
