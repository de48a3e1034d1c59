import { dataOf, investorCountByDateSchema, userCountStatsSchema } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { authorize } from '../../platform/guards';
import { loadSettings } from '../../shared/settings';
import { countUsers, investorsByDate } from './service';

/** Figures for the admin overview (spec §7.6 /api/stats/*). */
export function registerStatsRoutes(app: App, { db, clock }: AppContext) {
  const onRequest = authorize('overview', 'index');

  app.get('/api/stats/user-count', { schema: { response: { 200: dataOf(userCountStatsSchema) } }, onRequest }, async () => ({
    data: await countUsers(db, (await loadSettings(db)).termsVersion),
  }));

  app.get(
    '/api/stats/investor-count-by-date',
    { schema: { response: { 200: dataOf(investorCountByDateSchema) } }, onRequest },
    async () => ({
      data: await investorsByDate(db, clock.now()),
    }),
  );
}
