import {
  latestActivityQuery,
  latestActivityResponse,
  SEARCH_DEFAULT_PER_KIND,
  searchQuery,
  searchResponse,
  toClientFlags,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { requireUser, staffOnly } from '../../platform/guards';
import { loadSettings } from '../../shared/settings';
import { latestActivity } from './latest-activity';
import { search } from './search';

const LATEST_ACTIVITY_DEFAULT = 10;

/**
 * The staff search of the admin header and the dashboard's latest activity. Any member of staff may
 * ask; what comes back is what their role may open (the permission table, feature flags), never
 * soft-deleted records. Investors get 403.
 */
export function registerSearchRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/search',
    { schema: { querystring: searchQuery, response: { 200: searchResponse } }, onRequest: staffOnly },
    async (request) => {
      const user = requireUser(request);
      const flags = toClientFlags((await loadSettings(db)).flags);
      const { q, per_kind } = request.query;
      return { data: await search(db, user.roleId, flags, q, per_kind ?? SEARCH_DEFAULT_PER_KIND) };
    },
  );

  app.get(
    '/api/activity/latest',
    { schema: { querystring: latestActivityQuery, response: { 200: latestActivityResponse } }, onRequest: staffOnly },
    async (request) => {
      const user = requireUser(request);
      const flags = toClientFlags((await loadSettings(db)).flags);
      return { data: await latestActivity(db, user.roleId, flags, request.query.limit ?? LATEST_ACTIVITY_DEFAULT) };
    },
  );
}
