import Decimal from 'decimal.js';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { type createRealisationBody, toAmount, valueHolding } from '@platform/domain';
import type { Db } from '../../db/client';
import { companyOutcomes, holdingRealisations, investmentOpportunities } from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { loadCompanyHolders, sharesHeld, type CompanyHolder } from './holders';

/**
 * Holders' realised proceeds (decision 0006: company outcomes price, holders' realisations pay).
 * Staff record what each register line received — for every holder at once from an exit or a
 * partial realisation, or one line at a time for a sale of its own. A line never sells more shares
 * than it held on the date; the cap table, each holder's figures, the investor's portfolio and the
 * whole book then count the proceeds as realised.
 */
export type RealisationRow = typeof holdingRealisations.$inferSelect;
type OutcomeRow = typeof companyOutcomes.$inferSelect;

/** Refuses a sale that would leave a line selling more shares than it held on some date. */
function assertHeld(holder: CompanyHolder, sale: { date: string; shares: string; proceeds: string }, today: string, field: string) {
  try {
    valueHolding(
      { investments: holder.flows.investments, realisations: [...holder.flows.realisations, sale] },
      {},
      [today, sale.date].sort().at(-1)!,
      { irr: false },
    );
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw validationError({
      [field]: [`${holder.name} held ${sharesHeld(holder.flows, sale.date).toFixed()} shares on ${sale.date}: a sale cannot be larger.`],
    });
  }
}

/** One writer at a time per company, so two sales cannot both pass the shares-held check. */
async function lockCompany(tx: Db, opportunityId: number) {
  await tx
    .select({ id: investmentOpportunities.id })
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.id, opportunityId))
    .for('update');
}

function lineOf(h: CompanyHolder) {
  return {
    userId: h.userId,
    holderType: h.holderType,
    organisationId: h.organisationId,
    investmentMethodEntityId: h.investmentMethodEntityId,
    nomineeId: h.nomineeId,
  };
}

/** One register line's sale of its own, once it has happened (`today` or earlier). */
export async function recordSale(
  tx: Db,
  opportunityId: number,
  input: z.output<typeof createRealisationBody>,
  createdBy: number,
  today: string,
): Promise<{ row: RealisationRow; holder: CompanyHolder }> {
  if (input.date > today) throw validationError({ date: ['A sale is recorded once it has happened: choose today or earlier.'] });
  await lockCompany(tx, opportunityId);
  const holder = (await loadCompanyHolders(tx, opportunityId)).find((h) => h.key === input.holder_key);
  if (!holder) throw validationError({ holder_key: ['Choose a holder of this company.'] });
  assertHeld(holder, { date: input.date, shares: input.shares, proceeds: input.proceeds }, today, 'shares');
  const [row] = await tx
    .insert(holdingRealisations)
    .values({
      ...lineOf(holder),
      opportunityId,
      date: input.date,
      shares: input.shares,
      proceeds: input.proceeds,
      note: input.note ?? null,
      createdBy,
    })
    .returning();
  return { row, holder };
}

/**
 * The outcome whose proceeds to record, and the part of each holding it sold: all of it for an
 * exit, `percentage` for a partial realisation. A write-off pays nothing.
 */
export async function outcomeToPay(db: Db, opportunityId: number, outcomeId: number, percentage: string | null | undefined) {
  const [outcome] = await db
    .select()
    .from(companyOutcomes)
    .where(and(eq(companyOutcomes.id, outcomeId), eq(companyOutcomes.opportunityId, opportunityId), isNull(companyOutcomes.deletedAt)));
  if (!outcome) throw validationError({ outcome_id: ['Choose an exit or partial realisation of this company.'] });
  if (outcome.kind === 'write-off' || outcome.price === null)
    throw validationError({ outcome_id: ['A write-off pays nothing: there are no proceeds to record.'] });
  const part = outcome.kind === 'exit' ? new Decimal(1) : percentage == null ? null : new Decimal(percentage).div(100);
  if (!part || part.lte(0) || part.gt(1))
    throw validationError({ percentage: ['Enter the part of each holding sold, above 0 and at most 100 percent.'] });
  return { outcome, part };
}

/** Every holder's proceeds from an outcome, once per outcome; someone must have held shares on its date. */
export async function recordProceedsFromOutcome(tx: Db, outcome: OutcomeRow, part: Decimal, createdBy: number) {
  await lockCompany(tx, outcome.opportunityId);
  const [already] = await tx
    .select({ id: holdingRealisations.id })
    .from(holdingRealisations)
    .where(and(eq(holdingRealisations.outcomeId, outcome.id), isNull(holdingRealisations.deletedAt)))
    .limit(1);
  if (already)
    throw new AppError('conflict', "Holders' proceeds from this outcome are already recorded: delete them first to record them again.");
  const rows = await recordOutcomeProceeds(tx, outcome, part, createdBy);
  if (!rows.length) throw validationError({ outcome_id: ['Nobody held shares on the date of this outcome.'] });
  return rows;
}

/**
 * Each register line's proceeds from an exit or partial realisation: `part` of the shares it held
 * on the outcome's date (rounded down to 6 dp) at the outcome's price, half-up to pence.
 */
export async function recordOutcomeProceeds(tx: Db, outcome: OutcomeRow, part: Decimal, createdBy: number | null) {
  const rows: Array<{ row: RealisationRow; holder: CompanyHolder }> = [];
  for (const holder of await loadCompanyHolders(tx, outcome.opportunityId)) {
    const shares = sharesHeld(holder.flows, outcome.date).times(part).toDecimalPlaces(6, Decimal.ROUND_DOWN);
    if (shares.lte(0)) continue;
    const [row] = await tx
      .insert(holdingRealisations)
      .values({
        ...lineOf(holder),
        opportunityId: outcome.opportunityId,
        outcomeId: outcome.id,
        date: outcome.date,
        shares: shares.toFixed(6),
        proceeds: toAmount(shares.times(outcome.price!)),
        createdBy,
      })
      .returning();
    rows.push({ row, holder });
  }
  return rows;
}

/** Deletes (softly) one line's proceeds of a company; answers the row as it was. */
export async function deleteRealisation(tx: Db, opportunityId: number, realisationId: number, now: Date): Promise<RealisationRow> {
  const [row] = await tx
    .update(holdingRealisations)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(
        eq(holdingRealisations.id, realisationId),
        eq(holdingRealisations.opportunityId, opportunityId),
        isNull(holdingRealisations.deletedAt),
      ),
    )
    .returning();
  if (!row) throw notFound('realisation');
  return row;
}
