import type { FastifyRequest } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import {
  acceptsReservations,
  can,
  INVESTMENT_INCLUDES,
  dataOf,
  fileBody,
  formatMoney,
  idParams,
  investmentIncludeQuery,
  INVESTMENTS_LIST,
  listQuery,
  manualInvestmentBody,
  OPPORTUNITY_PERMISSION_EVENT,
  OpportunityStatus,
  pageOf,
  staffCancelInvestmentBody,
  staffInvestmentSchema,
  type Action,
  type InvestmentStatus,
  type StaffInvestment,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { investmentOpportunities, investments } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { exportFormat, sendExport } from '../../platform/export';
import { requireUser } from '../../platform/guards';
import { inIdOrder, paginate, parseListQuery } from '../../platform/list-query';
import { idIn } from '../../platform/list-filters';
import type { UserRow } from '../../platform/session';
import { notifyUser } from '../../shared/notifications';
import { authorizeOpportunities } from '../../shared/opportunity-access';
import type { OpportunityRow } from '../../shared/opportunity-visibility';
import { loadSettings, loadTerminology } from '../../shared/settings';
import { utcDate } from '../../platform/clock';
import {
  countInvestments,
  INVESTMENTS_EXPORT_RESOURCE,
  INVESTMENTS_RESOURCE,
  investmentsExport,
  listableOpportunityStatuses,
  staffInvestmentsWhere,
} from './list';
import { presentInvestmentsWith, type InvestmentRow } from './presenter';
import { findInvestment, findLiveInvestor, findLiveOpportunity, moveInvestment, opportunityStatusOf, placeInvestment } from './service';
import { parseIncludes } from '../../shared/user-presenter';
import { markPaymentReceived } from './receipts';
import { assertHolder } from '../../shared/holder-ownership';
import { registerInvestorInvestmentRoutes } from './investor-routes';
import { escapeHtml } from '../../platform/html';

/** Staff may act on an investment by its opportunity's status: live (1–4) or existing (5–6) events. */
function assertStaffMay(user: UserRow, opportunity: Pick<OpportunityRow, 'status'>, action: Action) {
  if (!can(user.roleId, OPPORTUNITY_PERMISSION_EVENT(opportunity.status), action)) throw forbidden();
}

/** Staff record manual entries on open and closed opportunities, never on a Draft or a completed one. */
const takesManualEntries = (status: number) => acceptsReservations(status) || status === OpportunityStatus.Closed;
const isExisting = (status: number) => status === OpportunityStatus.Completed || status === OpportunityStatus.Matured;

/**
 * Investments (DOMAIN.md lifecycle step 3): the investor's routes (investor-routes.ts), and staff's
 * transactions: the list and its export, manual entries, cash calls, payments received and
 * cancellation. Every change of committed money is one transaction under the opportunity's lock.
 */
export function registerInvestmentRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  registerInvestorInvestmentRoutes(app, ctx);

  const oneForStaff = { 200: dataOf(staffInvestmentSchema) };

  const staffIndex = authorizeOpportunities('index');

  app.get(
    '/api/investments',
    { schema: { querystring: listQuery(INVESTMENTS_LIST), response: { 200: pageOf(staffInvestmentSchema) } }, onRequest: staffIndex },
    async (request) => {
      const user = requireUser(request);
      const query = parseListQuery(request.query, INVESTMENTS_RESOURCE);
      query.orderBy.push(asc(investments.id));
      const where = staffInvestmentsWhere(query, listableOpportunityStatuses(user.roleId));
      // The page's ids first, then its rows: at book size a deep page's OFFSET then walks an index
      // (investments_live_created_idx for the default order), and the total of a large book is
      // reused for a few seconds rather than counted on every page (decision 0075).
      return paginate<{ id: number }, StaffInvestment>(
        db
          .select({ id: investments.id })
          .from(investments)
          .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
          .where(where)
          .$dynamic(),
        countInvestments(db, where),
        query,
        request,
        async (page) => {
          const rows = await inIdOrder(
            page.map((p) => p.id),
            (ids) => db.select().from(investments).where(idIn(investments.id, ids)),
          );
          return presentInvestmentsWith(db, rows, query.includes, utcDate(clock.now()));
        },
        { cacheCount: true },
      );
    },
  );

  app.get(
    '/api/investments/export',
    {
      schema: { querystring: listQuery({ ...INVESTMENTS_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: staffIndex,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const raw = request.query;
      const query = parseListQuery(raw, INVESTMENTS_EXPORT_RESOURCE);
      return sendExport(request, reply, exportFormat(raw), investmentsExport(db, query, listableOpportunityStatuses(user.roleId)));
    },
  );

  /** The investment and its opportunity, once the signed-in member of staff may act on it. */
  async function loadForStaff(request: FastifyRequest, id: number, action: Action): Promise<InvestmentRow> {
    const user = requireUser(request);
    const row = await findInvestment(db, id);
    if (!row) throw notFound('investment');
    assertStaffMay(user, await opportunityStatusOf(db, row.opportunityId), action);
    return row;
  }

  async function presentForStaff(row: InvestmentRow, include: string | undefined) {
    const includes = parseIncludes(include, INVESTMENT_INCLUDES);
    const [investment] = await presentInvestmentsWith(db, [row], includes, utcDate(clock.now()));
    return { data: investment };
  }

  app.get(
    '/api/investments/:id',
    { schema: { params: idParams, querystring: investmentIncludeQuery, response: oneForStaff }, onRequest: staffIndex },
    async (request) => presentForStaff(await loadForStaff(request, request.params.id, 'show'), request.query.include),
  );

  app.post(
    '/api/investments/manual',
    {
      schema: { querystring: investmentIncludeQuery, body: manualInvestmentBody, response: { 201: dataOf(staffInvestmentSchema) } },
      onRequest: authorizeOpportunities('create'),
      config: { idempotent: true },
    },
    async (request, reply) => {
      const staff = requireUser(request);
      const input = request.body;
      const opportunity = await findLiveOpportunity(db, input.opportunity_id);
      if (!opportunity) throw validationError({ opportunity_id: ['Choose an opportunity.'] });
      assertStaffMay(staff, opportunity, 'create');
      const existing = isExisting(opportunity.status);
      if (!existing && !takesManualEntries(opportunity.status))
        throw validationError({
          opportunity_id: [
            'Investments can be entered only while the opportunity is live or closed, or once it is an existing investment.',
          ],
        });
      // An existing investment holds completed holdings only, each dated; a live one takes no completed entry.
      if (existing && input.status !== 'completed')
        throw validationError({ status: ['An existing investment takes completed holdings only.'] });
      if (!existing && input.status === 'completed')
        throw validationError({ status: ['Choose reserved or paid: the opportunity is not completed yet.'] });
      if (existing && !input.invested_on) throw validationError({ invested_on: ['Enter the date the holding was paid for.'] });
      if (input.invested_on && input.invested_on > clock.now().toISOString().slice(0, 10))
        throw validationError({ invested_on: ['The date cannot be in the future.'] });
      const investor = await findLiveInvestor(db, input.user_id);
      if (!investor) throw validationError({ user_id: ['Choose an investor.'] });
      await assertHolder(db, investor.id, input.holder_type, input.holder, await loadSettings(db));
      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        const { investment } = await placeInvestment(tx, {
          opportunityId: opportunity.id,
          userId: investor.id,
          amount: input.amount,
          holderType: input.holder_type,
          holder: input.holder,
          type: input.type,
          status: input.status,
          createdBy: staff.id,
          now,
          investedAt: input.invested_on ? new Date(`${input.invested_on}T00:00:00Z`) : undefined,
          accepts: existing ? isExisting : takesManualEntries,
          subject: 'staff',
        });
        await recordActivity(tx, { request, action: 'created', subjectType: 'investment', subjectId: investment.id, after: investment });
        return investment;
      });
      return reply.status(201).send(await presentForStaff(created, request.query.include));
    },
  );

  async function transition(request: FastifyRequest, current: InvestmentRow, to: InvestmentStatus, action: string, reason?: string) {
    return db.transaction(async (tx) => {
      const moved = await moveInvestment(tx, current.id, to, clock.now(), { reason });
      await recordActivity(tx, {
        request,
        action,
        subjectType: 'investment',
        subjectId: current.id,
        before: moved.before,
        after: moved.after,
      });
      return moved;
    });
  }

  app.post(
    '/api/investments/:id/cash-call',
    {
      schema: { params: idParams, querystring: investmentIncludeQuery, response: oneForStaff },
      onRequest: authorizeOpportunities('update'),
      config: { idempotent: true },
    },
    async (request) => {
      const { after, opportunity } = await transition(
        request,
        await loadForStaff(request, request.params.id, 'update'),
        'cash_call',
        'cash_call',
      );
      if (after.type !== 'private_manual') {
        const { cashCall } = await loadTerminology(db);
        await notifyUser(ctx, after.userId, {
          message: `${escapeHtml(cashCall)}: please pay <strong>${formatMoney({ amount: after.amount, currency: after.currency })}</strong> for your investment in <strong>${escapeHtml(opportunity.name)}</strong>.`,
          icon: 'investment_opportunity_invested',
          cta: `/investor/investments/${opportunity.slug}`,
        });
      }
      return presentForStaff(after, request.query.include);
    },
  );

  app.post(
    '/api/investments/:id/mark-paid',
    {
      schema: { params: idParams, querystring: investmentIncludeQuery, response: oneForStaff },
      onRequest: authorizeOpportunities('update'),
      config: { idempotent: true },
    },
    async (request) => {
      const current = await loadForStaff(request, request.params.id, 'update');
      const { after } = await db.transaction((tx) => markPaymentReceived(tx, current.id, requireUser(request).id, clock.now(), request));
      return presentForStaff(after, request.query.include);
    },
  );

  app.post(
    '/api/investments/:id/cancel',
    {
      schema: { params: idParams, querystring: investmentIncludeQuery, body: staffCancelInvestmentBody, response: oneForStaff },
      onRequest: authorizeOpportunities('update'),
    },
    async (request) => {
      const current = await loadForStaff(request, request.params.id, 'update');
      const { reason } = request.body;
      const { after } = await transition(request, current, 'cancelled', 'cancelled', reason);
      return presentForStaff(after, request.query.include);
    },
  );
}
