import { and, asc, inArray, isNull, type SQL } from 'drizzle-orm';
import { OPPORTUNITY_STATUS_LABELS, type OpportunityStatusId } from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentOpportunities } from '../../db/schema';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import type { ListQuery, ListResource } from '../../platform/list-query';
import { OPPORTUNITIES_RESOURCE } from './list';
import type { OpportunityRow } from '../../shared/opportunity-visibility';

/** The staff lists of live opportunities and existing investments export with the same filters and sorts. */
export const OPPORTUNITIES_EXPORT_RESOURCE: ListResource = { ...OPPORTUNITIES_RESOURCE, params: ['format'] };

export function staffOpportunitiesWhere(query: ListQuery, statuses: number[]): SQL | undefined {
  return and(isNull(investmentOpportunities.deletedAt), inArray(investmentOpportunities.status, statuses), query.where);
}

const COLUMNS: ReadonlyArray<ExportColumn<OpportunityRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Name', value: (r) => r.name },
  { header: 'Company', value: (r) => r.companyName },
  { header: 'Status', value: (r) => OPPORTUNITY_STATUS_LABELS[r.status as OpportunityStatusId] },
  { header: 'Industry', value: (r) => r.industry },
  { header: 'Round', value: (r) => r.roundType },
  { header: 'Tax relief', value: (r) => r.taxRelief },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Target raise', value: (r) => r.targetRaise, kind: 'money' },
  { header: 'Maximum raise', value: (r) => r.maximumRaise, kind: 'money' },
  { header: 'Committed', value: (r) => r.committedAmount, kind: 'money' },
  { header: 'Share price', value: (r) => r.sharePrice, kind: 'units' },
  { header: 'Minimum investment', value: (r) => r.minimumInvestment, kind: 'money' },
  { header: 'Maximum investment', value: (r) => r.maximumInvestment, kind: 'money' },
  { header: 'Opens', value: (r) => r.opensAt },
  { header: 'Closes', value: (r) => r.closesAt },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
];

export function opportunitiesExport(db: Db, query: ListQuery, statuses: number[]): ExportSpec<OpportunityRow> {
  const where = staffOpportunitiesWhere(query, statuses);
  return {
    filename: 'investment-opportunities',
    sheet: 'Opportunities',
    columns: COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(investmentOpportunities.id, [...query.orderBy, asc(investmentOpportunities.id)]) })
          .from(investmentOpportunities)
          .where(where),
      ),
    loadBatch: (ids) =>
      db
        .select()
        .from(investmentOpportunities)
        .where(and(inArray(investmentOpportunities.id, ids), isNull(investmentOpportunities.deletedAt))),
  };
}
