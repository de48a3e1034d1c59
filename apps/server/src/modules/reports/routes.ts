import {
  aggregateChartSchema,
  aggregateReportSchema,
  asOfQuery,
  availableReportSchema,
  dataOf,
  portfolioPerformanceReportSchema,
  REPORTS,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { authorize, authorizeAny, requireUser } from '../../platform/guards';
import { availableReports } from './available-reports';
import { loadAggregate, loadAggregateChart, loadPortfolioPerformance } from './portfolio-performance';

/**
 * Reports (spec §7.6 /api/reports/*). The whole book's performance is a portfolio KPI: permission
 * event 'portfolio_kpis', action index (decision 0015).
 */
export function registerReportRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/reports/available-reports',
    {
      schema: { response: { 200: dataOf(availableReportSchema.array()) } },
      onRequest: authorizeAny(...REPORTS.map(({ event }) => [event, 'index'] as const)),
    },
    async (request) => ({ data: await availableReports(db, requireUser(request).roleId) }),
  );

  app.get(
    '/api/reports/aggregate',
    {
      schema: { querystring: asOfQuery, response: { 200: dataOf(aggregateReportSchema) } },
      onRequest: authorize('portfolio_kpis', 'index'),
    },
    async (request) => ({ data: await loadAggregate(db, request.query.as_of ?? clock.now().toISOString().slice(0, 10)) }),
  );

  app.get(
    '/api/reports/aggregate-chart',
    {
      schema: { querystring: asOfQuery, response: { 200: dataOf(aggregateChartSchema) } },
      onRequest: authorize('portfolio_kpis', 'index'),
    },
    async (request) => ({ data: await loadAggregateChart(db, request.query.as_of ?? clock.now().toISOString().slice(0, 10)) }),
  );

  app.get(
    '/api/reports/portfolio-performance',
    {
      schema: { querystring: asOfQuery, response: { 200: dataOf(portfolioPerformanceReportSchema) } },
      onRequest: authorize('portfolio_kpis', 'index'),
    },
    async (request) => ({ data: await loadPortfolioPerformance(db, request.query.as_of ?? clock.now().toISOString().slice(0, 10)) }),
  );
}
