import { asc, count } from 'drizzle-orm';
import { z } from 'zod';
import {
  createLedgerBody,
  dataOf,
  fileBody,
  idParams,
  type LedgerEntry,
  ledgerEntrySchema,
  LEDGERS_LIST,
  listQuery,
  noContent,
  pageOf,
  updateLedgerBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { ledgers } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { exportFormat, sendExport } from '../../platform/export';
import { paginate, parseListQuery } from '../../platform/list-query';
import { parseIncludes } from '../../shared/user-presenter';
import { authorizeFunds } from './access';
import { createLedger, deleteLedger, type LedgerRow, loadLedger, updateLedger } from './ledger';
import { LEDGERS_EXPORT_RESOURCE, LEDGERS_RESOURCE, ledgersExport, liveLedgers, presentLedgersWith } from './ledger-list';

const LEDGER_INCLUDES = LEDGERS_LIST.includes;
/** `include=fund,investor` on the answer of one entry. */
const includeQuery = z.object({ include: z.string().optional() });
const oneLedger = { 200: dataOf(ledgerEntrySchema) };

/**
 * Ledgers: one investor's subscriptions, redemptions, distributions and fees with a fund (the
 * fund's Transactions tab). Recording an entry maintains an existing fund, so it takes 'update' on
 * 'funds', not 'create' — the Fund Manager, who may not create funds (spec §6), keeps its books.
 * Every write locks the fund row first, so unit balances are checked against a settled ledger.
 */
export function registerLedgerRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/ledgers',
    {
      schema: { querystring: listQuery(LEDGERS_LIST), response: { 200: pageOf(ledgerEntrySchema) } },
      onRequest: authorizeFunds(db, 'index'),
    },
    async (request) => {
      const query = parseListQuery(request.query, LEDGERS_RESOURCE);
      query.orderBy.push(asc(ledgers.id));
      const where = liveLedgers(query.where);
      return paginate<LedgerRow, LedgerEntry>(
        db.select().from(ledgers).where(where).$dynamic(),
        db.select({ total: count() }).from(ledgers).where(where).$dynamic(),
        query,
        request,
        (rows) => presentLedgersWith(db, rows, query.includes),
      );
    },
  );

  app.get(
    '/api/ledgers/export',
    {
      schema: { querystring: listQuery({ ...LEDGERS_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: authorizeFunds(db, 'index'),
    },
    async (request, reply) => {
      const raw = request.query;
      const query = parseListQuery(raw, LEDGERS_EXPORT_RESOURCE);
      return sendExport(request, reply, exportFormat(raw), ledgersExport(db, liveLedgers(query.where), query));
    },
  );

  async function present(row: LedgerRow, include: string | undefined) {
    const includes = parseIncludes(include, LEDGER_INCLUDES);
    return { data: (await presentLedgersWith(db, [row], includes))[0] };
  }

  app.get(
    '/api/ledgers/:id',
    { schema: { params: idParams, querystring: includeQuery, response: oneLedger }, onRequest: authorizeFunds(db, 'show') },
    async (request) => present(await loadLedger(db, request.params.id), request.query.include),
  );

  app.post(
    '/api/ledgers',
    {
      schema: { querystring: includeQuery, body: createLedgerBody, response: { 201: dataOf(ledgerEntrySchema) } },
      onRequest: authorizeFunds(db, 'update'),
      config: { idempotent: true },
    },
    async (request, reply) => {
      const created = await db.transaction(async (tx) => {
        const row = await createLedger(tx, request.body);
        await recordActivity(tx, { request, action: 'created', subjectType: 'ledger', subjectId: row.id, after: row });
        return row;
      });
      return reply.status(201).send(await present(created, request.query.include));
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/ledgers/:id',
    schema: { params: idParams, querystring: includeQuery, body: updateLedgerBody, response: oneLedger },
    onRequest: authorizeFunds(db, 'update'),
    handler: async (request) => {
      const seen = await loadLedger(db, request.params.id);
      const updated = await db.transaction(async (tx) => {
        const { before, after } = await updateLedger(tx, seen, request.body, clock.now());
        await recordActivity(tx, { request, action: 'updated', subjectType: 'ledger', subjectId: before.id, before, after });
        return after;
      });
      return present(updated, request.query.include);
    },
  });

  app.delete(
    '/api/ledgers/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorizeFunds(db, 'delete') },
    async (request, reply) => {
      const seen = await loadLedger(db, request.params.id);
      await db.transaction(async (tx) => {
        const { before, after } = await deleteLedger(tx, seen, clock.now());
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'ledger', subjectId: before.id, before, after });
      });
      return reply.status(204).send(null);
    },
  );
}
