import { and, asc, count, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import {
  can,
  HOLDER_TYPE_LABELS,
  INVESTMENT_STATUS_LABELS,
  INVESTMENT_STATUSES,
  INVESTMENT_TYPES,
  INVESTMENTS_LIST,
  MY_INVESTMENTS_LIST,
  OpportunityStatus,
  type HolderType,
  type InvestmentStatus,
  type InvestmentType,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentOpportunities, investments, users } from '../../db/schema';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import { idsFilter, oneOfFilter } from '../../platform/list-filters';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';
import { holdersOf } from './presenter';

/** Staff transactions list (spec §2.2 …/transactions tabs) and its export share filters and sorts. */
export const INVESTMENTS_RESOURCE = listResource(INVESTMENTS_LIST, {
  filters: {
    opportunity_id: idsFilter('opportunity_id', investments.opportunityId),
    user_id: idsFilter('user_id', investments.userId),
    status: oneOfFilter('status', investments.status, INVESTMENT_STATUSES),
    type: oneOfFilter('type', investments.type, INVESTMENT_TYPES),
  },
  sorts: { amount: investments.amount, created_at: investments.createdAt, status: investments.status },
  defaultSort: '-created_at',
  types: Object.fromEntries(INVESTMENT_TYPES.map((type) => [type, eq(investments.type, type)])) as Record<InvestmentType, SQL>,
});

export const INVESTMENTS_EXPORT_RESOURCE: ListResource = { ...INVESTMENTS_RESOURCE, params: ['format'] };

/** The investor's own list (/investor/investments): their statuses and opportunities only. */
export const MY_INVESTMENTS_RESOURCE = listResource(MY_INVESTMENTS_LIST, {
  filters: {
    status: oneOfFilter('status', investments.status, INVESTMENT_STATUSES),
    opportunity_id: idsFilter('opportunity_id', investments.opportunityId),
  },
  sorts: { amount: investments.amount, created_at: investments.createdAt },
  defaultSort: '-created_at',
});

const LIVE = [OpportunityStatus.Draft, OpportunityStatus.LiveExternal, OpportunityStatus.LiveInternal, OpportunityStatus.Closed];
const EXISTING = [OpportunityStatus.Completed, OpportunityStatus.Matured];

/** The opportunity statuses whose investments a staff role may list: by the live or existing event. */
export function listableOpportunityStatuses(roleId: number): number[] {
  return [...(can(roleId, 'live_opportunities', 'index') ? LIVE : []), ...(can(roleId, 'existing_opportunities', 'index') ? EXISTING : [])];
}

/** How many investments (joined to their opportunities, as both lists filter) match `where`: a list page's total. */
export function countInvestments(db: Db, where: SQL | undefined) {
  return db
    .select({ total: count() })
    .from(investments)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
    .where(where)
    .$dynamic();
}

export function staffInvestmentsWhere(query: ListQuery, statuses: number[]): SQL | undefined {
  return and(
    isNull(investments.deletedAt),
    isNull(investmentOpportunities.deletedAt),
    inArray(investmentOpportunities.status, statuses),
    query.where,
  );
}

export function investorInvestmentsWhere(query: ListQuery, userId: number): SQL | undefined {
  return and(
    eq(investments.userId, userId),
    ne(investments.type, 'private_manual'),
    isNull(investments.deletedAt),
    isNull(investmentOpportunities.deletedAt),
    query.where,
  );
}

interface InvestmentExportRow {
  id: number;
  userName: string;
  userEmail: string;
  opportunityName: string;
  type: string;
  status: string;
  holderType: string;
  holder: string;
  amount: string;
  currency: string;
  shares: string | null;
  sharePrice: string | null;
  paymentReference: string;
  createdAt: Date;
  paidAt: Date | null;
  cancelReason: string | null;
}

const COLUMNS: ReadonlyArray<ExportColumn<InvestmentExportRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Investor', value: (r) => r.userName },
  { header: 'Email', value: (r) => r.userEmail },
  { header: 'Opportunity', value: (r) => r.opportunityName },
  { header: 'Type', value: (r) => r.type },
  { header: 'Status', value: (r) => INVESTMENT_STATUS_LABELS[r.status as InvestmentStatus] ?? r.status },
  { header: 'Held', value: (r) => HOLDER_TYPE_LABELS[r.holderType as HolderType] ?? r.holderType },
  { header: 'Holder', value: (r) => r.holder },
  { header: 'Amount', value: (r) => r.amount, kind: 'money' },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Shares', value: (r) => r.shares, kind: 'units' },
  { header: 'Share price', value: (r) => r.sharePrice, kind: 'units' },
  { header: 'Payment reference', value: (r) => r.paymentReference },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
  { header: 'Paid', value: (r) => r.paidAt?.toISOString() ?? null },
  { header: 'Cancel reason', value: (r) => r.cancelReason },
];

export function investmentsExport(db: Db, query: ListQuery, statuses: number[]): ExportSpec<InvestmentExportRow> {
  return {
    filename: 'investments',
    sheet: 'Investments',
    columns: COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(investments.id, [...query.orderBy, asc(investments.id)]) })
          .from(investments)
          .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
          .where(staffInvestmentsWhere(query, statuses)),
      ),
    loadBatch: async (ids) => {
      const rows = await db
        .select({ investment: investments, userName: users.name, userEmail: users.email, opportunityName: investmentOpportunities.name })
        .from(investments)
        .innerJoin(users, eq(users.id, investments.userId))
        .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
        .where(and(inArray(investments.id, ids), isNull(investments.deletedAt)));
      const holders = await holdersOf(
        db,
        rows.map((r) => r.investment),
      );
      return rows.map(({ investment: i, userName, userEmail, opportunityName }) => ({
        id: i.id,
        userName,
        userEmail,
        opportunityName,
        type: i.type,
        status: i.status,
        holderType: i.holderType,
        holder: holders.get(i.id)?.name ?? '',
        amount: i.amount,
        currency: i.currency,
        shares: i.shares,
        sharePrice: i.sharePrice,
        paymentReference: i.paymentReference,
        createdAt: i.createdAt,
        paidAt: i.paidAt,
        cancelReason: i.cancelReason,
      }));
    },
  };
}
