import type { FastifyRequest } from 'fastify';
import {
  createPreEmptionRoundBody,
  dataOf,
  idParams,
  INVESTOR_PRE_EMPTION_CHOICES,
  MAX_ID,
  investorPreEmptionChoiceBody,
  noContent,
  preEmptionRoundSchema,
  preEmptionRoundsQuery,
  staffPreEmptionChoiceBody,
  updatePreEmptionRoundBody,
  preEmptionAcceptsChoices,
  PRE_EMPTION_CHOICE_LABELS,
  type Action,
  type PreEmptionChoiceId,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import { authorize, investorOnly, requireInvestor } from '../../platform/guards';
import { notifyUsers } from '../../shared/notifications';
import { findOpportunity } from '../../shared/opportunity-visibility';
import { opportunityForTab } from '../../shared/opportunity-tabs';
import { presentRound } from './presenter';
import {
  createRound,
  findEntitlement,
  findRound,
  holdsVisibly,
  listRounds,
  loadEntitlements,
  lockRound,
  recordChoice,
  updateRound,
  withdrawRound,
  type RoundRow,
} from './service';
import { escapeHtml } from '../../platform/html';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Pre-emption rounds on existing investments (spec §4 choices, docs/decisions/0013). Staff open a
 * round, follow and record each holder's choice; an investor answers for their own entitlements on
 * their holding page while the round is open and before its deadline.
 */
export function registerPreEmptionRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;

  async function roundForStaff(request: FastifyRequest, id: number, action: Action) {
    const round = await findRound(db, id);
    if (!round) throw notFound('pre-emption round');
    const opportunity = await opportunityForTab(db, request, round.opportunityId, action, 'pre-emption');
    return { round, opportunity };
  }

  async function presentForStaff(round: RoundRow, currency: string) {
    return presentRound(round, currency, await loadEntitlements(db, [round.id]), clock.now(), {});
  }

  const oneRound = { 200: dataOf(preEmptionRoundSchema) };

  app.get(
    '/api/pre-emption-rounds',
    {
      schema: { querystring: preEmptionRoundsQuery, response: { 200: dataOf(preEmptionRoundSchema.array()) } },
      onRequest: authorize('existing_opportunities', 'show'),
    },
    async (request) => {
      const raw = request.query;
      const unknown = Object.keys(raw).find((key) => key !== 'filter[opportunity_id]');
      if (unknown) throw new AppError('bad_request', `Unknown parameter '${unknown}'. Rounds are listed by filter[opportunity_id].`);
      const id = Number(raw['filter[opportunity_id]']);
      if (!Number.isInteger(id) || id < 1)
        throw new AppError('bad_request', 'filter[opportunity_id] is required: the rounds of one investment.');
      // Beyond the id range no opportunity can exist (and the query would fail): missing, as any other.
      if (id > MAX_ID) throw notFound('opportunity');
      const opportunity = await opportunityForTab(db, request, id, 'show', 'pre-emption');
      const rounds = await listRounds(db, opportunity.id);
      const lines = await loadEntitlements(
        db,
        rounds.map((r) => r.id),
      );
      return {
        data: rounds.map((r) =>
          presentRound(
            r,
            opportunity.currency,
            lines.filter((l) => l.roundId === r.id),
            clock.now(),
            {},
          ),
        ),
      };
    },
  );

  app.post(
    '/api/pre-emption-rounds',
    {
      schema: { body: createPreEmptionRoundBody, response: { 201: dataOf(preEmptionRoundSchema) } },
      onRequest: authorize('existing_opportunities', 'update'),
    },
    async (request, reply) => {
      const input = request.body;
      const opportunity = await opportunityForTab(db, request, input.opportunity_id, 'update', 'pre-emption');
      const { round, userIds } = await db.transaction(async (tx) => {
        const created = await createRound(tx, opportunity, input, request.user!.id, isoDay(clock.now()));
        await recordActivity(tx, {
          request,
          action: 'pre_emption_round_opened',
          subjectType: 'opportunity',
          subjectId: opportunity.id,
          after: created.round,
        });
        return created;
      });
      // Holders hear of the offer once it is committed.
      const message = `<strong>${escapeHtml(opportunity.name)}</strong> is offering its holders new shares: give your choice by ${round.deadline}.`;
      await notifyUsers(ctx, userIds, { message, icon: 'investment_opportunity_invited', cta: `/investor/portfolio/${opportunity.id}` });
      return reply.status(201).send({ data: await presentForStaff(round, opportunity.currency) });
    },
  );

  app.get(
    '/api/pre-emption-rounds/:id',
    { schema: { params: idParams, response: oneRound }, onRequest: authorize('existing_opportunities', 'show') },
    async (request) => {
      const { round, opportunity } = await roundForStaff(request, request.params.id, 'show');
      return { data: await presentForStaff(round, opportunity.currency) };
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/pre-emption-rounds/:id',
    schema: { params: idParams, body: updatePreEmptionRoundBody, response: oneRound },
    onRequest: authorize('existing_opportunities', 'update'),
    handler: async (request) => {
      const input = request.body;
      const { round, opportunity } = await roundForStaff(request, request.params.id, 'update');
      const after = await db.transaction(async (tx) => {
        const { before, after: row } = await updateRound(tx, round.id, input, clock.now());
        await recordActivity(tx, {
          request,
          action: 'pre_emption_round_updated',
          subjectType: 'opportunity',
          subjectId: before.opportunityId,
          before,
          after: row,
        });
        return row;
      });
      return { data: await presentForStaff(after, opportunity.currency) };
    },
  });

  /** A round nobody has answered may be withdrawn (soft delete); after that it is closed instead. */
  app.delete(
    '/api/pre-emption-rounds/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorize('existing_opportunities', 'delete') },
    async (request, reply) => {
      const { round } = await roundForStaff(request, request.params.id, 'delete');
      await db.transaction(async (tx) => {
        const { before, after: row } = await withdrawRound(tx, round.id, clock.now());
        await recordActivity(tx, {
          request,
          action: 'pre_emption_round_deleted',
          subjectType: 'opportunity',
          subjectId: before.opportunityId,
          before,
          after: row,
        });
      });
      return reply.status(204).send(null);
    },
  );

  /** Staff record or change a holder's choice (a reply by phone or e-mail) while the round is open, deadline or not. */
  app.post(
    '/api/pre-emption-rounds/:id/choices',
    {
      schema: { params: idParams, body: staffPreEmptionChoiceBody, response: oneRound },
      onRequest: authorize('existing_opportunities', 'update'),
    },
    async (request) => {
      const input = request.body;
      const { round, opportunity } = await roundForStaff(request, request.params.id, 'update');
      const current = await db.transaction(async (tx) => {
        const locked = await lockRound(tx, round.id);
        if (!locked.isOpen) throw validationError({ choice: ['The round is closed: reopen it to change a choice.'] });
        const entitlement = await findEntitlement(tx, input.entitlement_id);
        if (!entitlement || entitlement.roundId !== round.id) throw validationError({ entitlement_id: ['Choose a holder of this round.'] });
        const { before, after } = await recordChoice(
          tx,
          locked,
          entitlement,
          input.choice as PreEmptionChoiceId,
          input.requested_amount,
          opportunity.currency,
          request.user!.id,
          clock.now(),
        );
        await recordActivity(tx, {
          request,
          action: 'pre_emption_choice_recorded',
          subjectType: 'opportunity',
          subjectId: opportunity.id,
          before,
          after,
        });
        return locked;
      });
      return { data: await presentForStaff(current, opportunity.currency) };
    },
  );

  // ——— Investor portal ———

  /** The rounds of one of the investor's holdings that are open, with their own entitlements only. */
  app.get(
    '/api/my/portfolio/:id/pre-emption-rounds',
    { schema: { params: idParams, response: { 200: dataOf(preEmptionRoundSchema.array()) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const opportunityId = request.params.id;
      const opportunity = (await holdsVisibly(db, user.id, opportunityId)) ? await findOpportunity(db, opportunityId) : undefined;
      if (!opportunity) throw notFound('holding');
      // Open rounds to answer, and closed ones for what was allotted.
      const rounds = await listRounds(db, opportunityId);
      const lines = await loadEntitlements(
        db,
        rounds.map((r) => r.id),
      );
      return {
        data: rounds
          .map((r) =>
            presentRound(
              r,
              opportunity.currency,
              lines.filter((l) => l.roundId === r.id),
              clock.now(),
              { onlyUserId: user.id },
            ),
          )
          .filter((r) => r.entitlements.length > 0),
      };
    },
  );

  app.post(
    '/api/my/pre-emption-entitlements/:id/choice',
    { schema: { params: idParams, body: investorPreEmptionChoiceBody, response: oneRound }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const entitlement = await findEntitlement(db, request.params.id);
      if (!entitlement || entitlement.userId !== user.id) throw notFound('entitlement');
      const round = await findRound(db, entitlement.roundId);
      const opportunity =
        round && (await holdsVisibly(db, user.id, round.opportunityId)) ? await findOpportunity(db, round.opportunityId) : undefined;
      if (!round || !opportunity) throw notFound('entitlement');
      const input = request.body;
      const choice = input.choice as PreEmptionChoiceId;
      if (!INVESTOR_PRE_EMPTION_CHOICES.includes(choice)) {
        throw validationError({
          choice: [`Choose one of: ${INVESTOR_PRE_EMPTION_CHOICES.map((c) => PRE_EMPTION_CHOICE_LABELS[c]).join(', ')}.`],
        });
      }
      const after = await db.transaction(async (tx) => {
        const locked = await lockRound(tx, round.id);
        if (!preEmptionAcceptsChoices(locked, clock.now()))
          throw validationError({ choice: ['This round has closed: contact us if you still wish to take part.'] });
        const result = await recordChoice(
          tx,
          locked,
          entitlement,
          choice,
          input.requested_amount,
          opportunity.currency,
          user.id,
          clock.now(),
        );
        await recordActivity(tx, {
          request,
          action: 'pre_emption_choice_recorded',
          subjectType: 'opportunity',
          subjectId: opportunity.id,
          before: result.before,
          after: result.after,
        });
        return locked;
      });
      return {
        data: presentRound(after, opportunity.currency, await loadEntitlements(db, [after.id]), clock.now(), { onlyUserId: user.id }),
      };
    },
  );
}
