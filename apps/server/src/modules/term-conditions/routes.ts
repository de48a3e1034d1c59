import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  acceptTermConditionBody,
  createTermConditionBody,
  currentTermConditionSchema,
  dataOf,
  idParams,
  myTermAcceptanceSchema,
  Role,
  termConditionSchema,
  termConditionsQuery,
  updateTermConditionBody,
  type Action,
} from '@platform/domain';
import { investments, termConditions, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { App, AppContext } from '../../platform/context';
import { notFound, validationError } from '../../platform/errors';
import { investorOnly, requireInvestor, requireUser } from '../../platform/guards';
import { pushNotifications } from '../../shared/notifications';
import { authorizeOpportunities, investorOrOpportunityStaff } from '../../shared/opportunity-access';
import { opportunityForTab } from '../../shared/opportunity-tabs';
import {
  assertMarketSoundingAccepted,
  findOpportunity,
  findVisibleOpportunity,
  lockOpportunityRow,
  type OpportunityRow,
} from '../../shared/opportunity-visibility';
import { flagOn, loadSettings } from '../../shared/settings';
import { recordTermsAcceptance, TERMS_ASKED_STATUSES } from '../../shared/term-conditions';
import { acceptancesOf, acceptancesOfInvestor, correctVersion, findVersion, listVersions, presentVersion, publishVersion } from './service';

/**
 * An opportunity's investment terms as a versioned resource (spec §3 "term conditions", decision
 * 0053). Staff read and publish versions under the opportunity's permission event (its Terms tab);
 * anyone who may see the opportunity reads its current version; the investor accepts the current
 * version for an unpaid investment and finds every acceptance among their documents.
 */
export function registerTermConditionRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const one = { 200: dataOf(termConditionSchema) };

  const staffOpportunity = (request: FastifyRequest, id: number, action: Action) => opportunityForTab(db, request, id, action, 'terms');

  async function present(id: number) {
    const row = await findVersion(db, id);
    const opportunity = await findOpportunity(db, row.opportunityId);
    const [creator] = row.createdBy ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.createdBy)) : [];
    return presentVersion(row, opportunity?.termsVersion ?? null, await acceptancesOf(db, row.id), creator?.name ?? null);
  }

  app.get(
    '/api/term-conditions',
    {
      schema: { querystring: termConditionsQuery, response: { 200: dataOf(z.array(termConditionSchema)) } },
      onRequest: authorizeOpportunities('show'),
    },
    async (request) => ({ data: await listVersions(db, await staffOpportunity(request, request.query.opportunity_id, 'show')) }),
  );

  app.get(
    '/api/term-conditions/current',
    {
      schema: { querystring: termConditionsQuery, response: { 200: dataOf(currentTermConditionSchema) } },
      onRequest: investorOrOpportunityStaff('show'),
    },
    async (request) => {
      const user = requireUser(request);
      let opportunity: OpportunityRow;
      if (user.roleId === Role.User) {
        opportunity = await findVisibleOpportunity(db, user.id, request.query.opportunity_id);
        await assertMarketSoundingAccepted(db, user.id, opportunity);
      } else {
        opportunity = await staffOpportunity(request, request.query.opportunity_id, 'show');
      }
      if (opportunity.termsVersion === null) return { data: null };
      const [row] = await db
        .select()
        .from(termConditions)
        .where(and(eq(termConditions.opportunityId, opportunity.id), eq(termConditions.version, opportunity.termsVersion)));
      return {
        data: {
          id: row.id,
          opportunity_id: row.opportunityId,
          version: row.version,
          body: row.body,
          created_at: row.createdAt.toISOString(),
        },
      };
    },
  );

  app.get(
    '/api/term-conditions/:id',
    { schema: { params: idParams, response: one }, onRequest: authorizeOpportunities('show') },
    async (request) => {
      const row = await findVersion(db, request.params.id);
      await staffOpportunity(request, row.opportunityId, 'show');
      return { data: await present(row.id) };
    },
  );

  app.post(
    '/api/term-conditions',
    {
      schema: { body: createTermConditionBody, response: { 201: dataOf(termConditionSchema) } },
      onRequest: authorizeOpportunities('update'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      await staffOpportunity(request, request.body.opportunity_id, 'update');
      const askInvestors = flagOn(await loadSettings(db), 'investment_terms_enabled');
      const now = clock.now();
      const published = await db.transaction(async (tx) => {
        const result = await publishVersion(tx, {
          opportunityId: request.body.opportunity_id,
          body: request.body.body,
          userId: user.id,
          now,
          askInvestors,
        });
        await recordActivity(tx, {
          request,
          action: 'published',
          subjectType: 'term_condition',
          subjectId: result.row.id,
          after: result.row,
        });
        return result;
      });
      await pushNotifications(ctx.realtime, published.notes);
      return reply.status(201).send({ data: presentVersion(published.row, published.row.version, 0, user.name) });
    },
  );

  app.patch(
    '/api/term-conditions/:id',
    { schema: { params: idParams, body: updateTermConditionBody, response: one }, onRequest: authorizeOpportunities('update') },
    async (request) => {
      const row = await findVersion(db, request.params.id);
      await staffOpportunity(request, row.opportunityId, 'update');
      await db.transaction(async (tx) => {
        const updated = await correctVersion(tx, row, request.body.body, clock.now());
        await recordActivity(tx, {
          request,
          action: 'updated',
          subjectType: 'term_condition',
          subjectId: row.id,
          before: row,
          after: updated,
        });
      });
      return { data: await present(row.id) };
    },
  );

  // ——— Investor portal ———

  app.get(
    '/api/my/term-conditions',
    { schema: { response: { 200: dataOf(z.array(myTermAcceptanceSchema)) } }, onRequest: investorOnly },
    async (request) => ({ data: await acceptancesOfInvestor(db, requireInvestor(request).id) }),
  );

  app.post(
    '/api/my/investments/:id/term-conditions',
    {
      schema: { params: idParams, body: acceptTermConditionBody, response: { 201: dataOf(myTermAcceptanceSchema) } },
      onRequest: investorOnly,
    },
    async (request, reply) => {
      const user = requireInvestor(request);
      const now = clock.now();
      if (!flagOn(await loadSettings(db), 'investment_terms_enabled')) throw notFound('investment terms');
      const accepted = await db.transaction(async (tx) => {
        const [investment] = await tx
          .select()
          .from(investments)
          .where(and(eq(investments.id, request.params.id), eq(investments.userId, user.id), isNull(investments.deletedAt)));
        if (!investment) throw notFound('investment');
        if (!(TERMS_ASKED_STATUSES as readonly string[]).includes(investment.status))
          throw validationError({ term_condition_id: ['Only an investment not yet paid for takes new terms.'] });
        const opportunity = await lockOpportunityRow(tx, investment.opportunityId);
        if (!opportunity) throw notFound('investment');
        const result = await recordTermsAcceptance(tx, {
          investment,
          currentVersion: opportunity.termsVersion,
          termConditionId: request.body.term_condition_id,
          request,
          now,
        });
        await recordActivity(tx, {
          request,
          action: 'terms_accepted',
          subjectType: 'investment',
          subjectId: investment.id,
          before: { terms_version: investment.termsVersion },
          after: { terms_version: result.version.version },
        });
        return result;
      });
      const [mine] = (await acceptancesOfInvestor(db, user.id)).filter(
        (a) => a.investment_id === request.params.id && a.version === accepted.version.version,
      );
      return reply.status(201).send({ data: mine });
    },
  );
}
