import { and, asc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_PURPOSE_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
  PAYMENTS_LIST,
  type Payment,
  type PaymentMethod,
  type PaymentPurpose,
  type PaymentTotals,
  type PaymentState,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentOpportunities, investments, payments, users } from '../../db/schema';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import { dayFilter, idsFilter, oneOfFilter } from '../../platform/list-filters';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';

/** The payments ledger as staff list and export it (decision 0050): the same filters and sorts for both. */
export const PAYMENTS_RESOURCE = listResource(PAYMENTS_LIST, {
  filters: {
    investment_id: idsFilter('investment_id', payments.investmentId),
    opportunity_id: idsFilter('opportunity_id', payments.opportunityId),
    user_id: idsFilter('user_id', payments.userId),
    method: oneOfFilter('method', payments.method, PAYMENT_METHODS),
    state: oneOfFilter('state', payments.state, PAYMENT_STATES),
    received_from: (v) => gte(payments.receivedOn, dayFilter('received_from', v)),
    received_to: (v) => lte(payments.receivedOn, dayFilter('received_to', v)),
  },
  sorts: { received_on: payments.receivedOn, amount: payments.amount, created_at: payments.createdAt },
  defaultSort: '-received_on',
});

export const PAYMENTS_EXPORT_RESOURCE: ListResource = { ...PAYMENTS_RESOURCE, params: ['format'] };

export const paymentsWhere = (query: ListQuery): SQL | undefined => and(isNull(payments.deletedAt), query.where);

/** What the payments chosen add up to, per currency: the money received, and how many attempts failed. */
export async function paymentTotals(db: Db, query: ListQuery): Promise<PaymentTotals> {
  const rows = await db
    .select({
      currency: payments.currency,
      count: sql<number>`count(*) filter (where ${payments.state} = 'received')::int`,
      received: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.state} = 'received'), 0)::numeric(20,2)::text`,
      failed: sql<number>`count(*) filter (where ${payments.state} = 'failed')::int`,
    })
    .from(payments)
    .where(paymentsWhere(query))
    .groupBy(payments.currency)
    .orderBy(payments.currency);
  return rows.map((r) => ({ ...r, count: Number(r.count), failed: Number(r.failed) }));
}

const recorder = alias(users, 'recorder');
const investor = alias(users, 'investor');

/** A payment with the names staff read beside it: one query for a page or an export batch. */
export const PAYMENT_ROW = {
  payment: payments,
  recorderName: recorder.name,
  investorName: investor.name,
  opportunityName: investmentOpportunities.name,
  paymentReference: investments.paymentReference,
};

export type PaymentListRow = {
  payment: typeof payments.$inferSelect;
  recorderName: string | null;
  investorName: string | null;
  opportunityName: string | null;
  paymentReference: string | null;
};

/** The ledger joined to the names staff read beside each payment. */
export function selectPayments(db: Db) {
  return db
    .select(PAYMENT_ROW)
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .leftJoin(investor, eq(investor.id, payments.userId))
    .leftJoin(investmentOpportunities, eq(investmentOpportunities.id, payments.opportunityId))
    .leftJoin(investments, eq(investments.id, payments.investmentId));
}

const named = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

export function presentPayment(r: PaymentListRow): Payment {
  const p = r.payment;
  const method = p.method as PaymentMethod;
  const state = p.state as PaymentState;
  const purpose = p.purpose as PaymentPurpose;
  return {
    id: p.id,
    investment_id: p.investmentId,
    opportunity_id: p.opportunityId,
    user_id: p.userId,
    amount: p.amount,
    currency: p.currency,
    method,
    method_label: PAYMENT_METHOD_LABELS[method],
    state,
    state_label: PAYMENT_STATE_LABELS[state],
    purpose,
    purpose_label: PAYMENT_PURPOSE_LABELS[purpose],
    subscription_id: p.subscriptionId,
    fee_request_id: p.feeRequestId,
    provider: p.provider,
    provider_reference: p.providerReference,
    received_on: p.receivedOn,
    note: p.note,
    recorded_by: named(p.recordedBy, r.recorderName),
    investor: named(p.userId, r.investorName),
    opportunity: named(p.opportunityId, r.opportunityName),
    payment_reference: r.paymentReference,
    created_at: p.createdAt.toISOString(),
  };
}

const COLUMNS: ReadonlyArray<ExportColumn<Payment>> = [
  { header: 'ID', value: (p) => String(p.id), kind: 'integer' },
  { header: 'Received on', value: (p) => p.received_on },
  { header: 'Investor', value: (p) => p.investor?.name ?? null },
  { header: 'Opportunity', value: (p) => p.opportunity?.name ?? null },
  { header: 'Payment reference', value: (p) => p.payment_reference },
  { header: 'For', value: (p) => p.purpose_label },
  { header: 'Amount', value: (p) => p.amount, kind: 'money' },
  { header: 'Currency', value: (p) => p.currency },
  { header: 'Method', value: (p) => p.method_label },
  { header: 'State', value: (p) => p.state_label },
  { header: 'Provider', value: (p) => p.provider },
  { header: 'Provider reference', value: (p) => p.provider_reference },
  { header: 'Recorded by', value: (p) => p.recorded_by?.name ?? null },
  { header: 'Note', value: (p) => p.note },
];

export function paymentsExport(db: Db, query: ListQuery): ExportSpec<Payment> {
  return {
    filename: 'payments',
    sheet: 'Payments',
    columns: COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(payments.id, [...query.orderBy, asc(payments.id)]) })
          .from(payments)
          .where(paymentsWhere(query)),
      ),
    loadBatch: async (ids) => (await selectPayments(db).where(inArray(payments.id, ids))).map(presentPayment),
  };
}
