import { DEALS_LIST } from '@platform/domain';
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pipelineDeals, pipelines, pipelineStages, users } from '../../db/schema';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import { containsFilter, idsFilter } from '../../platform/list-filters';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';

/** The deals list (table view) and its export share these filters and sorts. */
export const DEALS_RESOURCE = listResource(DEALS_LIST, {
  filters: {
    pipeline_id: idsFilter('pipeline_id', pipelineDeals.pipelineId),
    stage_id: idsFilter('stage_id', pipelineDeals.stageId),
    owner_id: idsFilter('owner_id', pipelineDeals.ownerId),
    industry: (v) =>
      inArray(
        pipelineDeals.industry,
        v.split(',').map((s) => s.trim()),
      ),
    search: containsFilter(pipelineDeals.companyName),
  },
  sorts: {
    company_name: pipelineDeals.companyName,
    amount_sought: pipelineDeals.amountSought,
    pre_money_valuation: pipelineDeals.preMoneyValuation,
    industry: pipelineDeals.industry,
    position: pipelineDeals.position,
    created_at: pipelineDeals.createdAt,
    updated_at: pipelineDeals.updatedAt,
  },
  defaultSort: '-created_at',
});

export const DEALS_EXPORT_RESOURCE: ListResource = { ...DEALS_RESOURCE, params: ['format'] };

export const liveDeals = (query: ListQuery): SQL | undefined => and(isNull(pipelineDeals.deletedAt), query.where);

interface DealExportRow {
  id: number;
  companyName: string;
  pipeline: string | null;
  stage: string | null;
  owner: string | null;
  source: string | null;
  amountSought: string | null;
  preMoneyValuation: string | null;
  currency: string;
  industry: string | null;
  summary: string | null;
  createdAt: Date;
}

const COLUMNS: ReadonlyArray<ExportColumn<DealExportRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Company', value: (r) => r.companyName },
  { header: 'Pipeline', value: (r) => r.pipeline },
  { header: 'Stage', value: (r) => r.stage },
  { header: 'Owner', value: (r) => r.owner },
  { header: 'Source', value: (r) => r.source },
  { header: 'Amount sought', value: (r) => r.amountSought, kind: 'money' },
  { header: 'Pre-money valuation', value: (r) => r.preMoneyValuation, kind: 'money' },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Industry', value: (r) => r.industry },
  { header: 'Summary', value: (r) => r.summary },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
];

export function dealsExport(db: Db, query: ListQuery): ExportSpec<DealExportRow> {
  return {
    filename: 'pipeline-deals',
    sheet: 'Deals',
    columns: COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(pipelineDeals.id, [...query.orderBy, asc(pipelineDeals.id)]) })
          .from(pipelineDeals)
          .where(liveDeals(query)),
      ),
    loadBatch: (ids) =>
      db
        .select({
          id: pipelineDeals.id,
          companyName: pipelineDeals.companyName,
          pipeline: pipelines.name,
          stage: pipelineStages.name,
          owner: users.name,
          source: pipelineDeals.source,
          amountSought: pipelineDeals.amountSought,
          preMoneyValuation: pipelineDeals.preMoneyValuation,
          currency: pipelineDeals.currency,
          industry: pipelineDeals.industry,
          summary: pipelineDeals.summary,
          createdAt: pipelineDeals.createdAt,
        })
        .from(pipelineDeals)
        .leftJoin(pipelines, eq(pipelines.id, pipelineDeals.pipelineId))
        .leftJoin(pipelineStages, eq(pipelineStages.id, pipelineDeals.stageId))
        .leftJoin(users, eq(users.id, pipelineDeals.ownerId))
        .where(and(inArray(pipelineDeals.id, ids), isNull(pipelineDeals.deletedAt))),
  };
}
