import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  CURRENCIES,
  HOLDER_TYPES,
  type HolderType,
  INVESTMENT_STATUS_LABELS,
  INVESTMENT_STATUSES,
  INVESTMENTS_REPORT_LIST,
  type InvestmentStatus,
  type InvestmentsReportRow,
} from '@platform/domain';
import type { Db } from '../../db/client';
import {
  investmentMethodEntities,
  investmentMethods,
  investmentOpportunities,
  investments,
  nominees,
  organisations,
  users,
} from '../../db/schema';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import { containsFilter, dayFilter, idsFilter, oneOfFilter } from '../../platform/list-filters';
import { type ListQuery, type ListResource, listResource, paginate } from '../../platform/list-query';
import { heldThroughName } from '../performance';

/**
 * The investments report (spec §7.6): every investment across the book — what the investor
 * entered in the portal and what staff recorded, but not an investor's own private records — with
 * who holds it and how, filtered, sorted, paged and exported in the same shape.
 */
const investedOn = sql<string>`((coalesce(${investments.paidAt}, ${investments.createdAt}) at time zone 'UTC')::date)`;

export const INVESTMENTS_REPORT_RESOURCE = listResource(INVESTMENTS_REPORT_LIST, {
  filters: {
    opportunity_id: idsFilter('opportunity_id', investments.opportunityId),
    user_id: idsFilter('user_id', investments.userId),
    status: oneOfFilter('status', investments.status, INVESTMENT_STATUSES),
    from: (value) => gte(investedOn, dayFilter('from', value)),
    to: (value) => lte(investedOn, dayFilter('to', value)),
    currency: oneOfFilter('currency', investments.currency, CURRENCIES),
    holder_type: oneOfFilter('holder_type', investments.holderType, HOLDER_TYPES),
    search: (value) => {
      const parts = [
        containsFilter(users.name)(value),
        containsFilter(users.email)(value),
        containsFilter(investmentOpportunities.name)(value),
      ];
      return parts.every(Boolean) ? or(...parts) : undefined;
    },
  },
  sorts: {
    invested_on: investedOn,
    amount: investments.amount,
    opportunity: investmentOpportunities.name,
    investor: users.name,
    status: investments.status,
  },
  defaultSort: '-invested_on',
});

export const INVESTMENTS_REPORT_EXPORT_RESOURCE: ListResource = { ...INVESTMENTS_REPORT_RESOURCE, params: ['format'] };

const inBook = (where: SQL | undefined) =>
  and(isNull(investments.deletedAt), isNull(investmentOpportunities.deletedAt), ne(investments.type, 'private_manual'), where);

const COLUMNS = {
  id: investments.id,
  opportunityId: investmentOpportunities.id,
  opportunityName: investmentOpportunities.name,
  companyName: investmentOpportunities.companyName,
  userId: users.id,
  userName: users.name,
  email: users.email,
  holderType: investments.holderType,
  organisation: organisations.name,
  method: investmentMethods.name,
  methodReference: investmentMethodEntities.reference,
  nominee: nominees.name,
  type: investments.type,
  status: investments.status,
  amount: investments.amount,
  currency: investments.currency,
  shares: investments.shares,
  sharePrice: investments.sharePrice,
  investedOn: sql<string>`to_char(${investedOn}, 'YYYY-MM-DD')`,
  createdAt: investments.createdAt,
};

function selectRows(db: Db) {
  return db
    .select(COLUMNS)
    .from(investments)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
    .innerJoin(users, eq(users.id, investments.userId))
    .leftJoin(organisations, eq(organisations.id, investments.organisationId))
    .leftJoin(investmentMethodEntities, eq(investmentMethodEntities.id, investments.investmentMethodEntityId))
    .leftJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investmentMethodId))
    .leftJoin(nominees, eq(nominees.id, investments.nomineeId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function present(r: Row): InvestmentsReportRow {
  return {
    id: r.id,
    opportunity: { id: r.opportunityId, name: r.opportunityName, company_name: r.companyName },
    investor: { id: r.userId, name: r.userName, email: r.email },
    holder_type: r.holderType as HolderType,
    holder_name: heldThroughName(r.holderType as HolderType, r) ?? r.userName,
    type: r.type,
    status: r.status,
    status_label: INVESTMENT_STATUS_LABELS[r.status as InvestmentStatus],
    amount: r.amount,
    currency: r.currency,
    shares: r.shares,
    share_price: r.sharePrice,
    invested_on: r.investedOn,
    created_at: r.createdAt.toISOString(),
  };
}

export function investmentsReportPage(db: Db, request: FastifyRequest, query: ListQuery) {
  query.orderBy.push(asc(investments.id));
  const where = inBook(query.where);
  return paginate<Row, InvestmentsReportRow>(
    selectRows(db).where(where).$dynamic(),
    db
      .select({ total: count() })
      .from(investments)
      .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
      .innerJoin(users, eq(users.id, investments.userId))
      .where(where)
      .$dynamic(),
    query,
    request,
    (rows) => rows.map(present),
  );
}

const EXPORT_COLUMNS: ReadonlyArray<ExportColumn<InvestmentsReportRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Invested on', value: (r) => r.invested_on },
  { header: 'Opportunity', value: (r) => r.opportunity.name },
  { header: 'Company', value: (r) => r.opportunity.company_name },
  { header: 'Investor', value: (r) => r.investor.name },
  { header: 'Email', value: (r) => r.investor.email },
  { header: 'Holder type', value: (r) => r.holder_type },
  { header: 'Holder', value: (r) => r.holder_name },
  { header: 'Entry type', value: (r) => r.type },
  { header: 'Status', value: (r) => r.status_label },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Amount', value: (r) => r.amount, kind: 'money' },
  { header: 'Shares', value: (r) => r.shares, kind: 'units' },
  { header: 'Share price', value: (r) => r.share_price, kind: 'units' },
];

export function investmentsReportExport(db: Db, query: ListQuery): ExportSpec<InvestmentsReportRow> {
  return {
    filename: 'investments-report',
    sheet: 'Investments',
    columns: EXPORT_COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(investments.id, [...query.orderBy, asc(investments.id)]) })
          .from(investments)
          .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
          .innerJoin(users, eq(users.id, investments.userId))
          .where(inBook(query.where)),
      ),
    loadBatch: async (ids) => (await selectRows(db).where(inBook(inArray(investments.id, ids)))).map(present),
  };
}
