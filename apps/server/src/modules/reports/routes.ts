import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { authorize } from '../../platform/guards';
import { isCalendarDate } from '@platform/domain';
import { loadPortfolioPerformance } from './portfolio-performance';

const QUERY_PARAMETERS = new Set(['as_of']);

/**
 * Reports (spec §7.6 /api/reports/*). The whole book's performance is a portfolio KPI: permission
 * event 'portfolio_kpis', action index (decision 0015).
 */
export function registerReportRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  app.get('/api/reports/portfolio-performance', { onRequest: authorize('portfolio_kpis', 'index') }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const unknown = Object.keys(query).find((name) => !QUERY_PARAMETERS.has(name));
    if (unknown) throw new AppError('bad_request', `Unknown parameter '${unknown}'. The report takes as_of.`);
    const asOf = query.as_of ?? clock.now().toISOString().slice(0, 10);
    if (typeof asOf !== 'string' || !isCalendarDate(asOf))
      throw new AppError('bad_request', "The parameter 'as_of' must be a date (YYYY-MM-DD).");
    return { data: await loadPortfolioPerformance(db, asOf) };
  });
}
