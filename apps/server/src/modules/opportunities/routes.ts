import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { can, OPPORTUNITY_PERMISSION_EVENT, OpportunityStatus, Role, type Action, type OpportunityStatusId } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { documents, investmentOpportunities, marketSoundingAcceptances, opportunityInvitations, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { authorize, investorOnly, requireInvestor, requireUser } from '../../platform/guards';
import { authorizeOpportunities, investorOrOpportunityStaff } from '../../shared/opportunity-access';
import { idParam, idParams, MAX_ID } from '@platform/domain';
import { idsFilter } from '../../platform/list-filters';
import { paginate, parseListQuery } from '../../platform/list-query';
import type { UserRow } from '../../platform/session';
import { notifyUser } from '../../shared/notifications';
import { presentDocumentForInvestor } from '../records/documents';
import { registerSubject, registerSubjectGuard } from '../../shared/record-subjects';
import { guardOpportunityRecords } from '../../shared/opportunity-tabs';
import { loadSettings } from '../../shared/settings';
import { registerDiscussionRoutes } from './discussions';
import { registerOpportunityImageRoutes } from './images';
import { listableStatuses, OPPORTUNITIES_RESOURCE } from './list';
import { OPPORTUNITIES_EXPORT_RESOURCE, opportunitiesExport, staffOpportunitiesWhere } from './export';
import { exportFormat, sendExport } from '../../platform/export';
import { presentOpportunityForInvestor, presentOpportunityForStaff } from './presenter';
import { createExistingSchema, createOpportunitySchema, invitationsSchema, transitionSchema, updateOpportunitySchema } from './schemas';
import {
  cloneOpportunity,
  createOpportunity,
  deleteOpportunity,
  inviteInvestors,
  promoteDeal,
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

type Params = z.infer<typeof idParams>;

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
export function registerOpportunityRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  registerOpportunityImageRoutes(app, ctx);
  registerDiscussionRoutes(app, ctx);
  registerSubject('opportunity', async (tx, id) => Boolean(await findOpportunity(tx, id)));
  registerSubjectGuard('opportunity', guardOpportunityRecords);

  /** The public documents of an opportunity, for the investor page (staff use /api/documents). */
  app.get('/api/investment-opportunities/:id/documents', { schema: { params: idParams }, onRequest: investorOnly }, async (request) => {
    const user = requireInvestor(request);
    const row = await findVisibleOpportunity(db, user.id, (request.params as Params).id);
    if (await marketSoundingPending(db, user.id, row)) return { data: [] };
    const rows = await db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.subjectType, 'opportunity'),
          eq(documents.subjectId, row.id),
          eq(documents.visibility, 'public'),
          isNull(documents.deletedAt),
        ),
      )
      .orderBy(asc(documents.name));
    return { data: rows.map(presentDocumentForInvestor) };
  });

  async function loadForStaff(request: FastifyRequest, action: Action): Promise<OpportunityRow> {
    const user = requireUser(request);
    const row = await findOpportunity(db, idParams.parse(request.params).id);
    if (!row) throw notFound('opportunity');
    assertStaffMay(user, row, action);
    return row;
  }

  app.get('/api/investment-opportunities', { onRequest: investorOrOpportunityStaff('index') }, async (request) => {
    const user = requireUser(request);
    const query = parseListQuery(request.query as Record<string, unknown>, OPPORTUNITIES_RESOURCE);
    query.orderBy.push(asc(investmentOpportunities.id));
    if (user.roleId === Role.User) {
      const where = and(visibleToInvestor(user.id), query.where);
      return paginate<OpportunityRow, unknown>(
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
    return paginate<OpportunityRow, unknown>(
      db.select().from(investmentOpportunities).where(where).$dynamic(),
      db.select({ total: count() }).from(investmentOpportunities).where(where).$dynamic(),
      query,
      request,
      (rows) => rows.map(presentOpportunityForStaff),
    );
  });

  /** The staff list as CSV or Excel: exactly the filtered, sorted list, streamed (platform/export). */
  app.get('/api/investment-opportunities/export', { onRequest: authorizeOpportunities('index') }, async (request, reply) => {
    const user = requireUser(request);
    const raw = request.query as Record<string, unknown>;
    const query = parseListQuery(raw, OPPORTUNITIES_EXPORT_RESOURCE);
    return sendExport(request, reply, exportFormat(raw), opportunitiesExport(db, query, listableStatuses(user.roleId)));
  });

  /** Staff open by id; investors by id or slug (/investor/investments/{slug}). */
  app.get(
    '/api/investment-opportunities/:key',
    { schema: { params: keyParams }, onRequest: investorOrOpportunityStaff('show') },
    async (request) => {
      const user = requireUser(request);
      const { key } = request.params as z.infer<typeof keyParams>;
      const byId = /^\d+$/.test(key) ? Number(key) : null;
      if (byId !== null && byId > MAX_ID) throw notFound('opportunity');
      if (user.roleId === Role.User) {
        const row = await findVisibleOpportunity(db, user.id, byId ?? key);
        return { data: presentOpportunityForInvestor(row, await marketSoundingPending(db, user.id, row)) };
      }
      if (byId === null) throw notFound('opportunity');
      const row = await findOpportunity(db, byId);
      if (!row) throw notFound('opportunity');
      assertStaffMay(user, row, 'show');
      return { data: presentOpportunityForStaff(row) };
    },
  );

  app.post('/api/investment-opportunities', { onRequest: authorize('live_opportunities', 'create') }, async (request, reply) => {
    const input = parseFields(createOpportunitySchema, await readFormFields(request));
    const row = await db.transaction(async (tx) => {
      const created = await createOpportunity(tx, input, request.user!.id);
      await recordActivity(tx, { request, action: 'created', subjectType: 'opportunity', subjectId: created.id, after: created });
      return created;
    });
    return reply.status(201).send({ data: presentOpportunityForStaff(row) });
  });

  app.post(
    '/api/investment-opportunities/existing',
    { onRequest: authorize('existing_opportunities', 'create') },
    async (request, reply) => {
      const { completed_at, ...input } = parseFields(createExistingSchema, await readFormFields(request));
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

  const update = async (request: FastifyRequest) => {
    const current = await loadForStaff(request, 'update');
    const input = parseFields(updateOpportunitySchema, await readFormFields(request));
    const after = await db.transaction(async (tx) => {
      const result = await updateOpportunity(tx, current.id, input, clock.now());
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
  };
  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/investment-opportunities/:id',
    schema: { params: idParams },
    onRequest: authorizeOpportunities('update'),
    handler: update,
  });

  /** Status changes (docs/decisions/0008); notifications go out after the change is committed. */
  app.post(
    '/api/investment-opportunities/:id/status',
    { schema: { params: idParams }, onRequest: authorizeOpportunities('update') },
    async (request) => {
      const current = await loadForStaff(request, 'update');
      const { status } = parseFields(transitionSchema, await readFormFields(request));
      assertStaffMay(request.user!, { status }, 'update');
      const result = await db.transaction(async (tx) => {
        const outcome = await transitionOpportunity(tx, current.id, status as OpportunityStatusId, clock.now());
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
    const message =
      icon === 'investment_opportunity_invited'
        ? `You have been invited to view <strong>${name}</strong>.`
        : `<strong>${name}</strong> has completed and is now in your portfolio.`;
    const cta = icon === 'investment_opportunity_invited' ? `/investor/investments/${row.slug}` : `/investor/portfolio/${row.id}`;
    for (const userId of userIds) await notifyUser(ctx, userId, { message, icon, cta });
  }

  app.post(
    '/api/investment-opportunities/:id/clone',
    { schema: { params: idParams }, onRequest: authorize('live_opportunities', 'create') },
    async (request, reply) => {
      const source = await loadForStaff(request, 'show');
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
    { schema: { params: idParams }, onRequest: [authorize('deals', 'update'), authorize('live_opportunities', 'create')] },
    async (request, reply) => {
      const { id } = request.params as Params;
      const row = await db.transaction(async (tx) => {
        const created = await promoteDeal(tx, id, request.user!.id);
        await recordActivity(tx, {
          request,
          action: 'promoted',
          subjectType: 'pipeline_deal',
          subjectId: id,
          after: { opportunity_id: created.id },
        });
        await recordActivity(tx, { request, action: 'created', subjectType: 'opportunity', subjectId: created.id, after: created });
        return created;
      });
      return reply.status(201).send({ data: presentOpportunityForStaff(row) });
    },
  );

  app.delete(
    '/api/investment-opportunities/:id',
    { schema: { params: idParams }, onRequest: authorizeOpportunities('delete') },
    async (request, reply) => {
      const current = await loadForStaff(request, 'delete');
      await db.transaction(async (tx) => {
        const { before, after } = await deleteOpportunity(tx, current.id, clock.now());
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'opportunity', subjectId: current.id, before, after });
      });
      return reply.status(204).send();
    },
  );

  // Invitations to a Live - Internal opportunity.
  app.get(
    '/api/investment-opportunities/:id/invitations',
    { schema: { params: idParams }, onRequest: authorizeOpportunities('show') },
    async (request) => {
      const row = await loadForStaff(request, 'show');
      const rows = await db
        .select({ user_id: users.id, name: users.name, email: users.email, invited_at: opportunityInvitations.createdAt })
        .from(opportunityInvitations)
        .innerJoin(users, eq(users.id, opportunityInvitations.userId))
        .where(eq(opportunityInvitations.opportunityId, row.id))
        .orderBy(asc(users.name));
      return { data: rows.map((r) => ({ ...r, invited_at: r.invited_at.toISOString() })) };
    },
  );

  app.post(
    '/api/investment-opportunities/:id/invitations',
    { schema: { params: idParams }, onRequest: authorizeOpportunities('update') },
    async (request) => {
      const row = await loadForStaff(request, 'update');
      const { user_ids } = parseFields(invitationsSchema, await readFormFields(request));
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
    { schema: { params: z.object({ id: idParam, userId: idParam }) }, onRequest: authorizeOpportunities('update') },
    async (request, reply) => {
      const row = await loadForStaff(request, 'update');
      const { userId } = request.params as { userId: number };
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
      return reply.status(204).send();
    },
  );

  // Market sounding (spec §2.3 /investor/investments/market-sounding/{id}): the investor reads the
  // configured description and accepts before the opportunity's content is shown to them.
  app.get('/api/market-sounding/:id', { schema: { params: idParams }, onRequest: investorOnly }, async (request) => {
    const user = requireInvestor(request);
    const row = await findVisibleOpportunity(db, user.id, (request.params as Params).id);
    const settings = await loadSettings(db);
    return {
      data: {
        opportunity_id: row.id,
        slug: row.slug,
        description: settings.marketSoundingDescription ?? '',
        accepted: !(await marketSoundingPending(db, user.id, row)),
      },
    };
  });

  app.post('/api/market-sounding/:id/accept', { schema: { params: idParams }, onRequest: investorOnly }, async (request) => {
    const user = requireInvestor(request);
    const row = await findVisibleOpportunity(db, user.id, (request.params as Params).id);
    const settings = await loadSettings(db);
    // An acceptance is recorded once; accepting again changes nothing (the register is append-only).
    const [entry] = await db
      .insert(marketSoundingAcceptances)
      .values({
        opportunityId: row.id,
        userId: user.id,
        disclosedText: settings.marketSoundingDescription ?? '',
        opportunityName: row.name,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 255) ?? null,
        acceptedAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (entry)
      await recordActivity(db, {
        request,
        action: 'market_sounding_accepted',
        subjectType: 'opportunity',
        subjectId: row.id,
        after: { acceptance_id: entry.id },
      });
    return { data: { accepted: true, slug: row.slug } };
  });

  /** The insider register's market-sounding list (spec §2.2 /admin/insider-register). */
  app.get('/api/market-sounding-acceptances', { onRequest: authorize('insider_register', 'index') }, async (request) => {
    const query = parseListQuery(request.query as Record<string, unknown>, {
      name: 'market_sounding_acceptances',
      filters: {
        opportunity_id: idsFilter('opportunity_id', marketSoundingAcceptances.opportunityId),
        user_id: idsFilter('user_id', marketSoundingAcceptances.userId),
      },
      sorts: { accepted_at: marketSoundingAcceptances.acceptedAt },
      defaultSort: '-accepted_at',
    });
    query.orderBy.push(desc(marketSoundingAcceptances.id));
    return paginate<
      {
        id: number;
        opportunityId: number;
        userId: number;
        userName: string;
        userEmail: string;
        opportunityName: string;
        disclosedText: string;
        acceptedAt: Date;
        ip: string | null;
      },
      unknown
    >(
      db
        .select({
          id: marketSoundingAcceptances.id,
          opportunityId: marketSoundingAcceptances.opportunityId,
          userId: marketSoundingAcceptances.userId,
          userName: users.name,
          userEmail: users.email,
          opportunityName: marketSoundingAcceptances.opportunityName,
          disclosedText: marketSoundingAcceptances.disclosedText,
          acceptedAt: marketSoundingAcceptances.acceptedAt,
          ip: marketSoundingAcceptances.ip,
        })
        .from(marketSoundingAcceptances)
        .innerJoin(users, eq(users.id, marketSoundingAcceptances.userId))
        .where(query.where)
        .$dynamic(),
      db.select({ total: count() }).from(marketSoundingAcceptances).where(query.where).$dynamic(),
      query,
      request,
      (rows) =>
        rows.map((r) => ({
          id: r.id,
          opportunity_id: r.opportunityId,
          opportunity_name: r.opportunityName,
          user: { id: r.userId, name: r.userName, email: r.userEmail },
          disclosed_text: r.disclosedText,
          accepted_at: r.acceptedAt.toISOString(),
          ip: r.ip,
        })),
    );
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
