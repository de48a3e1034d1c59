import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { funds, ledgers } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { exportFormat, sendExport } from '../../platform/export';
import { parseFields, readFormFields } from '../../platform/form';
import { idParams } from '@platform/domain';
import { paginate, parseListQuery } from '../../platform/list-query';
import { parseIncludes } from '../../shared/user-presenter';
import { authorizeFunds } from './access';
import { assertInvestor, assertUnitsNeverNegative, dealsInUnits, resolveUnits, type LedgerRow } from './ledger';
import { LEDGERS_EXPORT_RESOURCE, LEDGERS_RESOURCE, ledgersExport, liveLedgers, presentLedgersWith } from './ledger-list';
import { lockFund } from './nav-routes';
import { createLedgerSchema, updateLedgerSchema } from './schemas';

const LEDGER_INCLUDES = LEDGERS_RESOURCE.includes ?? [];

/**
 * Ledgers: one investor's subscriptions, redemptions, distributions and fees with a fund (the
 * fund's Transactions tab). Recording an entry maintains an existing fund, so it takes 'update' on
 * 'funds', not 'create' — the Fund Manager, who may not create funds (spec §6), keeps its books.
 * Every write locks the fund row first, so unit balances are checked against a settled ledger.
 */
export function registerLedgerRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  app.get('/api/ledgers', { onRequest: authorizeFunds(db, 'index') }, async (request) => {
    const query = parseListQuery(request.query as Record<string, unknown>, LEDGERS_RESOURCE);
    query.orderBy.push(asc(ledgers.id));
    const where = liveLedgers(query.where);
    return paginate<LedgerRow, Record<string, unknown>>(
      db.select().from(ledgers).where(where).$dynamic(),
      db.select({ total: count() }).from(ledgers).where(where).$dynamic(),
      query,
      request,
      (rows) => presentLedgersWith(db, rows, query.includes),
    );
  });

  app.get('/api/ledgers/export', { onRequest: authorizeFunds(db, 'index') }, async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const query = parseListQuery(raw, LEDGERS_EXPORT_RESOURCE);
    return sendExport(request, reply, exportFormat(raw), ledgersExport(db, liveLedgers(query.where), query));
  });

  async function loadLedger(id: number, from: Db = db): Promise<LedgerRow> {
    const [row] = await from
      .select({ ledger: ledgers })
      .from(ledgers)
      .innerJoin(funds, and(eq(funds.id, ledgers.fundId), isNull(funds.deletedAt)))
      .where(and(eq(ledgers.id, id), isNull(ledgers.deletedAt)));
    if (!row) throw notFound('ledger entry');
    return row.ledger;
  }

  async function present(row: LedgerRow, request: FastifyRequest) {
    const includes = parseIncludes((request.query as { include?: string }).include, LEDGER_INCLUDES);
    return { data: (await presentLedgersWith(db, [row], includes))[0] };
  }

  app.get('/api/ledgers/:id', { schema: { params: idParams }, onRequest: authorizeFunds(db, 'show') }, async (request) =>
    present(await loadLedger((request.params as { id: number }).id), request),
  );

  app.post('/api/ledgers', { onRequest: authorizeFunds(db, 'update'), config: { idempotent: true } }, async (request, reply) => {
    const input = parseFields(createLedgerSchema, await readFormFields(request));
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
    return reply.status(201).send(await present(created, request));
  });

  const update = async (request: FastifyRequest) => {
    const seen = await loadLedger(idParams.parse(request.params).id);
    const input = parseFields(updateLedgerSchema, await readFormFields(request));
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
    return present(updated, request);
  };
  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/ledgers/:id',
    schema: { params: idParams },
    onRequest: authorizeFunds(db, 'update'),
    handler: update,
  });

  /** Soft delete; removing a subscription that later redemptions rely on is refused (422 on units). */
  app.delete('/api/ledgers/:id', { schema: { params: idParams }, onRequest: authorizeFunds(db, 'delete') }, async (request, reply) => {
    const seen = await loadLedger((request.params as { id: number }).id);
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
    return reply.status(204).send();
  });
}
