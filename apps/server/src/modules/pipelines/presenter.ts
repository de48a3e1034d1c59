import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { Pipeline, PipelineStage } from '@platform/domain';
import type { Db } from '../../db/client';
import { pipelineStages } from '../../db/schema';
import type { PipelineRow, StageRow } from './positions';
import { dealCountsByStage } from './service';

export function presentStage(row: StageRow, dealsCount: number): PipelineStage {
  return {
    id: row.id,
    pipeline_id: row.pipelineId,
    name: row.name,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deals_count: dealsCount,
  };
}

/** Stages with their live deal counts (the settings page warns before deleting a stage that holds deals). */
export async function presentStagesWith(db: Db, rows: StageRow[]): Promise<PipelineStage[]> {
  const counts = await dealCountsByStage(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentStage(row, counts.get(row.id) ?? 0));
}

/** Pipelines with, on request, their live stages in order: one query for the whole page. */
export async function presentPipelinesWith(db: Db, rows: PipelineRow[], options: { stages: boolean }): Promise<Pipeline[]> {
  const byPipeline = new Map<number, PipelineStage[]>();
  if (options.stages && rows.length) {
    const stages = await db
      .select()
      .from(pipelineStages)
      .where(
        and(
          inArray(
            pipelineStages.pipelineId,
            rows.map((r) => r.id),
          ),
          isNull(pipelineStages.deletedAt),
        ),
      )
      .orderBy(asc(pipelineStages.pipelineId), asc(pipelineStages.position));
    for (const stage of await presentStagesWith(db, stages)) {
      const list = byPipeline.get(stage.pipeline_id) ?? [];
      list.push(stage);
      byPipeline.set(stage.pipeline_id, list);
    }
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(options.stages ? { stages: byPipeline.get(row.id) ?? [] } : {}),
  }));
}
