import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CASH_CALL_STATE_LABELS,
  CASH_CALL_STATES,
  CASH_CALLS_LIST,
  type CashCallState,
  type CashCallTotals,
  type StaffInvestment,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentOpportunities, investments } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import { idsFilter } from '../../platform/list-filters';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';
import { presentInvestmentsWith } from '../investments';

/**
 * Cash calls across the book (decision 0050): investments whose call has been issued and that are
 * not completed or cancelled. Their state on `today` is the one rule of `cashCallFigures`, said in
 * SQL so that the list filters, counts and totals in the database.
 */
function stateCondition(state: CashCallState, today: string): SQL {
  const received = investments.receivedAmount;
  const notDue = or(isNull(investments.paymentDueOn), sql`${investments.paymentDueOn} >= ${today}::date`)!;
  switch (state) {
    case 'paid':
      return sql`${received} >= ${investments.amount}`;
    case 'overdue':
      return sql`${received} < ${investments.amount} and ${investments.paymentDueOn} < ${today}::date`;
    case 'part_paid':
      return and(sql`${received} > 0 and ${received} < ${investments.amount}`, notDue)!;
    case 'outstanding':
      return and(sql`${received} = 0`, notDue)!;
  }
}

function stateFilter(today: string) {
  return (value: string) => {
    const states = value.split(',').map((v) => v.trim());
    const unknown = states.find((s) => !(CASH_CALL_STATES as readonly string[]).includes(s));
    if (unknown !== undefined) throw new AppError('bad_request', `filter[state] must be one of ${CASH_CALL_STATES.join(', ')}.`);
    return or(...states.map((s) => stateCondition(s as CashCallState, today)));
  };
}

/** The list's filters and sorts, with states judged on `today`. */
export function cashCallsResource(today: string): ListResource {
  return listResource(CASH_CALLS_LIST, {
    filters: {
      state: stateFilter(today),
      opportunity_id: idsFilter('opportunity_id', investments.opportunityId),
      user_id: idsFilter('user_id', investments.userId),
    },
    sorts: { payment_due_on: investments.paymentDueOn, amount: investments.amount, cash_call_at: investments.cashCallAt },
    defaultSort: 'payment_due_on',
  });
}

export const cashCallsExportResource = (today: string): ListResource => ({ ...cashCallsResource(today), params: ['format'] });

export function cashCallsWhere(query: ListQuery): SQL | undefined {
  return and(
    isNull(investments.deletedAt),
    isNull(investmentOpportunities.deletedAt),
    isNotNull(investments.cashCallAt),
    inArray(investments.status, ['cash_call', 'paid']),
    query.where,
  );
}

/** What the calls chosen add up to, per currency: due, received and still outstanding. */
export async function cashCallTotals(db: Db, query: ListQuery): Promise<CashCallTotals> {
  const rows = await db
    .select({
      currency: investments.currency,
      count: sql<number>`count(*)::int`,
      due: sql<string>`coalesce(sum(${investments.amount}), 0)::numeric(20,2)::text`,
      received: sql<string>`coalesce(sum(${investments.receivedAmount}), 0)::numeric(20,2)::text`,
      outstanding: sql<string>`coalesce(sum(greatest(${investments.amount} - ${investments.receivedAmount}, 0)), 0)::numeric(20,2)::text`,
    })
    .from(investments)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
    .where(cashCallsWhere(query))
    .groupBy(investments.currency)
    .orderBy(investments.currency);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

const COLUMNS: ReadonlyArray<ExportColumn<StaffInvestment>> = [
  { header: 'Investment ID', value: (c) => String(c.id), kind: 'integer' },
  { header: 'Investor', value: (c) => c.user?.name ?? null },
  { header: 'Email', value: (c) => c.user?.email ?? null },
  { header: 'Opportunity', value: (c) => c.opportunity?.name ?? null },
  { header: 'Payment reference', value: (c) => c.payment_reference },
  { header: 'Issued', value: (c) => c.cash_call_at?.slice(0, 10) ?? null },
  { header: 'Due on', value: (c) => c.payment_due_on },
  { header: 'State', value: (c) => (c.cash_call_state ? CASH_CALL_STATE_LABELS[c.cash_call_state] : null) },
  { header: 'Amount due', value: (c) => c.amount, kind: 'money' },
  { header: 'Received', value: (c) => c.amount_received, kind: 'money' },
  { header: 'Outstanding', value: (c) => c.amount_outstanding, kind: 'money' },
  { header: 'Overpaid', value: (c) => c.amount_overpaid, kind: 'money' },
  { header: 'Currency', value: (c) => c.currency },
];

const WITH_NAMES = new Set(['user', 'opportunity']);

export function cashCallsExport(db: Db, query: ListQuery, today: string): ExportSpec<StaffInvestment> {
  return {
    filename: 'cash-calls',
    sheet: 'Cash calls',
    columns: COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(investments.id, [...query.orderBy, asc(investments.id)]) })
          .from(investments)
          .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
          .where(cashCallsWhere(query)),
      ),
    loadBatch: async (ids) =>
      presentInvestmentsWith(db, await db.select().from(investments).where(inArray(investments.id, ids)), WITH_NAMES, today),
  };
}
