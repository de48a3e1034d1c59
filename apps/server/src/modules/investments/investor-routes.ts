import { asc, eq } from 'drizzle-orm';
import {
  acceptsReservations,
  dataOf,
  formatMoney,
  holdingDetailSchema,
  idParams,
  INVESTMENT_TYPE_BY_HOLDER,
  investorCancelInvestmentBody,
  investorInvestmentSchema,
  listQuery,
  MY_INVESTMENTS_LIST,
  pageOf,
  paymentSentBody,
  portfolioResponse,
  reserveInvestmentBody,
  totalsWithFunds,
  type InvestorInvestment,
  type ReserveInvestmentInput,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { investmentOpportunities, investments } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { validationError } from '../../platform/errors';
import { investorOnly, requireInvestor } from '../../platform/guards';
import { paginate, parseListQuery } from '../../platform/list-query';
import type { UserRow } from '../../platform/session';
import { notifyUser } from '../../shared/notifications';
import { insertStaffNotifications, pushStaffNotifications } from '../../shared/staff-notifications';
import { assertInvestorMay } from '../../shared/investor-gates';
import { assertMarketSoundingAccepted, findVisibleOpportunity } from '../../shared/opportunity-visibility';
import { flagOn, loadSettings, type SettingsRow } from '../../shared/settings';
import { recordTermsAcceptance } from '../../shared/term-conditions';
import { utcDate } from '../../platform/clock';
import { investorFundList } from '../funds';
import { countInvestments, investorInvestmentsWhere, MY_INVESTMENTS_RESOURCE } from './list';
import { createPortfolioReader } from './kept-holdings';
import { loadHolding } from './portfolio';
import { presentInvestmentForInvestor, type InvestmentRow, type InvestorOpportunity } from './presenter';
import {
  findInvestorInvestment,
  INVESTOR_OPPORTUNITY,
  investorOpportunityOf,
  markPaymentSent,
  moveInvestment,
  placeInvestment,
} from './service';
import { assertHolder } from '../../shared/holder-ownership';
import { holdingFromChoice, keepAsDefault } from '../ownership-choices';
import { escapeHtml } from '../../platform/html';

/**
 * The investor's side of investments (DOMAIN.md lifecycle step 3): reserving an allocation, following
 * it (cancel while reserved, say the money is sent) and the portfolio. Every change of committed
 * money is one transaction under the opportunity's lock.
 */
export function registerInvestorInvestmentRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const currentPortfolio = createPortfolioReader(db);

  /**
   * How the investor's reservation is held: a saved whole-ownership choice (decision 0054) or the
   * holder named in the body, which must be their own; `source` is what "save as my default" keeps.
   */
  async function investorHolding(userId: number, input: ReserveInvestmentInput, settings: SettingsRow) {
    if (input.ownership_choice_id != null) {
      const chosen = await holdingFromChoice(db, settings, userId, input.ownership_choice_id);
      return { ...chosen, source: { choiceId: input.ownership_choice_id } };
    }
    await assertHolder(db, userId, input.holder_type, input.holder, settings);
    const held = { holderType: input.holder_type, holder: input.holder };
    return { ...held, shares: null, source: held };
  }

  const oneForInvestor = { 200: dataOf(investorInvestmentSchema) };

  app.post(
    '/api/investments/investor',
    {
      schema: { body: reserveInvestmentBody, response: { 201: dataOf(investorInvestmentSchema) } },
      onRequest: investorOnly,
      config: { idempotent: true },
    },
    async (request, reply) => {
      const user = requireInvestor(request);
      const input = request.body;
      const now = clock.now();
      const opportunity = await findVisibleOpportunity(db, user.id, input.opportunity_id);
      await assertMarketSoundingAccepted(db, user.id, opportunity);
      if (!acceptsReservations(opportunity.status))
        throw validationError({ opportunity_id: ['This opportunity is not taking reservations.'] });
      await assertInvestorMay(db, user, now, 'invest');
      const settings = await loadSettings(db);
      // With terms published, the investor accepts the exact version they read (decision 0053).
      const termsAsked = flagOn(settings, 'investment_terms_enabled') && opportunity.termsVersion !== null;
      if (termsAsked && !input.accept_terms) throw validationError({ accept_terms: ['Accept the investment terms to continue.'] });
      if (termsAsked && !input.term_condition_id)
        throw validationError({ term_condition_id: ['Read the current terms and accept them to continue.'] });
      const holding = await investorHolding(user.id, input, settings);
      const {
        investment,
        opportunity: after,
        staff: staffNotes,
      } = await db.transaction(async (tx) => {
        const placed = await placeInvestment(tx, {
          opportunityId: opportunity.id,
          userId: user.id,
          amount: input.amount,
          holderType: holding.holderType,
          holder: holding.holder,
          ownershipShares: holding.shares,
          type: INVESTMENT_TYPE_BY_HOLDER[holding.holderType],
          status: 'reserved',
          createdBy: user.id,
          now,
          accepts: acceptsReservations,
          subject: 'self',
        });
        if (termsAsked && input.term_condition_id) {
          const accepted = await recordTermsAcceptance(tx, {
            investment: placed.investment,
            currentVersion: placed.opportunity.termsVersion,
            termConditionId: input.term_condition_id,
            request,
            now,
          });
          placed.investment = accepted.investment ?? placed.investment;
        }
        if (input.save_as_default) await keepAsDefault(tx, settings, user.id, holding.source, now);
        await recordActivity(tx, {
          request,
          action: 'reserved',
          subjectType: 'investment',
          subjectId: placed.investment.id,
          after: placed.investment,
        });
        const staff = await insertStaffNotifications(tx, 'reservation', {
          message: `<strong>${escapeHtml(user.name)}</strong> reserved <strong>${formatMoney({ amount: placed.investment.amount, currency: placed.investment.currency })}</strong> in <strong>${escapeHtml(placed.opportunity.name)}</strong>.`,
          icon: 'investment_opportunity_invested',
          cta: `/admin/investments/opportunities/${placed.opportunity.id}/transactions`,
          now,
          opportunityStatus: placed.opportunity.status,
        });
        return { ...placed, staff };
      });
      await pushStaffNotifications(ctx.realtime, staffNotes);
      await notifyUser(ctx, user.id, {
        message: `You reserved <strong>${formatMoney({ amount: investment.amount, currency: investment.currency })}</strong> in <strong>${escapeHtml(after.name)}</strong>.`,
        icon: 'investment_opportunity_invested',
        cta: `/investor/investments/${after.slug}`,
      });
      return reply
        .status(201)
        .send({ data: presentInvestmentForInvestor(investment, after, settings, utcDate(clock.now()), user.country) });
    },
  );

  app.get(
    '/api/my/investments',
    {
      schema: { querystring: listQuery(MY_INVESTMENTS_LIST), response: { 200: pageOf(investorInvestmentSchema) } },
      onRequest: investorOnly,
    },
    async (request) => {
      const user = requireInvestor(request);
      const query = parseListQuery(request.query, MY_INVESTMENTS_RESOURCE);
      query.orderBy.push(asc(investments.id));
      const where = investorInvestmentsWhere(query, user.id);
      const settings = await loadSettings(db);
      const today = utcDate(clock.now());
      return paginate<{ investment: InvestmentRow; opportunity: InvestorOpportunity }, InvestorInvestment>(
        db
          .select({ investment: investments, opportunity: INVESTOR_OPPORTUNITY })
          .from(investments)
          .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
          .where(where)
          .$dynamic(),
        countInvestments(db, where),
        query,
        request,
        (rows) => rows.map((r) => presentInvestmentForInvestor(r.investment, r.opportunity, settings, today, user.country)),
      );
    },
  );

  async function presentForInvestor(row: InvestmentRow, investor: UserRow) {
    const opportunity = await investorOpportunityOf(db, row.opportunityId);
    return { data: presentInvestmentForInvestor(row, opportunity, await loadSettings(db), utcDate(clock.now()), investor.country) };
  }

  app.get(
    '/api/my/investments/:id',
    { schema: { params: idParams, response: oneForInvestor }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      return presentForInvestor(await findInvestorInvestment(db, user.id, request.params.id), user);
    },
  );

  app.post(
    '/api/my/investments/:id/cancel',
    { schema: { params: idParams, body: investorCancelInvestmentBody, response: oneForInvestor }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const mine = await findInvestorInvestment(db, user.id, request.params.id);
      const { reason } = request.body;
      const after = await db.transaction(async (tx) => {
        const moved = await moveInvestment(tx, mine.id, 'cancelled', clock.now(), {
          reason: reason ?? 'Cancelled by the investor.',
          onlyFrom: ['reserved'],
        });
        await recordActivity(tx, {
          request,
          action: 'cancelled',
          subjectType: 'investment',
          subjectId: mine.id,
          before: moved.before,
          after: moved.after,
        });
        return moved.after;
      });
      return presentForInvestor(after, user);
    },
  );

  app.post(
    '/api/my/investments/:id/payment-sent',
    {
      schema: { params: idParams, body: paymentSentBody, response: oneForInvestor },
      onRequest: investorOnly,
      config: { idempotent: true },
    },
    async (request) => {
      const user = requireInvestor(request);
      const mine = await findInvestorInvestment(db, user.id, request.params.id);
      const input = request.body;
      const now = clock.now();
      if (input.paid_on && input.paid_on > utcDate(now)) throw validationError({ paid_on: ['The date cannot be in the future.'] });
      if (input.amount != null && !(Number(input.amount) > 0)) throw validationError({ amount: ['Enter the amount you paid.'] });
      const { row, staff } = await db.transaction(async (tx) => {
        const marked = await markPaymentSent(tx, mine.id, now, {
          on: input.paid_on ?? null,
          amount: input.amount ?? null,
          note: input.note || null,
        });
        if (!marked.first) return { row: marked.row, staff: [] };
        await recordActivity(tx, {
          request,
          action: 'payment_sent',
          subjectType: 'investment',
          subjectId: mine.id,
          after: { payment_sent_at: now.toISOString(), on: input.paid_on ?? null, amount: input.amount ?? null },
        });
        const opportunity = await investorOpportunityOf(tx, mine.opportunityId);
        const amount = formatMoney({ amount: input.amount ?? marked.row.amount, currency: marked.row.currency });
        return {
          row: marked.row,
          staff: await insertStaffNotifications(tx, 'payment_sent', {
            message: `<strong>${escapeHtml(user.name)}</strong> says they have paid <strong>${amount}</strong> (reference ${escapeHtml(marked.row.paymentReference)}) for <strong>${escapeHtml(opportunity.name)}</strong>.`,
            icon: 'investor_payment_sent',
            cta: `/admin/investments/opportunities/${opportunity.id}/transactions`,
            now,
            opportunityStatus: opportunity.status,
          }),
        };
      });
      await pushStaffNotifications(ctx.realtime, staff);
      return presentForInvestor(row, user);
    },
  );

  app.get('/api/my/portfolio', { schema: { response: { 200: portfolioResponse } }, onRequest: investorOnly }, async (request) => {
    const user = requireInvestor(request);
    const now = clock.now();
    const portfolio = await currentPortfolio(user.id, now);
    // The headline counts every holding: fund positions too, while the deployment has funds.
    if (!flagOn(await loadSettings(db), 'funds_enabled')) return portfolio;
    const funds = await investorFundList(db, user.id, utcDate(now));
    return { ...portfolio, totals: totalsWithFunds(portfolio.totals, funds) };
  });

  app.get(
    '/api/my/portfolio/:id',
    { schema: { params: idParams, response: { 200: dataOf(holdingDetailSchema) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      return { data: await loadHolding(db, user.id, request.params.id, clock.now()) };
    },
  );
}
