import { and, asc, count, eq, isNull } from 'drizzle-orm';
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
import type { Db } from '../../db/client';
import { funds, ledgers } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { exportFormat, sendExport } from '../../platform/export';
import { paginate, parseListQuery } from '../../platform/list-query';
import { parseIncludes } from '../../shared/user-presenter';
import { authorizeFunds } from './access';
import { assertInvestor, assertUnitsNeverNegative, dealsInUnits, resolveUnits, type LedgerRow } from './ledger';
import { LEDGERS_EXPORT_RESOURCE, LEDGERS_RESOURCE, ledgersExport, liveLedgers, presentLedgersWith } from './ledger-list';
import { lockFund } from './nav-routes';

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

  async function loadLedger(id: number, from: Db = db): Promise<LedgerRow> {
    const [row] = await from
      .select({ ledger: ledgers })
      .from(ledgers)
      .innerJoin(funds, and(eq(funds.id, ledgers.fundId), isNull(funds.deletedAt)))
      .where(and(eq(ledgers.id, id), isNull(ledgers.deletedAt)));
    if (!row) throw notFound('ledger entry');
    return row.ledger;
  }

  async function present(row: LedgerRow, include: string | undefined) {
    const includes = parseIncludes(include, LEDGER_INCLUDES);
    return { data: (await presentLedgersWith(db, [row], includes))[0] };
  }

  app.get(
    '/api/ledgers/:id',
    { schema: { params: idParams, querystring: includeQuery, response: oneLedger }, onRequest: authorizeFunds(db, 'show') },
    async (request) => present(await loadLedger(request.params.id), request.query.include),
  );

  app.post(
    '/api/ledgers',
    {
      schema: { querystring: includeQuery, body: createLedgerBody, response: { 201: dataOf(ledgerEntrySchema) } },
      onRequest: authorizeFunds(db, 'update'),
      config: { idempotent: true },
    },
    async (request, reply) => {
      const input = request.body;
      const created = await db.transaction(async (tx) => {
        await lockFund(tx, input.fund_id);
        await assertInvestor(tx, input.investor_id);
        const { units, navPerUnit } = await resolveUnits(tx, {
          fundId: input.fund_id,
          kind: input.kind,
          date: input.date,
          amount: input.amount,
          units: input.units,
        });
        await assertUnitsNeverNegative(tx, input.fund_id, input.investor_id, 0, { date: input.date, kind: input.kind, units });
        const [row] = await tx
          .insert(ledgers)
          .values({
            fundId: input.fund_id,
            investorId: input.investor_id,
            kind: input.kind,
            date: input.date,
            amount: input.amount,
            units,
            navPerUnit,
            reference: input.reference ?? null,
            notes: input.notes ?? null,
          })
          .returning();
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
      const seen = await loadLedger(request.params.id);
      const input = request.body;
      const updated = await db.transaction(async (tx) => {
        await lockFund(tx, seen.fundId);
        const before = await loadLedger(seen.id, tx);
        const date = input.date ?? before.date;
        const amount = input.amount ?? before.amount;
        let dealt: { units: string | null; navPerUnit: string | null } = { units: before.units, navPerUnit: before.navPerUnit };
        if (!dealsInUnits(before.kind)) {
          if (input.units) throw validationError({ units: ['Only subscriptions and redemptions are dealt in units.'] });
        } else if (input.units !== undefined) {
          // Units entered (or cleared, to derive them again) replace what was there.
          dealt = await resolveUnits(tx, { fundId: before.fundId, kind: before.kind, date, amount, units: input.units });
        } else if (before.navPerUnit && (date !== before.date || amount !== before.amount)) {
          // Units derived from a NAV follow the amount and date they were derived from.
          dealt = await resolveUnits(tx, { fundId: before.fundId, kind: before.kind, date, amount });
        }
        await assertUnitsNeverNegative(tx, before.fundId, before.investorId, before.id, { date, kind: before.kind, units: dealt.units });
        const [row] = await tx
          .update(ledgers)
          .set({
            date,
            amount,
            units: dealt.units,
            navPerUnit: dealt.navPerUnit,
            reference: input.reference,
            notes: input.notes,
            updatedAt: clock.now(),
          })
          .where(eq(ledgers.id, before.id))
          .returning();
        await recordActivity(tx, { request, action: 'updated', subjectType: 'ledger', subjectId: before.id, before, after: row });
        return row;
      });
      return present(updated, request.query.include);
    },
  });

  /** Soft delete; removing a subscription that later redemptions rely on is refused (422 on units). */
  app.delete(
    '/api/ledgers/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorizeFunds(db, 'delete') },
    async (request, reply) => {
      const seen = await loadLedger(request.params.id);
      await db.transaction(async (tx) => {
        await lockFund(tx, seen.fundId);
        const before = await loadLedger(seen.id, tx);
        await assertUnitsNeverNegative(tx, before.fundId, before.investorId, before.id, null);
        const [row] = await tx
          .update(ledgers)
          .set({ deletedAt: clock.now(), updatedAt: clock.now() })
          .where(eq(ledgers.id, before.id))
          .returning();
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'ledger', subjectId: before.id, before, after: row });
      });
      return reply.status(204).send(null);
    },
  );
}
