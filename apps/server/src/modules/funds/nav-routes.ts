import { and, asc, count, eq, gte, inArray, isNull, lte, ne } from 'drizzle-orm';
import {
  createNavBody,
  dataOf,
  idParams,
  listQuery,
  type Nav,
  NAVS_LIST,
  navPerUnit,
  navSchema,
  noContent,
  pageOf,
  updateNavBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { funds, ledgers, netAssetValues } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { dayFilter, idsFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { authorizeFunds } from './access';
import { ledgerTotalsByFund, presentNav, type NavRow } from './figures';

const NAV_RESOURCE = listResource(NAVS_LIST, {
  filters: {
    fund_id: idsFilter('fund_id', netAssetValues.fundId),
    date_from: (v) => gte(netAssetValues.date, dayFilter('date_from', v)),
    date_to: (v) => lte(netAssetValues.date, dayFilter('date_to', v)),
  },
  sorts: { date: netAssetValues.date, nav: netAssetValues.nav, created_at: netAssetValues.createdAt },
  defaultSort: '-date',
});

/** Locks the fund row: NAV and ledger writes of one fund queue, so units in issue are read whole. */
export async function lockFund(tx: Db, fundId: number, field = 'fund_id') {
  const [fund] = await tx
    .select()
    .from(funds)
    .where(and(eq(funds.id, fundId), isNull(funds.deletedAt)))
    .for('update');
  if (!fund) throw validationError({ [field]: ['Choose a fund.'] });
  return fund;
}

/** Units the ledgers show in issue at the end of `date`: issued by subscriptions less those redeemed. */
export async function unitsIssuedOn(tx: Db, fundId: number, date: string): Promise<string> {
  const totals = await ledgerTotalsByFund(tx, eq(ledgers.fundId, fundId), date);
  return totals.get(fundId)?.units ?? '0.000000';
}

async function assertDateFree(tx: Db, fundId: number, date: string, exceptId = 0) {
  const [taken] = await tx
    .select({ id: netAssetValues.id })
    .from(netAssetValues)
    .where(
      and(
        eq(netAssetValues.fundId, fundId),
        eq(netAssetValues.date, date),
        isNull(netAssetValues.deletedAt),
        ne(netAssetValues.id, exceptId),
      ),
    );
  if (taken) throw validationError({ date: ['A NAV is already recorded for this fund on this date.'] });
}

/**
 * Net asset values of a fund: one per date, NAV per unit computed by the domain's `navPerUnit`
 * (docs/decisions/0006) and stored, so history never shifts. Units in issue default to what the
 * fund's ledgers show on the NAV's date.
 */
export function registerNavRoutes(app: App, { db, clock }: AppContext) {
  // NAVs of a deleted fund go with it (a fund may be deleted with NAVs but no ledgers or holdings).
  const live = and(
    isNull(netAssetValues.deletedAt),
    inArray(netAssetValues.fundId, db.select({ id: funds.id }).from(funds).where(isNull(funds.deletedAt))),
  );

  app.get(
    '/api/net-asset-values',
    { schema: { querystring: listQuery(NAVS_LIST), response: { 200: pageOf(navSchema) } }, onRequest: authorizeFunds(db, 'index') },
    async (request) => {
      const query = parseListQuery(request.query, NAV_RESOURCE);
      query.orderBy.push(asc(netAssetValues.id));
      const where = and(live, query.where);
      return paginate<NavRow, Nav>(
        db.select().from(netAssetValues).where(where).$dynamic(),
        db.select({ total: count() }).from(netAssetValues).where(where).$dynamic(),
        query,
        request,
        (rows) => rows.map(presentNav),
      );
    },
  );

  async function loadNav(id: number, from: Db = db): Promise<NavRow> {
    const [row] = await from
      .select({ nav: netAssetValues })
      .from(netAssetValues)
      .innerJoin(funds, and(eq(funds.id, netAssetValues.fundId), isNull(funds.deletedAt)))
      .where(and(eq(netAssetValues.id, id), live));
    if (!row) throw notFound('net asset value');
    return row.nav;
  }

  const oneNav = { 200: dataOf(navSchema) };

  app.get(
    '/api/net-asset-values/:id',
    { schema: { params: idParams, response: oneNav }, onRequest: authorizeFunds(db, 'show') },
    async (request) => ({
      data: presentNav(await loadNav(request.params.id)),
    }),
  );

  // Recording a NAV maintains an existing fund: 'update' on funds, so the Fund Manager (no fund create, spec §6) may.
  app.post(
    '/api/net-asset-values',
    { schema: { body: createNavBody, response: { 201: dataOf(navSchema) } }, onRequest: authorizeFunds(db, 'update') },
    async (request, reply) => {
      const input = request.body;
      const created = await db.transaction(async (tx) => {
        await lockFund(tx, input.fund_id);
        await assertDateFree(tx, input.fund_id, input.date);
        const units = input.units_in_issue ?? (await unitsIssuedOn(tx, input.fund_id, input.date));
        const [row] = await tx
          .insert(netAssetValues)
          .values({
            fundId: input.fund_id,
            date: input.date,
            nav: input.nav,
            unitsInIssue: units,
            navPerUnit: navPerUnit(input.nav, units),
          })
          .returning();
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
      const seen = await loadNav(request.params.id);
      const input = request.body;
      const updated = await db.transaction(async (tx) => {
        await lockFund(tx, seen.fundId);
        const before = await loadNav(seen.id, tx);
        const date = input.date ?? before.date;
        if (date !== before.date) await assertDateFree(tx, before.fundId, date, before.id);
        const nav = input.nav ?? before.nav;
        const units = input.units_in_issue ?? before.unitsInIssue;
        const [row] = await tx
          .update(netAssetValues)
          .set({ date, nav, unitsInIssue: units, navPerUnit: navPerUnit(nav, units), updatedAt: clock.now() })
          .where(eq(netAssetValues.id, before.id))
          .returning();
        await recordActivity(tx, { request, action: 'updated', subjectType: 'net_asset_value', subjectId: before.id, before, after: row });
        return row;
      });
      return { data: presentNav(updated) };
    },
  });

  app.delete(
    '/api/net-asset-values/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorizeFunds(db, 'delete') },
    async (request, reply) => {
      const before = await loadNav(request.params.id);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(netAssetValues)
          .set({ deletedAt: clock.now(), updatedAt: clock.now() })
          .where(eq(netAssetValues.id, before.id))
          .returning();
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'net_asset_value', subjectId: before.id, before, after: row });
      });
      return reply.status(204).send(null);
    },
  );
}
