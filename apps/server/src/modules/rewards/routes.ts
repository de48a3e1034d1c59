import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createRewardBody,
  dataOf,
  idParams,
  myRewardsSchema,
  noContent,
  rewardSchema,
  rewardsQuery,
  updateRewardBody,
  type Action,
} from '@platform/domain';
import { recordActivity } from '../../platform/activity';
import type { App, AppContext } from '../../platform/context';
import { investorOnly, requireInvestor, requireUser } from '../../platform/guards';
import { assertMayViewOpportunity } from '../../shared/investor-gates';
import { authorizeOpportunities } from '../../shared/opportunity-access';
import { opportunityForTab } from '../../shared/opportunity-tabs';
import { assertMarketSoundingAccepted, findVisibleOpportunity } from '../../shared/opportunity-visibility';
import { investedIn } from '../investments';
import { createReward, deleteReward, findReward, listRewards, presentMyRewards, presentReward, updateReward } from './service';

/**
 * Investor perks (spec §3 "rewards", decision 0063). Staff manage an opportunity's perks on its
 * Perks tab under the opportunity's permission event (live or existing by its status); an investor
 * reads the perks of an opportunity they may see, with the tiers their holding qualifies for.
 */
export function registerRewardRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const one = { 200: dataOf(rewardSchema) };
  const staffOpportunity = (request: FastifyRequest, id: number, action: Action) => opportunityForTab(db, request, id, action, 'perks');

  app.get(
    '/api/rewards',
    { schema: { querystring: rewardsQuery, response: { 200: dataOf(z.array(rewardSchema)) } }, onRequest: authorizeOpportunities('show') },
    async (request) => {
      const opportunity = await staffOpportunity(request, request.query.opportunity_id, 'show');
      return { data: (await listRewards(db, opportunity.id)).map((row) => presentReward(row, opportunity.currency)) };
    },
  );

  app.get(
    '/api/rewards/:id',
    { schema: { params: idParams, response: one }, onRequest: authorizeOpportunities('show') },
    async (request) => {
      const { row, currency } = await findReward(db, request.params.id);
      await staffOpportunity(request, row.opportunityId, 'show');
      return { data: presentReward(row, currency) };
    },
  );

  app.post(
    '/api/rewards',
    { schema: { body: createRewardBody, response: { 201: dataOf(rewardSchema) } }, onRequest: authorizeOpportunities('update') },
    async (request, reply) => {
      const user = requireUser(request);
      const opportunity = await staffOpportunity(request, request.body.opportunity_id, 'update');
      const row = await db.transaction(async (tx) => {
        const created = await createReward(tx, request.body, user.id, clock.now());
        await recordActivity(tx, { request, action: 'created', subjectType: 'reward', subjectId: created.id, after: created });
        return created;
      });
      return reply.status(201).send({ data: presentReward(row, opportunity.currency) });
    },
  );

  app.patch(
    '/api/rewards/:id',
    { schema: { params: idParams, body: updateRewardBody, response: one }, onRequest: authorizeOpportunities('update') },
    async (request) => {
      const { row: before, currency } = await findReward(db, request.params.id);
      await staffOpportunity(request, before.opportunityId, 'update');
      const row = await db.transaction(async (tx) => {
        const updated = await updateReward(tx, before.id, request.body, clock.now());
        await recordActivity(tx, { request, action: 'updated', subjectType: 'reward', subjectId: before.id, before, after: updated });
        return updated;
      });
      return { data: presentReward(row, currency) };
    },
  );

  app.delete(
    '/api/rewards/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorizeOpportunities('update') },
    async (request, reply) => {
      const { row: before } = await findReward(db, request.params.id);
      await staffOpportunity(request, before.opportunityId, 'update');
      await db.transaction(async (tx) => {
        const deleted = await deleteReward(tx, before.id, clock.now());
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'reward', subjectId: before.id, before, after: deleted });
      });
      return reply.status(204).send(null);
    },
  );

  // ——— Investor portal ———

  /** The perks of an opportunity the investor may see, and which tiers their holding in it reaches. */
  app.get(
    '/api/my/rewards',
    { schema: { querystring: rewardsQuery, response: { 200: dataOf(myRewardsSchema) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const opportunity = await findVisibleOpportunity(db, user.id, request.query.opportunity_id);
      // Perks of a live round are part of its financial promotion: past the same gates as its page.
      await assertMayViewOpportunity(db, user, opportunity, clock.now());
      await assertMarketSoundingAccepted(db, user.id, opportunity);
      const [rows, invested] = await Promise.all([listRewards(db, opportunity.id), investedIn(db, user.id, opportunity.id)]);
      return { data: presentMyRewards(opportunity, rows, invested) };
    },
  );
}
