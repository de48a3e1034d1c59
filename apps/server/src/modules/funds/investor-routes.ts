import { dataOf, fundKpisQuery, fundKpisSchema, idParams, investorFundDetailSchema, investorFundSchema } from '@platform/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import { utcDate } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { requireInvestor } from '../../platform/guards';
import { investorFunds } from './access';
import { investorFundDetail, investorFundList, investorHoldsFund } from './investor-service';
import { fundKpis } from './kpis';

/**
 * The investor portal's funds (/investor/portfolio/fund/{id}): the signed-in investor's position in
 * each fund they hold and the fund's NAV history. A fund where they have no ledger entry is a 404,
 * as is every fund while `funds_enabled` is off; staff get 403 (these are the investor's own pages).
 */
export function registerInvestorFundRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/my/funds',
    { schema: { response: { 200: dataOf(z.array(investorFundSchema)) } }, onRequest: investorFunds(db) },
    async (request) => {
      const investor = requireInvestor(request);
      return { data: await investorFundList(db, investor.id, utcDate(clock.now())) };
    },
  );

  app.get(
    '/api/my/funds/:id',
    { schema: { params: idParams, response: { 200: dataOf(investorFundDetailSchema) } }, onRequest: investorFunds(db) },
    async (request) => {
      const investor = requireInvestor(request);
      const fund = await investorFundDetail(db, investor.id, request.params.id, utcDate(clock.now()));
      if (!fund) throw notFound('fund');
      return { data: fund };
    },
  );

  /** The fund's KPIs per quarter (default) or year, as staff see them: only for a fund the investor is in (else 404). */
  app.get(
    '/api/my/funds/:id/kpis',
    { schema: { params: idParams, querystring: fundKpisQuery, response: { 200: dataOf(fundKpisSchema) } }, onRequest: investorFunds(db) },
    async (request) => {
      const investor = requireInvestor(request);
      if (!(await investorHoldsFund(db, investor.id, request.params.id))) throw notFound('fund');
      return { data: await fundKpis(db, request.params.id, request.query.period ?? 'quarter', request.query.to ?? utcDate(clock.now())) };
    },
  );
}
