import {
  amlCountSchema,
  averageInvestmentAmountSchema,
  complianceCountSchema,
  dataOf,
  investorCategorisationStatsSchema,
  investorCountByDateSchema,
  liveOpportunityCountSchema,
  totalInvestmentValueSchema,
  trioBreakdownSchema,
  userCountStatsSchema,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { authorize } from '../../platform/guards';
import { loadSettings } from '../../shared/settings';
import {
  amlCount,
  averageInvestmentAmount,
  complianceCount,
  countUsers,
  investorCategorisation,
  investorsByDate,
  liveOpportunityCount,
  totalInvestmentValue,
  trioBreakdown,
} from './service';

/** Figures for the admin overview (spec §7.6 /api/stats/*): whoever may open the overview may read them. */
export function registerStatsRoutes(app: App, { db, clock }: AppContext) {
  const onRequest = authorize('overview', 'index');
  app.get('/api/stats/user-count', { schema: { response: { 200: dataOf(userCountStatsSchema) } }, onRequest }, async () => ({
    data: await countUsers(db, (await loadSettings(db)).termsVersion),
  }));
  app.get(
    '/api/stats/investor-count-by-date',
    { schema: { response: { 200: dataOf(investorCountByDateSchema) } }, onRequest },
    async () => ({ data: await investorsByDate(db, clock.now()) }),
  );
  app.get(
    '/api/stats/live-opportunity-count',
    { schema: { response: { 200: dataOf(liveOpportunityCountSchema) } }, onRequest },
    async () => ({ data: await liveOpportunityCount(db) }),
  );
  app.get('/api/stats/trio-breakdown', { schema: { response: { 200: dataOf(trioBreakdownSchema) } }, onRequest }, async () => ({
    data: await trioBreakdown(db),
  }));
  app.get(
    '/api/stats/total-investment-value',
    { schema: { response: { 200: dataOf(totalInvestmentValueSchema) } }, onRequest },
    async () => ({ data: await totalInvestmentValue(db, clock.now()) }),
  );
  app.get(
    '/api/stats/investor-categorisation',
    { schema: { response: { 200: dataOf(investorCategorisationStatsSchema) } }, onRequest },
    async () => ({ data: await investorCategorisation(db) }),
  );
  app.get(
    '/api/stats/average-investment-amount',
    { schema: { response: { 200: dataOf(averageInvestmentAmountSchema) } }, onRequest },
    async () => ({ data: await averageInvestmentAmount(db) }),
  );
  app.get('/api/stats/aml-count', { schema: { response: { 200: dataOf(amlCountSchema) } }, onRequest }, async () => ({
    data: await amlCount(db),
  }));
  app.get('/api/stats/compliance-count', { schema: { response: { 200: dataOf(complianceCountSchema) } }, onRequest }, async () => ({
    data: await complianceCount(db),
  }));
}
