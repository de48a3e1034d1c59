import type { FastifyRequest } from 'fastify';
import { and, asc, count } from 'drizzle-orm';
import { z } from 'zod';
import {
  anyOpportunitySchema,
  can,
  createExistingOpportunityBody,
  createOpportunityBody,
  dataOf,
  fileBody,
  idParam,
  idParams,
  listQuery,
  MAX_ID,
  noContent,
  OPPORTUNITIES_LIST,
  OPPORTUNITY_PERMISSION_EVENT,
  opportunityInvitationSchema,
  opportunityInvitationsBody,
  opportunityStatusBody,
  OpportunityStatus,
  pageOf,
  publicDocumentSchema,
  Role,
  staffOpportunitySchema,
  updateOpportunityBody,
  type Action,
  type InvestorOpportunity,
  type StaffOpportunity,
  type OpportunityStatusId,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { investmentOpportunities } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { authorize, investorOnly, requireInvestor, requireUser } from '../../platform/guards';
import { authorizeOpportunities, investorOrOpportunityStaff } from '../../shared/opportunity-access';
import { paginate, parseListQuery } from '../../platform/list-query';
import type { UserRow } from '../../platform/session';
import { notifyUsers } from '../../shared/notifications';
import { presentDocumentForInvestor } from '../records';
import { recordProjectAccess, recordWallCrossing } from '../insider-register';
import { interestedInvestorIds } from '../placements';
import { registerSubject, registerSubjectGuard } from '../../shared/record-subjects';
import { guardOpportunityRecords } from '../../shared/opportunity-tabs';
import { assertMayViewOpportunity } from '../../shared/investor-gates';
import { loadTerminology } from '../../shared/settings';
import { registerDiscussionRoutes } from './discussions';
import { registerMarketSoundingRoutes } from './market-sounding-routes';
import { registerOpportunityImageRoutes } from './images';
import { listableStatuses, OPPORTUNITIES_RESOURCE } from './list';
import { OPPORTUNITIES_EXPORT_RESOURCE, opportunitiesExport, staffOpportunitiesWhere } from './export';
import { exportFormat, sendExport } from '../../platform/export';
import { presentOpportunityForInvestor, presentOpportunityForStaff } from './presenter';
import {
  committedInvestorCount,
  cloneOpportunity,
  createOpportunity,
  deleteOpportunity,
  invitationsOf,
  inviteInvestors,
  promoteDeal,
  publicDocumentsOf,
  transitionOpportunity,
  uninviteInvestor,
  updateOpportunity,
} from './service';
import {
  findOpportunity,
  findVisibleOpportunity,
  marketSoundingPending,
  marketSoundingPendingIds,
  visibleToInvestor,
  type OpportunityRow,
} from '../../shared/opportunity-visibility';
import { escapeHtml } from '../../platform/html';

const keyParams = z.object({ key: z.string().min(1).max(120) });

/** The staff permission for an action on this opportunity: live (1–4) or existing (5–6) events. */
function assertStaffMay(user: UserRow, row: Pick<OpportunityRow, 'status'>, action: Action) {
  if (!can(user.roleId, OPPORTUNITY_PERMISSION_EVENT(row.status), action)) throw forbidden();
}

/**
 * Investment opportunities (spec §2.2 Live opportunities / Existing investments, §2.3 investor
 * routes). The same collection serves both sides: staff by the permission table, investors only
 * what visibleToInvestor() allows.
 */
export function registerOpportunityRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  registerOpportunityImageRoutes(app, ctx);
  registerDiscussionRoutes(app, ctx);
  registerMarketSoundingRoutes(app, ctx);
  registerSubject('opportunity', async (tx, id) => Boolean(await findOpportunity(tx, id)));
  registerSubjectGuard('opportunity', guardOpportunityRecords);

  /** The public documents of an opportunity, for the investor page (staff use /api/documents). */
  app.get(
    '/api/investment-opportunities/:id/documents',
    { schema: { params: idParams, response: { 200: dataOf(z.array(publicDocumentSchema)) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const row = await findVisibleOpportunity(db, user.id, request.params.id);
      await assertMayViewPromotion(user, row);
      if (await marketSoundingPending(db, user.id, row)) return { data: [] };
      return { data: (await publicDocumentsOf(db, row.id)).map(presentDocumentForInvestor) };
    },
  );

  /** A live opportunity is a financial promotion: shown only to investors past the promotion gates. */
  const assertMayViewPromotion = (user: UserRow, row: OpportunityRow) => assertMayViewOpportunity(db, user, row, clock.now());

  async function loadForStaff(request: FastifyRequest, id: number, action: Action): Promise<OpportunityRow> {
    const user = requireUser(request);
    const row = await findOpportunity(db, id);
    if (!row) throw notFound('opportunity');
    assertStaffMay(user, row, action);
    return row;
  }

  const oneOpportunity = { 200: dataOf(staffOpportunitySchema) };
  const createdOpportunity = { 201: dataOf(staffOpportunitySchema) };

  app.get(
    '/api/investment-opportunities',
    {
      schema: { querystring: listQuery(OPPORTUNITIES_LIST), response: { 200: pageOf(anyOpportunitySchema) } },
      onRequest: investorOrOpportunityStaff('index'),
    },
    async (request) => {
      const user = requireUser(request);
      const query = parseListQuery(request.query, OPPORTUNITIES_RESOURCE);
      query.orderBy.push(asc(investmentOpportunities.id));
      if (user.roleId === Role.User) {
        const where = and(visibleToInvestor(user.id), query.where);
        return paginate<OpportunityRow, InvestorOpportunity>(
          db.select().from(investmentOpportunities).where(where).$dynamic(),
          db.select({ total: count() }).from(investmentOpportunities).where(where).$dynamic(),
          query,
          request,
          async (rows) => {
            const pending = await marketSoundingPendingIds(db, user.id, rows);
            return rows.map((row) => presentOpportunityForInvestor(row, pending.has(row.id)));
          },
        );
      }
      const where = staffOpportunitiesWhere(query, listableStatuses(user.roleId));
      return paginate<OpportunityRow, StaffOpportunity>(
        db.select().from(investmentOpportunities).where(where).$dynamic(),
        db.select({ total: count() }).from(investmentOpportunities).where(where).$dynamic(),
        query,
        request,
        (rows) => rows.map(presentOpportunityForStaff),
      );
    },
  );

  /** The staff list as CSV or Excel: exactly the filtered, sorted list, streamed (platform/export). */
  app.get(
    '/api/investment-opportunities/export',
    {
      schema: { querystring: listQuery({ ...OPPORTUNITIES_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: authorizeOpportunities('index'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const raw = request.query;
      const query = parseListQuery(raw, OPPORTUNITIES_EXPORT_RESOURCE);
      return sendExport(request, reply, exportFormat(raw), opportunitiesExport(db, query, listableStatuses(user.roleId)));
    },
  );

  /** Staff open by id; investors by id or slug (/investor/investments/{slug}). */
  app.get(
    '/api/investment-opportunities/:key',
    { schema: { params: keyParams, response: { 200: dataOf(anyOpportunitySchema) } }, onRequest: investorOrOpportunityStaff('show') },
    async (request) => {
      const user = requireUser(request);
      const { key } = request.params;
      const byId = /^\d+$/.test(key) ? Number(key) : null;
      if (byId !== null && byId > MAX_ID) throw notFound('opportunity');
      if (user.roleId === Role.User) {
        const row = await findVisibleOpportunity(db, user.id, byId ?? key);
        await assertMayViewPromotion(user, row);
        const pending = await marketSoundingPending(db, user.id, row);
        // An invited investor who opens a Live - Internal opportunity holding inside information is wall-crossed.
        if (!pending && row.status === OpportunityStatus.LiveInternal)
          await recordWallCrossing(db, { opportunity: row, user, source: 'invitation', disclosedText: '', now: clock.now() });
        const shown = presentOpportunityForInvestor(row, pending);
        if (shown.market_sounding_pending) return { data: shown };
        return { data: { ...shown, investor_count: await committedInvestorCount(db, row.id) } };
      }
      if (byId === null) throw notFound('opportunity');
      const row = await findOpportunity(db, byId);
      if (!row) throw notFound('opportunity');
      assertStaffMay(user, row, 'show');
      await recordProjectAccess(db, { opportunityId: row.id }, user, clock.now());
      return { data: presentOpportunityForStaff(row) };
    },
  );

  app.post(
    '/api/investment-opportunities',
    { schema: { body: createOpportunityBody, response: createdOpportunity }, onRequest: authorize('live_opportunities', 'create') },
    async (request, reply) => {
      const row = await db.transaction(async (tx) => {
        const created = await createOpportunity(tx, request.body, request.user!.id);
        await recordActivity(tx, { request, action: 'created', subjectType: 'opportunity', subjectId: created.id, after: created });
        return created;
      });
      return reply.status(201).send({ data: presentOpportunityForStaff(row) });
    },
  );

  app.post(
    '/api/investment-opportunities/existing',
    {
      schema: { body: createExistingOpportunityBody, response: createdOpportunity },
      onRequest: authorize('existing_opportunities', 'create'),
    },
    async (request, reply) => {
      const { completed_at, ...input } = request.body;
      if (completed_at > clock.now().toISOString().slice(0, 10))
        throw validationError({ completed_at: ['The completion date cannot be in the future.'] });
      const row = await db.transaction(async (tx) => {
        const created = await createOpportunity(tx, input, request.user!.id, null, new Date(`${completed_at}T00:00:00Z`));
        await recordActivity(tx, { request, action: 'created', subjectType: 'opportunity', subjectId: created.id, after: created });
        return created;
      });
      return reply.status(201).send({ data: presentOpportunityForStaff(row) });
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/investment-opportunities/:id',
    schema: { params: idParams, body: updateOpportunityBody, response: oneOpportunity },
    onRequest: authorizeOpportunities('update'),
    handler: async (request) => {
      const current = await loadForStaff(request, request.params.id, 'update');
      const after = await db.transaction(async (tx) => {
        const result = await updateOpportunity(tx, current.id, request.body, clock.now());
        await recordActivity(tx, {
          request,
          action: 'updated',
          subjectType: 'opportunity',
          subjectId: current.id,
          before: result.before,
          after: result.after,
        });
        return result.after;
      });
      return { data: presentOpportunityForStaff(after) };
    },
  });

  /** Status changes (docs/decisions/0008); notifications go out after the change is committed. */
  app.post(
    '/api/investment-opportunities/:id/status',
    { schema: { params: idParams, body: opportunityStatusBody, response: oneOpportunity }, onRequest: authorizeOpportunities('update') },
    async (request) => {
      const current = await loadForStaff(request, request.params.id, 'update');
      const status = request.body.status as OpportunityStatusId;
      assertStaffMay(request.user!, { status }, 'update');
      const result = await db.transaction(async (tx) => {
        const outcome = await transitionOpportunity(tx, current.id, status, clock.now());
        if (outcome.before.status !== outcome.after.status) {
          await recordActivity(tx, {
            request,
            action: 'status_changed',
            subjectType: 'opportunity',
            subjectId: current.id,
            before: { status: outcome.before.status },
            after: { status: outcome.after.status },
          });
        }
        return outcome;
      });
      if (result.notify) await notifyAbout(result.after, result.notify.userIds, result.notify.icon);
      return { data: presentOpportunityForStaff(result.after) };
    },
  );

  async function notifyAbout(
    row: OpportunityRow,
    userIds: number[],
    icon: 'investment_opportunity_invited' | 'investment_opportunity_transition_existing',
  ) {
    const name = escapeHtml(row.name);
    const { portfolio } = await loadTerminology(db);
    const message =
      icon === 'investment_opportunity_invited'
        ? `You have been invited to view <strong>${name}</strong>.`
        : `<strong>${name}</strong> has completed and is now in your ${escapeHtml(portfolio)}.`;
    const cta = icon === 'investment_opportunity_invited' ? `/investor/investments/${row.slug}` : `/investor/portfolio/${row.id}`;
    await notifyUsers(ctx, userIds, { message, icon, cta });
  }

  app.post(
    '/api/investment-opportunities/:id/clone',
    { schema: { params: idParams, response: createdOpportunity }, onRequest: authorize('live_opportunities', 'create') },
    async (request, reply) => {
      const source = await loadForStaff(request, request.params.id, 'show');
      const row = await db.transaction(async (tx) => {
        const copy = await cloneOpportunity(tx, source.id, request.user!.id);
        await recordActivity(tx, {
          request,
          action: 'cloned',
          subjectType: 'opportunity',
          subjectId: copy.id,
          before: { source_id: source.id },
          after: copy,
        });
        return copy;
      });
      return reply.status(201).send({ data: presentOpportunityForStaff(row) });
    },
  );

  app.post(
    '/api/pipeline-deals/:id/promote',
    {
      schema: { params: idParams, response: createdOpportunity },
      onRequest: [authorize('deals', 'update'), authorize('live_opportunities', 'create')],
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = await db.transaction(async (tx) => {
        const created = await promoteDeal(tx, id, request.user!.id);
        // Investors who stated interest while the deal was placed are invited, in this transaction.
        const interested = await interestedInvestorIds(tx, id);
        const invited = interested.length ? await inviteInvestors(tx, created.id, interested, request.user!.id) : [];
        await recordActivity(tx, {
          request,
          action: 'promoted',
          subjectType: 'pipeline_deal',
          subjectId: id,
          after: { opportunity_id: created.id, invited_user_ids: invited },
        });
        await recordActivity(tx, { request, action: 'created', subjectType: 'opportunity', subjectId: created.id, after: created });
        return created;
      });
      return reply.status(201).send({ data: presentOpportunityForStaff(row) });
    },
  );

  app.delete(
    '/api/investment-opportunities/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorizeOpportunities('delete') },
    async (request, reply) => {
      const current = await loadForStaff(request, request.params.id, 'delete');
      await db.transaction(async (tx) => {
        const { before, after } = await deleteOpportunity(tx, current.id, clock.now());
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'opportunity', subjectId: current.id, before, after });
      });
      return reply.status(204).send(null);
    },
  );

  // Invitations to a Live - Internal opportunity.
  app.get(
    '/api/investment-opportunities/:id/invitations',
    {
      schema: { params: idParams, response: { 200: dataOf(z.array(opportunityInvitationSchema)) } },
      onRequest: authorizeOpportunities('show'),
    },
    async (request) => {
      const row = await loadForStaff(request, request.params.id, 'show');
      return { data: await invitationsOf(db, row.id) };
    },
  );

  app.post(
    '/api/investment-opportunities/:id/invitations',
    {
      schema: { params: idParams, body: opportunityInvitationsBody, response: { 200: dataOf(z.object({ invited: z.number().int() })) } },
      onRequest: authorizeOpportunities('update'),
    },
    async (request) => {
      const row = await loadForStaff(request, request.params.id, 'update');
      const { user_ids } = request.body;
      const invited = await db.transaction(async (tx) => {
        const added = await inviteInvestors(tx, row.id, user_ids, request.user!.id);
        if (added.length)
          await recordActivity(tx, {
            request,
            action: 'invited',
            subjectType: 'opportunity',
            subjectId: row.id,
            after: { user_ids: added },
          });
        return added;
      });
      // Investors hear about it once it is open to them; moving to Live - Internal notifies the rest.
      if (row.status === OpportunityStatus.LiveInternal) await notifyAbout(row, invited, 'investment_opportunity_invited');
      return { data: { invited: invited.length } };
    },
  );

  app.delete(
    '/api/investment-opportunities/:id/invitations/:userId',
    {
      schema: { params: z.object({ id: idParam, userId: idParam }), response: { 204: noContent } },
      onRequest: authorizeOpportunities('update'),
    },
    async (request, reply) => {
      const row = await loadForStaff(request, request.params.id, 'update');
      const { userId } = request.params;
      await db.transaction(async (tx) => {
        await uninviteInvestor(tx, row.id, userId);
        await recordActivity(tx, {
          request,
          action: 'uninvited',
          subjectType: 'opportunity',
          subjectId: row.id,
          before: { user_id: userId },
        });
      });
      return reply.status(204).send(null);
    },
  );
}
