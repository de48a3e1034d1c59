import { count, eq } from 'drizzle-orm';
import { PreEmptionChoice, type PreEmptionChoiceId } from '@platform/domain';
import type { AppContext } from '../platform/context';
import { createRound, loadEntitlements, recordChoice } from '../modules/pre-emption/service';
import { investmentOpportunities, preEmptionRounds, users } from './schema';

const day = 24 * 60 * 60 * 1000;

/**
 * An open pre-emption round on Orbital Freight (an existing holding of investor@demo.test), with
 * some holders' answers already in and the demo investor's still awaited. Skipped once any round exists.
 */
export async function seedPreEmption(db: AppContext['db'], now = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(preEmptionRounds);
  if (Number(n) > 0) return;
  const [opportunity] = await db.select().from(investmentOpportunities).where(eq(investmentOpportunities.name, 'Orbital Freight Series A'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'superadmin@demo.test'));
  const [isla] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'investor@demo.test'));
  if (!opportunity || !admin || !isla) return;
  await db.transaction(async (tx) => {
    const { round } = await createRound(
      tx,
      opportunity,
      {
        name: 'Series B pre-emption',
        price_per_share: '1.650000',
        amount_available: '300000.00',
        deadline: new Date(now.getTime() + 21 * day).toISOString().slice(0, 10),
      },
      admin.id,
      now.toISOString().slice(0, 10),
    );
    // Opened five days ago; the answers came in since.
    await tx
      .update(preEmptionRounds)
      .set({ createdAt: new Date(now.getTime() - 5 * day) })
      .where(eq(preEmptionRounds.id, round.id));
    const others = (await loadEntitlements(tx, [round.id])).filter((e) => e.userId !== isla.id);
    const answers: Array<[PreEmptionChoiceId, (entitled: string) => string | null]> = [
      [PreEmptionChoice.maintain, () => null],
      [PreEmptionChoice.increase, (entitled) => (Number(entitled) * 2).toFixed(2)],
      [PreEmptionChoice.dontTake, () => null],
      [PreEmptionChoice.decrease, (entitled) => (Number(entitled) / 2).toFixed(2)],
    ];
    for (const [index, [choice, amount]] of answers.entries()) {
      const entitlement = others[index];
      if (entitlement && Number(entitlement.entitledShares) > 1) {
        await recordChoice(
          tx,
          round,
          entitlement,
          choice,
          amount(entitlement.entitledAmount),
          opportunity.currency,
          index % 2 ? admin.id : entitlement.userId,
          new Date(now.getTime() - (4 - index) * day),
        );
      }
    }
  });
}
