import type { FastifyInstance } from 'fastify';
import Decimal from 'decimal.js';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { toAmount, valueHolding } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { companyOutcomes, holdingRealisations, investmentOpportunities } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { requireUser } from '../../platform/guards';
import { clearable, idInput, idParam, idParams, isoDateInput, moneyInput, percentInput, textInput, unitsInput } from '@platform/domain';
import { authorizeOpportunities } from '../../shared/opportunity-access';
import { opportunityForTab } from '../../shared/opportunity-tabs';
import { holderKeyOf, loadCompanyHolders, loadRealisations, sharesHeld, type CompanyHolder } from './holders';

/**
 * Holders' realised proceeds (decision 0006: company outcomes price, holders' realisations pay).
 * Staff record what each register line received — for every holder at once from an exit or a
 * partial realisation, or one line at a time for a sale of its own — on the Performance tab. A line
 * never sells more shares than it held on the date; the cap table, each holder's figures, the
 * investor's portfolio and the whole book then count the proceeds as realised.
 */
const realisationSchema = z.strictObject({
  holder_key: z.string({ message: 'Choose the holder.' }).trim().min(1, 'Choose the holder.'),
  date: isoDateInput,
  shares: unitsInput.refine((v) => new Decimal(v).gt(0), 'Enter the number of shares sold.'),
  proceeds: moneyInput,
  note: clearable(textInput(2000)).optional(),
});

const fromOutcomeSchema = z.strictObject({
  outcome_id: idInput('exit or partial realisation'),
  /** For a partial realisation: the part of each holding sold, in percent. */
  percentage: clearable(percentInput).optional(),
});

const params = z.object({ id: idParam, realisationId: idParam });

type RealisationRow = typeof holdingRealisations.$inferSelect;

function present(row: RealisationRow, holder: CompanyHolder | undefined) {
  return {
    id: row.id,
    opportunity_id: row.opportunityId,
    holder_key: holderKeyOf(row),
    user: { id: row.userId, name: holder?.name ?? null },
    holder_type: row.holderType,
    held_through: holder?.heldThrough ?? null,
    outcome_id: row.outcomeId,
    date: row.date,
    shares: row.shares,
    proceeds: row.proceeds,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

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

async function lockCompany(tx: Db, opportunityId: number) {
  // One writer at a time per company, so two sales cannot both pass the shares-held check.
  await tx
    .select({ id: investmentOpportunities.id })
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.id, opportunityId))
    .for('update');
}

export function registerRealisationRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const today = () => clock.now().toISOString().slice(0, 10);
  const base = '/api/investment-opportunities/:id/realisations';

  app.get(base, { schema: { params: idParams }, onRequest: authorizeOpportunities('show') }, async (request) => {
    const opportunity = await opportunityForTab(db, request, (request.params as z.infer<typeof idParams>).id, 'show', 'performance');
    const rows = await loadRealisations(db, { opportunityId: opportunity.id });
    const holders = await loadCompanyHolders(db, opportunity.id, rows);
    const byKey = new Map(holders.map((h) => [h.key, h]));
    return {
      data: rows.map((r) => present(r, byKey.get(holderKeyOf(r)))),
      // The register lines a sale may be recorded for, with what each holds today.
      holders: holders.map((h) => ({
        key: h.key,
        user: { id: h.userId, name: h.name },
        held_through: h.heldThrough,
        shares_held: sharesHeld(h.flows, today()).toFixed(6),
      })),
    };
  });

  /** One line's sale of its own. */
  app.post(
    base,
    { schema: { params: idParams }, onRequest: authorizeOpportunities('update'), config: { idempotent: true } },
    async (request, reply) => {
      const opportunity = await opportunityForTab(db, request, (request.params as z.infer<typeof idParams>).id, 'update', 'performance');
      const input = parseFields(realisationSchema, await readFormFields(request));
      if (input.date > today()) throw validationError({ date: ['A sale is recorded once it has happened: choose today or earlier.'] });
      const row = await db.transaction(async (tx) => {
        await lockCompany(tx, opportunity.id);
        const holder = (await loadCompanyHolders(tx, opportunity.id)).find((h) => h.key === input.holder_key);
        if (!holder) throw validationError({ holder_key: ['Choose a holder of this company.'] });
        assertHeld(holder, { date: input.date, shares: input.shares, proceeds: input.proceeds }, today(), 'shares');
        const [created] = await tx
          .insert(holdingRealisations)
          .values({
            ...lineOf(holder),
            opportunityId: opportunity.id,
            date: input.date,
            shares: input.shares,
            proceeds: input.proceeds,
            note: input.note ?? null,
            createdBy: requireUser(request).id,
          })
          .returning();
        await recordActivity(tx, {
          request,
          action: 'realisation_added',
          subjectType: 'opportunity',
          subjectId: opportunity.id,
          after: created,
        });
        return present(created, holder);
      });
      return reply.status(201).send({ data: row });
    },
  );

  /**
   * Every holder's proceeds from an exit (all the shares they held on its date) or a partial
   * realisation (`percentage` of each holding, rounded down to the share's sixth decimal), at the
   * outcome's price, rounded half-up to pence. Once per outcome.
   */
  app.post(
    `${base}/from-outcome`,
    { schema: { params: idParams }, onRequest: authorizeOpportunities('update'), config: { idempotent: true } },
    async (request, reply) => {
      const opportunity = await opportunityForTab(db, request, (request.params as z.infer<typeof idParams>).id, 'update', 'performance');
      const input = parseFields(fromOutcomeSchema, await readFormFields(request));
      const [outcome] = await db
        .select()
        .from(companyOutcomes)
        .where(
          and(
            eq(companyOutcomes.id, input.outcome_id),
            eq(companyOutcomes.opportunityId, opportunity.id),
            isNull(companyOutcomes.deletedAt),
          ),
        );
      if (!outcome) throw validationError({ outcome_id: ['Choose an exit or partial realisation of this company.'] });
      if (outcome.kind === 'write-off' || outcome.price === null)
        throw validationError({ outcome_id: ['A write-off pays nothing: there are no proceeds to record.'] });
      const part = outcome.kind === 'exit' ? new Decimal(1) : input.percentage == null ? null : new Decimal(input.percentage).div(100);
      if (!part || part.lte(0) || part.gt(1))
        throw validationError({ percentage: ['Enter the part of each holding sold, above 0 and at most 100 percent.'] });
      const created = await db.transaction(async (tx) => {
        await lockCompany(tx, opportunity.id);
        const [already] = await tx
          .select({ id: holdingRealisations.id })
          .from(holdingRealisations)
          .where(and(eq(holdingRealisations.outcomeId, outcome.id), isNull(holdingRealisations.deletedAt)))
          .limit(1);
        if (already)
          throw new AppError(
            'conflict',
            "Holders' proceeds from this outcome are already recorded: delete them first to record them again.",
          );
        const rows = await recordOutcomeProceeds(tx, outcome, part, requireUser(request).id);
        if (!rows.length) throw validationError({ outcome_id: ['Nobody held shares on the date of this outcome.'] });
        await recordActivity(tx, {
          request,
          action: 'realisations_recorded',
          subjectType: 'opportunity',
          subjectId: opportunity.id,
          after: { outcome_id: outcome.id, holders: rows.length },
        });
        return rows.map(({ row, holder }) => present(row, holder));
      });
      return reply.status(201).send({ data: created });
    },
  );

  app.delete(`${base}/:realisationId`, { schema: { params }, onRequest: authorizeOpportunities('update') }, async (request, reply) => {
    const { id, realisationId } = params.parse(request.params);
    const opportunity = await opportunityForTab(db, request, id, 'update', 'performance');
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(holdingRealisations)
        .set({ deletedAt: clock.now(), updatedAt: clock.now() })
        .where(
          and(
            eq(holdingRealisations.id, realisationId),
            eq(holdingRealisations.opportunityId, opportunity.id),
            isNull(holdingRealisations.deletedAt),
          ),
        )
        .returning();
      if (!row) throw notFound('realisation');
      await recordActivity(tx, {
        request,
        action: 'realisation_deleted',
        subjectType: 'opportunity',
        subjectId: opportunity.id,
        before: row,
      });
    });
    return reply.status(204).send();
  });
}

/**
 * Each register line's proceeds from an exit or partial realisation: `part` of the shares it held
 * on the outcome's date (rounded down to 6 dp) at the outcome's price, half-up to pence.
 */
export async function recordOutcomeProceeds(tx: Db, outcome: typeof companyOutcomes.$inferSelect, part: Decimal, createdBy: number | null) {
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

function lineOf(h: CompanyHolder) {
  return {
    userId: h.userId,
    holderType: h.holderType,
    organisationId: h.organisationId,
    investmentMethodEntityId: h.investmentMethodEntityId,
    nomineeId: h.nomineeId,
  };
}
