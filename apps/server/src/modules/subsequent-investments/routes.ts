import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  convertAllotmentsBody,
  dataOf,
  idParams,
  staffInvestmentSchema,
  subsequentInvestmentBody,
  subsequentInvestmentsQuery,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { investments } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { utcDate } from '../../platform/clock';
import { notFound, validationError } from '../../platform/errors';
import { authorize, requireUser } from '../../platform/guards';
import { assertHolder } from '../../shared/holder-ownership';
import { opportunityForTab } from '../../shared/opportunity-tabs';
import { loadSettings } from '../../shared/settings';
import { presentInvestmentsWith, recordFollowOn } from '../investments';
import { findRound } from '../pre-emption';
import { assertShareIssueOf } from '../tax';
import { assertHoldsLine, assertTakesFollowOns, convertAllotments } from './service';

/**
 * Follow-on (`subsequent`) investments (decision 0060): a holder invests again in a company they
 * hold. Staff record one for a holder, or turn a closed pre-emption round's allotments into them at
 * once. They are completed, paid investments, so cost, IRR and the cap table count them.
 */
export function registerSubsequentInvestmentRoutes(app: App, { db, clock }: AppContext) {
  const present = async (rows: (typeof investments.$inferSelect)[]) => presentInvestmentsWith(db, rows, new Set(), utcDate(clock.now()));

  app.get(
    '/api/subsequent-investments',
    {
      schema: { querystring: subsequentInvestmentsQuery, response: { 200: dataOf(staffInvestmentSchema.array()) } },
      onRequest: authorize('existing_opportunities', 'show'),
    },
    async (request) => {
      const opportunity = await opportunityForTab(db, request, request.query['filter[opportunity_id]'], 'show', 'transactions');
      const rows = await db
        .select()
        .from(investments)
        .where(and(eq(investments.opportunityId, opportunity.id), eq(investments.type, 'subsequent'), isNull(investments.deletedAt)))
        .orderBy(asc(investments.paidAt), asc(investments.id));
      return { data: await present(rows) };
    },
  );

  app.post(
    '/api/subsequent-investments',
    {
      schema: { body: subsequentInvestmentBody, response: { 201: dataOf(staffInvestmentSchema) } },
      onRequest: authorize('existing_opportunities', 'create'),
      config: { idempotent: true },
    },
    async (request, reply) => {
      const staff = requireUser(request);
      const input = request.body;
      const now = clock.now();
      if (input.invested_on > utcDate(now)) throw validationError({ invested_on: ['The date cannot be in the future.'] });
      const opportunity = await opportunityForTab(db, request, input.opportunity_id, 'create', 'transactions');
      assertTakesFollowOns(opportunity);
      await assertHolder(db, input.user_id, input.holder_type, input.holder, await loadSettings(db));
      await assertHoldsLine(db, opportunity.id, { userId: input.user_id, holderType: input.holder_type, ...input.holder });
      await assertShareIssueOf(db, input.share_issue_id, opportunity.id);
      const created = await db.transaction(async (tx) => {
        const row = await recordFollowOn(tx, {
          opportunityId: opportunity.id,
          currency: opportunity.currency,
          userId: input.user_id,
          holderType: input.holder_type,
          holder: input.holder,
          amount: input.amount,
          shares: input.shares,
          investedOn: input.invested_on,
          shareIssueId: input.share_issue_id ?? null,
          relief: input.relief ?? null,
          createdBy: staff.id,
          now,
        });
        await recordActivity(tx, { request, action: 'follow_on_recorded', subjectType: 'investment', subjectId: row.id, after: row });
        return row;
      });
      const [data] = await present([created]);
      return reply.status(201).send({ data });
    },
  );

  /** Doing it again creates nothing twice: lines already converted are skipped (an empty answer). */
  app.post(
    '/api/pre-emption-rounds/:id/subsequent-investments',
    {
      schema: { params: idParams, body: convertAllotmentsBody, response: { 201: dataOf(staffInvestmentSchema.array()) } },
      onRequest: authorize('existing_opportunities', 'create'),
    },
    async (request, reply) => {
      const input = request.body;
      const now = clock.now();
      const round = await findRound(db, request.params.id);
      if (!round) throw notFound('pre-emption round');
      await opportunityForTab(db, request, round.opportunityId, 'create', 'pre-emption');
      if (input.invested_on > utcDate(now)) throw validationError({ invested_on: ['The date cannot be in the future.'] });
      const created = await db.transaction(async (tx) => {
        const result = await convertAllotments(
          tx,
          round.id,
          { investedOn: input.invested_on, shareIssueId: input.share_issue_id ?? null, relief: input.relief ?? null },
          requireUser(request).id,
          now,
        );
        await recordActivity(tx, {
          request,
          action: 'allotments_converted',
          subjectType: 'opportunity',
          subjectId: result.opportunityId,
          after: { round_id: round.id, investment_ids: result.created.map((i) => i.id) },
        });
        return result.created;
      });
      return reply.status(201).send({ data: await present(created) });
    },
  );
}
