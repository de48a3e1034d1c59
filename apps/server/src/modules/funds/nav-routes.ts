import { and, asc, count, gte, lte } from 'drizzle-orm';
import {
  createNavBody,
  dataOf,
  idParams,
  listQuery,
  type Nav,
  NAVS_LIST,
  navSchema,
  noContent,
  pageOf,
  updateNavBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { netAssetValues } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { dayFilter, idsFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { authorizeFunds } from './access';
import { presentNav, type NavRow } from './figures';
import { createNav, deleteNav, liveNavs, loadNav, updateNav } from './nav';

const NAV_RESOURCE = listResource(NAVS_LIST, {
  filters: {
    fund_id: idsFilter('fund_id', netAssetValues.fundId),
    date_from: (v) => gte(netAssetValues.date, dayFilter('date_from', v)),
    date_to: (v) => lte(netAssetValues.date, dayFilter('date_to', v)),
  },
  sorts: { date: netAssetValues.date, nav: netAssetValues.nav, created_at: netAssetValues.createdAt },
  defaultSort: '-date',
});

/** Net asset values of a fund, one per date (the rules are in ./nav.ts). */
export function registerNavRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/net-asset-values',
    { schema: { querystring: listQuery(NAVS_LIST), response: { 200: pageOf(navSchema) } }, onRequest: authorizeFunds(db, 'index') },
    async (request) => {
      const query = parseListQuery(request.query, NAV_RESOURCE);
      query.orderBy.push(asc(netAssetValues.id));
      const where = and(liveNavs(db), query.where);
      return paginate<NavRow, Nav>(
        db.select().from(netAssetValues).where(where).$dynamic(),
        db.select({ total: count() }).from(netAssetValues).where(where).$dynamic(),
        query,
        request,
        (rows) => rows.map(presentNav),
      );
    },
  );

  const oneNav = { 200: dataOf(navSchema) };

  app.get(
    '/api/net-asset-values/:id',
    { schema: { params: idParams, response: oneNav }, onRequest: authorizeFunds(db, 'show') },
    async (request) => ({ data: presentNav(await loadNav(db, request.params.id)) }),
  );

  // Recording a NAV maintains an existing fund: 'update' on funds, so the Fund Manager (no fund create, spec §6) may.
  app.post(
    '/api/net-asset-values',
    { schema: { body: createNavBody, response: { 201: dataOf(navSchema) } }, onRequest: authorizeFunds(db, 'update') },
    async (request, reply) => {
      const created = await db.transaction(async (tx) => {
        const row = await createNav(tx, request.body);
        await recordActivity(tx, { request, action: 'created', subjectType: 'net_asset_value', subjectId: row.id, after: row });
        return row;
      });
      return reply.status(201).send({ data: presentNav(created) });
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/net-asset-values/:id',
    schema: { params: idParams, body: updateNavBody, response: oneNav },
    onRequest: authorizeFunds(db, 'update'),
    handler: async (request) => {
      const seen = await loadNav(db, request.params.id);
      const updated = await db.transaction(async (tx) => {
        const { before, after } = await updateNav(tx, seen, request.body, clock.now());
        await recordActivity(tx, { request, action: 'updated', subjectType: 'net_asset_value', subjectId: before.id, before, after });
        return after;
      });
      return { data: presentNav(updated) };
    },
  });

  app.delete(
    '/api/net-asset-values/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorizeFunds(db, 'delete') },
    async (request, reply) => {
      const before = await loadNav(db, request.params.id);
      await db.transaction(async (tx) => {
        const after = await deleteNav(tx, before, clock.now());
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'net_asset_value', subjectId: before.id, before, after });
      });
      return reply.status(204).send(null);
    },
  );
}
