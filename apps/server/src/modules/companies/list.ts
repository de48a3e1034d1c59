import { and, asc, eq, gte, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fundInvestments, funds, MATURITY_STATUSES } from '../../db/schema';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import { containsFilter, dayFilter, idsFilter, oneOfFilter } from '../../platform/list-filters';
import { COMPANIES_LIST } from '@platform/domain';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';

const textList = (value: string) => value.split(',').map((s) => s.trim());

/** The companies list (also a fund's Portfolio tab) and its export share these filters and sorts. */
export const COMPANIES_RESOURCE = listResource(COMPANIES_LIST, {
  filters: {
    fund_id: idsFilter('fund_id', fundInvestments.fundId),
    industry: (v) => inArray(fundInvestments.industry, textList(v)),
    stage: (v) => inArray(fundInvestments.stage, textList(v)),
    maturity_status: oneOfFilter('maturity_status', fundInvestments.maturityStatus, MATURITY_STATUSES),
    search: containsFilter(fundInvestments.companyName),
    investment_date_from: (v) => gte(fundInvestments.investmentDate, dayFilter('investment_date_from', v)),
    investment_date_to: (v) => lte(fundInvestments.investmentDate, dayFilter('investment_date_to', v)),
  },
  sorts: {
    company_name: fundInvestments.companyName,
    industry: fundInvestments.industry,
    stage: fundInvestments.stage,
    investment_date: fundInvestments.investmentDate,
    cost: fundInvestments.cost,
    current_valuation: fundInvestments.currentValuation,
    maturity_status: fundInvestments.maturityStatus,
    created_at: fundInvestments.createdAt,
    updated_at: fundInvestments.updatedAt,
  },
  defaultSort: 'company_name',
});

export const COMPANIES_EXPORT_RESOURCE: ListResource = { ...COMPANIES_RESOURCE, params: ['format'] };

/** Live fund investments. (A fund with live investments cannot be deleted, so they all belong to live funds.) */
export const liveCompanies = (where: SQL | undefined) => and(isNull(fundInvestments.deletedAt), where);

interface CompanyExportRow {
  id: number;
  companyName: string;
  fund: string | null;
  currency: string | null;
  industry: string | null;
  stage: string | null;
  investmentDate: string | null;
  cost: string;
  currentValuation: string | null;
  valuationDate: string | null;
  maturityStatus: string;
  createdAt: Date;
}

const COLUMNS: ReadonlyArray<ExportColumn<CompanyExportRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Company', value: (r) => r.companyName },
  { header: 'Fund', value: (r) => r.fund },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Industry', value: (r) => r.industry },
  { header: 'Stage', value: (r) => r.stage },
  { header: 'Investment date', value: (r) => r.investmentDate },
  { header: 'Cost', value: (r) => r.cost, kind: 'money' },
  { header: 'Current valuation', value: (r) => r.currentValuation, kind: 'money' },
  { header: 'Valuation date', value: (r) => r.valuationDate },
  { header: 'Maturity status', value: (r) => r.maturityStatus },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
];

export function companiesExport(db: Db, query: ListQuery): ExportSpec<CompanyExportRow> {
  return {
    filename: 'companies',
    sheet: 'Companies',
    columns: COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(fundInvestments.id, [...query.orderBy, asc(fundInvestments.id)]) })
          .from(fundInvestments)
          .where(liveCompanies(query.where)),
      ),
    loadBatch: (ids) =>
      db
        .select({
          id: fundInvestments.id,
          companyName: fundInvestments.companyName,
          fund: funds.name,
          currency: funds.currency,
          industry: fundInvestments.industry,
          stage: fundInvestments.stage,
          investmentDate: fundInvestments.investmentDate,
          cost: fundInvestments.cost,
          currentValuation: fundInvestments.currentValuation,
          valuationDate: fundInvestments.valuationDate,
          maturityStatus: fundInvestments.maturityStatus,
          createdAt: fundInvestments.createdAt,
        })
        .from(fundInvestments)
        .leftJoin(funds, eq(funds.id, fundInvestments.fundId))
        .where(and(inArray(fundInvestments.id, ids), isNull(fundInvestments.deletedAt))),
  };
}
