import { and, count, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pipelineDeals, pipelines, pipelineStages } from '../../db/schema';
import { notFound, validationError } from '../../platform/errors';
import { appendAllDeals, liveDealCount, liveStages, lockPipelines, type PipelineRow, type StageRow } from './positions';

/** Writes to pipelines and their stages. Each runs inside the caller's transaction. */

export async function createPipeline(tx: Db, name: string, stageNames: string[]): Promise<PipelineRow> {
  const [pipeline] = await tx.insert(pipelines).values({ name }).returning();
  if (stageNames.length) {
    await tx.insert(pipelineStages).values(stageNames.map((stage, position) => ({ pipelineId: pipeline.id, name: stage, position })));
  }
  return pipeline;
}

/** A pipeline that still holds deals is not deleted: they would vanish from every board. */
export async function deletePipeline(tx: Db, id: number, now: Date): Promise<PipelineRow> {
  await lockPipelines(tx, [id]);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(pipelineDeals)
    .where(and(eq(pipelineDeals.pipelineId, id), isNull(pipelineDeals.deletedAt)));
  if (Number(n) > 0) throw validationError({ pipeline: [`This pipeline holds ${n} deal(s): move or delete them first.`] });
  await tx
    .update(pipelineStages)
    .set({ position: null, deletedAt: now, updatedAt: now })
    .where(and(eq(pipelineStages.pipelineId, id), isNull(pipelineStages.deletedAt)));
  const [deleted] = await tx.update(pipelines).set({ deletedAt: now, updatedAt: now }).where(eq(pipelines.id, id)).returning();
  return deleted;
}

export async function findLivePipeline(db: Db, id: number): Promise<PipelineRow | undefined> {
  const [row] = await db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.id, id), isNull(pipelines.deletedAt)));
  return row;
}

export async function renamePipeline(tx: Db, id: number, name: string, now: Date): Promise<PipelineRow> {
  const [row] = await tx.update(pipelines).set({ name, updatedAt: now }).where(eq(pipelines.id, id)).returning();
  return row;
}

export async function renameStage(tx: Db, id: number, name: string, now: Date): Promise<StageRow> {
  const [row] = await tx.update(pipelineStages).set({ name, updatedAt: now }).where(eq(pipelineStages.id, id)).returning();
  return row;
}

/** A pipeline's live stage ids in their order. */
export async function stageOrder(tx: Db, pipelineId: number): Promise<number[]> {
  const stages = await tx
    .select({ id: pipelineStages.id, position: pipelineStages.position })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.pipelineId, pipelineId), isNull(pipelineStages.deletedAt)));
  return stages.sort((a, b) => (a.position ?? 0) - (b.position ?? 0)).map((s) => s.id);
}

export async function findLiveStage(db: Db, id: number): Promise<StageRow | undefined> {
  const [row] = await db
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.id, id), isNull(pipelineStages.deletedAt)));
  return row;
}

/** Adds a stage at `position` (the end when absent); the stages from there on move down one. */
export async function createStage(tx: Db, pipelineId: number, name: string, position: number | undefined): Promise<StageRow> {
  await lockPipelines(tx, [pipelineId]);
  const stages = await liveStages(tx, pipelineId);
  const at = Math.min(position ?? stages.length, stages.length);
  await tx
    .update(pipelineStages)
    .set({ position: sql`${pipelineStages.position} + 1` })
    .where(and(eq(pipelineStages.pipelineId, pipelineId), gte(pipelineStages.position, at)));
  const [stage] = await tx.insert(pipelineStages).values({ pipelineId, name, position: at }).returning();
  return stage;
}

/** Sets every stage's position in one statement; the list must name each live stage exactly once. */
export async function reorderStages(tx: Db, pipelineId: number, stageIds: number[], now: Date): Promise<StageRow[]> {
  await lockPipelines(tx, [pipelineId]);
  const current = await liveStages(tx, pipelineId);
  const expected = new Set(current.map((s) => s.id));
  if (stageIds.length !== expected.size || new Set(stageIds).size !== stageIds.length || stageIds.some((id) => !expected.has(id))) {
    throw validationError({ stage_ids: ["List each of the pipeline's stages exactly once."] });
  }
  const positions = sql.join(
    stageIds.map((id, position) => sql`when ${id} then ${position}`),
    sql` `,
  );
  await tx
    .update(pipelineStages)
    .set({ position: sql`(case ${pipelineStages.id} ${positions} end)::integer`, updatedAt: now })
    .where(inArray(pipelineStages.id, stageIds));
  return liveStages(tx, pipelineId);
}

/**
 * Deletes (soft) a stage. One that holds deals needs a target stage of the same pipeline; its deals
 * move to the end of the target in their order. The stages after it close up.
 */
export async function deleteStage(tx: Db, stageId: number, targetStageId: number | undefined, now: Date) {
  const stage = await findLiveStage(tx, stageId);
  if (!stage) throw notFound('stage');
  await lockPipelines(tx, [stage.pipelineId]);
  // Re-read under the lock: a concurrent write may have moved or deleted it meanwhile.
  const locked = await findLiveStage(tx, stageId);
  if (!locked) throw notFound('stage');
  const held = await liveDealCount(tx, stageId);
  let moved = 0;
  if (targetStageId !== undefined) {
    const target = await findLiveStage(tx, targetStageId);
    if (!target || target.pipelineId !== locked.pipelineId || target.id === locked.id) {
      throw validationError({ target_stage_id: ['Choose another stage of the same pipeline.'] });
    }
    moved = await appendAllDeals(tx, locked, target, now);
  } else if (held > 0) {
    throw validationError({ target_stage_id: [`This stage holds ${held} deal(s): choose a stage to move them to.`] });
  }
  const [deleted] = await tx
    .update(pipelineStages)
    .set({ position: null, deletedAt: now, updatedAt: now })
    .where(eq(pipelineStages.id, stageId))
    .returning();
  await tx
    .update(pipelineStages)
    .set({ position: sql`${pipelineStages.position} - 1` })
    .where(and(eq(pipelineStages.pipelineId, locked.pipelineId), gt(pipelineStages.position, locked.position!)));
  return { before: locked, deleted, moved };
}

/** Live deal counts per stage, one query for any number of stages. */
export async function dealCountsByStage(db: Db, stageIds: number[]): Promise<Map<number, number>> {
  if (!stageIds.length) return new Map();
  const rows = await db
    .select({ stageId: pipelineDeals.stageId, n: count() })
    .from(pipelineDeals)
    .where(and(inArray(pipelineDeals.stageId, stageIds), isNull(pipelineDeals.deletedAt)))
    .groupBy(pipelineDeals.stageId);
  return new Map(rows.map((r) => [r.stageId, Number(r.n)]));
}
