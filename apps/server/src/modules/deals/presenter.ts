import { DEAL_INCLUDE_NAMES, type Deal } from '@platform/domain';
import type { Db } from '../../db/client';
import { pipelines, pipelineStages, users } from '../../db/schema';
import { namesById } from '../../platform/lookup';
import type { DealRow } from '../pipelines';

/** The relations a deal's answers embed on `include=`. */
export const DEAL_INCLUDES = DEAL_INCLUDE_NAMES;

export function presentDeal(row: DealRow): Deal {
  return {
    id: row.id,
    pipeline_id: row.pipelineId,
    stage_id: row.stageId,
    position: row.position,
    company_name: row.companyName,
    owner_id: row.ownerId,
    source: row.source,
    amount_sought: row.amountSought,
    pre_money_valuation: row.preMoneyValuation,
    currency: row.currency,
    industry: row.industry,
    summary: row.summary,
    key_information: row.keyInformation,
    key_dates: row.keyDates,
    performance_notes: row.performanceNotes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Deals with the relations asked for, each relation loaded once for the whole page. */
export async function presentDealsWith(db: Db, rows: DealRow[], includes: ReadonlySet<string>): Promise<Deal[]> {
  const [owners, stages, pipelineNames] = await Promise.all([
    includes.has('owner')
      ? namesById(
          db,
          users,
          rows.map((r) => r.ownerId),
        )
      : null,
    includes.has('stage')
      ? namesById(
          db,
          pipelineStages,
          rows.map((r) => r.stageId),
        )
      : null,
    includes.has('pipeline')
      ? namesById(
          db,
          pipelines,
          rows.map((r) => r.pipelineId),
        )
      : null,
  ]);
  return rows.map((row) => ({
    ...presentDeal(row),
    ...(owners ? { owner: (row.ownerId && owners.get(row.ownerId)) || null } : {}),
    ...(stages ? { stage: stages.get(row.stageId) ?? null } : {}),
    ...(pipelineNames ? { pipeline: pipelineNames.get(row.pipelineId) ?? null } : {}),
  }));
}
