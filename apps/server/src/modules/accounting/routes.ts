import { count, desc } from 'drizzle-orm';
import {
  ACCOUNTING_SYNC_LIST,
  ACCOUNTING_SYNC_KINDS,
  ACCOUNTING_SYNC_STATUSES,
  accountingAuthoriseSchema,
  accountingCallbackQuery,
  accountingServiceParams,
  accountingStatusSchema,
  accountingSyncItemSchema,
  dataOf,
  idParams,
  listQuery,
  noContent,
  pageOf,
  redirectBody,
} from '@platform/domain';
import { accountingSyncItems } from '../../db/schema';
import type { App, AppContext } from '../../platform/context';
import { authorize, requireUser } from '../../platform/guards';
import { repeatWhileUp } from '../../platform/housekeeping';
import { oneOfFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { accountingStatus, disconnect, finishSignIn, startSignIn } from './connections';
import { presentSyncItem, retryItem, runAccountingSync, SYNC_TICK_MS } from './sync';

/** The page the sign-in comes back to. */
const SETTINGS_PAGE = '/admin/settings/integrations/accounting';

const SYNC_ITEMS = listResource(ACCOUNTING_SYNC_LIST, {
  filters: {
    status: oneOfFilter('status', accountingSyncItems.status, ACCOUNTING_SYNC_STATUSES),
    kind: oneOfFilter('kind', accountingSyncItems.kind, ACCOUNTING_SYNC_KINDS),
  },
  sorts: { updated_at: accountingSyncItems.updatedAt, id: accountingSyncItems.id },
  defaultSort: '-updated_at',
});

/**
 * Settings › Integrations › Accounting (decision 0059), behind `settings_features`: the services
 * and their connection, sign-in and its callback, disconnect, and the sync log with a retry.
 * The sync itself runs after the answer and on a tick on every instance, never in a request.
 */
export function registerAccountingRoutes(app: App, ctx: AppContext) {
  const { db } = ctx;
  const syncSoon = () => ctx.background.run('accounting sync', async () => void (await runAccountingSync(ctx)));

  repeatWhileUp(app, { everyMs: SYNC_TICK_MS, label: 'sending records to the accounting service', atStart: true }, () =>
    runAccountingSync(ctx),
  );

  app.get(
    '/api/accounting',
    { schema: { response: { 200: dataOf(accountingStatusSchema) } }, onRequest: authorize('settings_features', 'index') },
    async () => ({ data: { services: await accountingStatus(ctx) } }),
  );

  app.post(
    '/api/accounting/:service/connect',
    {
      schema: { params: accountingServiceParams, response: { 200: dataOf(accountingAuthoriseSchema) } },
      onRequest: authorize('settings_features', 'update'),
    },
    async (request) => ({ data: { url: await startSignIn(ctx, request.params.service, requireUser(request).id) } }),
  );

  // The service sends the browser back here (a top-level GET, so the Lax session cookie comes with it).
  app.get(
    '/api/accounting/:service/callback',
    {
      schema: { params: accountingServiceParams, querystring: accountingCallbackQuery, response: { 302: redirectBody } },
      onRequest: authorize('settings_features', 'update'),
    },
    async (request, reply) => {
      const failed = await finishSignIn(ctx, request.params.service, request.query, request, requireUser(request).id);
      if (failed) return reply.redirect(`${SETTINGS_PAGE}?error=${failed}`);
      syncSoon();
      return reply.redirect(`${SETTINGS_PAGE}?connected=${request.params.service}`);
    },
  );

  app.delete(
    '/api/accounting/:service',
    { schema: { params: accountingServiceParams, response: { 204: noContent } }, onRequest: authorize('settings_features', 'update') },
    async (request, reply) => {
      await disconnect(ctx, request.params.service, request);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/accounting/sync-items',
    {
      schema: { querystring: listQuery(ACCOUNTING_SYNC_LIST), response: { 200: pageOf(accountingSyncItemSchema) } },
      onRequest: authorize('settings_features', 'index'),
    },
    async (request) => {
      const query = parseListQuery(request.query, SYNC_ITEMS);
      query.orderBy.push(desc(accountingSyncItems.id));
      return paginate(
        db.select().from(accountingSyncItems).where(query.where).$dynamic(),
        db.select({ total: count() }).from(accountingSyncItems).where(query.where).$dynamic(),
        query,
        request,
        (rows: Array<typeof accountingSyncItems.$inferSelect>) => rows.map(presentSyncItem),
      );
    },
  );

  app.post(
    '/api/accounting/sync-items/:id/retry',
    {
      schema: { params: idParams, response: { 200: dataOf(accountingSyncItemSchema) } },
      onRequest: authorize('settings_features', 'update'),
    },
    async (request) => {
      const item = await retryItem(ctx, request.params.id, request);
      syncSoon();
      return { data: presentSyncItem(item) };
    },
  );
}
