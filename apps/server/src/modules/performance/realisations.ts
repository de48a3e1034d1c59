import {
  createRealisationBody,
  type HolderType,
  idParams,
  noContent,
  type Realisation,
  realisationParams,
  realisationSchema,
  realisationsFromOutcomeBody,
  realisationsResponse,
  recordedRealisationResponse,
} from '@platform/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import { recordActivity } from '../../platform/activity';
import { requireUser } from '../../platform/guards';
import { authorizeOpportunities } from '../../shared/opportunity-access';
import { opportunityForTab } from '../../shared/opportunity-tabs';
import { type CompanyHolder, holderKeyOf, loadCompanyHolders, loadRealisations, sharesHeld } from './holders';
import { reliefPeriodsOf, reliefWarnings } from './relief-warnings';
import { deleteRealisation, outcomeToPay, type RealisationRow, recordProceedsFromOutcome, recordSale } from './service';

function present(row: RealisationRow, holder: CompanyHolder | undefined): Realisation {
  return {
    id: row.id,
    opportunity_id: row.opportunityId,
    holder_key: holderKeyOf(row),
    user: { id: row.userId, name: holder?.name ?? null },
    holder_type: row.holderType as HolderType,
    held_through: holder?.heldThrough ?? null,
    outcome_id: row.outcomeId,
    date: row.date,
    shares: row.shares,
    proceeds: row.proceeds,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

/** Holders' realised proceeds on an existing investment's Performance tab (see ./service.ts). */
export function registerRealisationRoutes(app: App, { db, clock }: AppContext) {
  const today = () => clock.now().toISOString().slice(0, 10);
  const base = '/api/investment-opportunities/:id/realisations';

  app.get(
    base,
    { schema: { params: idParams, response: { 200: realisationsResponse } }, onRequest: authorizeOpportunities('show') },
    async (request) => {
      const opportunity = await opportunityForTab(db, request, request.params.id, 'show', 'performance');
      const rows = await loadRealisations(db, { opportunityId: opportunity.id });
      const holders = await loadCompanyHolders(db, opportunity.id, rows);
      const relief = await reliefPeriodsOf(db, opportunity.id);
      const byKey = new Map(holders.map((h) => [h.key, h]));
      return {
        data: rows.map((r) => present(r, byKey.get(holderKeyOf(r)))),
        holders: holders.map((h) => ({
          key: h.key,
          user: { id: h.userId, name: h.name },
          held_through: h.heldThrough,
          shares_held: sharesHeld(h.flows, today()).toFixed(6),
          relief_ends_on: relief.get(h.key)?.endsOn ?? null,
        })),
      };
    },
  );

  /** One line's sale of its own; inside a tax relief holding period the answer warns that relief may be withdrawn. */
  app.post(
    base,
    {
      schema: { params: idParams, body: createRealisationBody, response: { 201: recordedRealisationResponse(realisationSchema) } },
      onRequest: authorizeOpportunities('update'),
      config: { idempotent: true },
    },
    async (request, reply) => {
      const opportunity = await opportunityForTab(db, request, request.params.id, 'update', 'performance');
      const data = await db.transaction(async (tx) => {
        const { row, holder } = await recordSale(tx, opportunity.id, request.body, requireUser(request).id, today());
        await recordActivity(tx, {
          request,
          action: 'realisation_added',
          subjectType: 'opportunity',
          subjectId: opportunity.id,
          after: row,
        });
        return present(row, holder);
      });
      const warnings = await reliefWarnings(db, opportunity.id, [{ holderKey: data.holder_key, date: data.date }]);
      return reply.status(201).send({ data, warnings });
    },
  );

  /**
   * Every holder's proceeds from an exit (all the shares they held on its date) or a partial
   * realisation (`percentage` of each holding, rounded down to the share's sixth decimal), at the
   * outcome's price, rounded half-up to pence. Once per outcome.
   */
  app.post(
    `${base}/from-outcome`,
    {
      schema: {
        params: idParams,
        body: realisationsFromOutcomeBody,
        response: { 201: recordedRealisationResponse(z.array(realisationSchema)) },
      },
      onRequest: authorizeOpportunities('update'),
      config: { idempotent: true },
    },
    async (request, reply) => {
      const opportunity = await opportunityForTab(db, request, request.params.id, 'update', 'performance');
      const { outcome, part } = await outcomeToPay(db, opportunity.id, request.body.outcome_id, request.body.percentage);
      const data = await db.transaction(async (tx) => {
        const rows = await recordProceedsFromOutcome(tx, outcome, part, requireUser(request).id);
        await recordActivity(tx, {
          request,
          action: 'realisations_recorded',
          subjectType: 'opportunity',
          subjectId: opportunity.id,
          after: { outcome_id: outcome.id, holders: rows.length },
        });
        return rows.map(({ row, holder }) => present(row, holder));
      });
      const warnings = await reliefWarnings(
        db,
        opportunity.id,
        data.map((r) => ({ holderKey: r.holder_key, date: r.date })),
      );
      return reply.status(201).send({ data, warnings });
    },
  );

  app.delete(
    `${base}/:realisationId`,
    { schema: { params: realisationParams, response: { 204: noContent } }, onRequest: authorizeOpportunities('update') },
    async (request, reply) => {
      const { id, realisationId } = request.params;
      const opportunity = await opportunityForTab(db, request, id, 'update', 'performance');
      await db.transaction(async (tx) => {
        const row = await deleteRealisation(tx, opportunity.id, realisationId, clock.now());
        await recordActivity(tx, {
          request,
          action: 'realisation_deleted',
          subjectType: 'opportunity',
          subjectId: opportunity.id,
          before: row,
        });
      });
      return reply.status(204).send(null);
    },
  );
}
