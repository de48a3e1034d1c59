import {
  aggregateChartSchema,
  aggregateReportSchema,
  asOfQuery,
  availableReportSchema,
  dataOf,
  portfolioPerformanceReportSchema,
  fileBody,
  fundKpiReportQuery,
  fundKpisSchema,
  INVESTMENTS_REPORT_LIST,
  investmentsReportRowSchema,
  listQuery,
  pageOf,
  quarterBounds,
  quarterKpiQuery,
  quarterKpiReportSchema,
  quarterOf,
  REPORTS,
} from '@platform/domain';
import { and, asc, gte, lte } from 'drizzle-orm';
import { investmentOpportunities, kpis, kpiValues } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { utcDate } from '../../platform/clock';
import { exportFormat, sendExport } from '../../platform/export';
import { parseListQuery } from '../../platform/list-query';
import { authorizeFunds, fundKpiReport } from '../funds';
import { gridRows, presentGrid } from '../kpis';
import {
  INVESTMENTS_REPORT_EXPORT_RESOURCE,
  INVESTMENTS_REPORT_RESOURCE,
  investmentsReportExport,
  investmentsReportPage,
} from './investments-report';
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

  /** Every investment across the book (decision 0029): the report grant of the whole book. */
  app.get(
    '/api/reports/investments',
    {
      schema: { querystring: listQuery(INVESTMENTS_REPORT_LIST), response: { 200: pageOf(investmentsReportRowSchema) } },
      onRequest: authorize('portfolio_kpis', 'index'),
    },
    async (request) => investmentsReportPage(db, request, parseListQuery(request.query, INVESTMENTS_REPORT_RESOURCE)),
  );

  app.get(
    '/api/reports/investments/export',
    {
      schema: { querystring: listQuery({ ...INVESTMENTS_REPORT_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: authorize('portfolio_kpis', 'index'),
    },
    async (request, reply) =>
      sendExport(
        request,
        reply,
        exportFormat(request.query),
        investmentsReportExport(db, parseListQuery(request.query, INVESTMENTS_REPORT_EXPORT_RESOURCE)),
      ),
  );

  /** Every fund's quarter-end KPIs from `from` (default a year before `to`) to `to` (default today). */
  app.get(
    '/api/reports/fund-kpis',
    {
      schema: { querystring: fundKpiReportQuery, response: { 200: dataOf(fundKpisSchema.array()) } },
      onRequest: authorizeFunds(db, 'index'),
    },
    async (request) => {
      const to = request.query.to ?? utcDate(clock.now());
      const from = request.query.from ?? `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
      if (from > to) throw new AppError('bad_request', "The parameter 'from' must be on or before 'to'.");
      return { data: await fundKpiReport(db, from, to) };
    },
  );

  /** The KPI values of every company for one quarter (default the current one), from the KPI grid. */
  app.get(
    '/api/reports/quarter-kpis',
    {
      schema: { querystring: quarterKpiQuery, response: { 200: dataOf(quarterKpiReportSchema) } },
      onRequest: authorize('kpis', 'index'),
    },
    async (request) => {
      const quarter = request.query.quarter ?? quarterOf(utcDate(clock.now()));
      const { start, end } = quarterBounds(quarter);
      const { rows } = gridRows(db, and(gte(kpiValues.periodStart, start), lte(kpiValues.periodStart, end)));
      const grid = await presentGrid(db, await rows.orderBy(asc(investmentOpportunities.name), asc(kpis.name)));
      return {
        data: {
          quarter,
          start,
          end,
          rows: grid.map((row) => ({ ...row, values: row.values.filter((v) => v.period_start >= start && v.period_start <= end) })),
        },
      };
    },
  );
}
