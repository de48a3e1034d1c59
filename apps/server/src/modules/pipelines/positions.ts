import { and, asc, count, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pipelineDeals, pipelines, pipelineStages } from '../../db/schema';
import { notFound } from '../../platform/errors';

/**
 * The position rules of docs/decisions/0007, in one place. Positions are dense, 0..n-1: stages within
 * a pipeline, deals within a stage. Every write that changes positions first locks the pipeline
 * row(s) involved, in ascending id order, so concurrent moves queue instead of reading the same
 * gaps; the deferred unique constraints are the backstop at commit.
 */
export type PipelineRow = typeof pipelines.$inferSelect;
export type StageRow = typeof pipelineStages.$inferSelect;
export type DealRow = typeof pipelineDeals.$inferSelect;

/** Locks live pipelines (FOR UPDATE) one at a time in ascending id order; 404 when one is gone. */
export async function lockPipelines(tx: Db, ids: number[]): Promise<Map<number, PipelineRow>> {
  const locked = new Map<number, PipelineRow>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const [row] = await tx
      .select()
      .from(pipelines)
      .where(and(eq(pipelines.id, id), isNull(pipelines.deletedAt)))
      .for('update');
    if (!row) throw notFound('pipeline');
    locked.set(id, row);
  }
  return locked;
}

export async function liveStages(tx: Db, pipelineId: number): Promise<StageRow[]> {
  return tx
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.pipelineId, pipelineId), isNull(pipelineStages.deletedAt)))
    .orderBy(asc(pipelineStages.position));
}

export async function liveDealCount(tx: Db, stageId: number, exceptDealId = 0): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(pipelineDeals)
    .where(and(eq(pipelineDeals.stageId, stageId), isNull(pipelineDeals.deletedAt), ne(pipelineDeals.id, exceptDealId)));
  return Number(row.n);
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

/**
 * Moves a live deal to `position` in `target` (the end when null, clamped to the stage's length).
 * The caller holds the locks of the deal's pipeline and the target's. Closing the gap it leaves and
 * opening the one it takes are two range shifts; within one stage they compose into the same result.
 */
export async function placeDeal(tx: Db, deal: DealRow, target: StageRow, position: number | null, now: Date): Promise<DealRow> {
  const others = await liveDealCount(tx, target.id, deal.id);
  const to = clamp(position ?? others, others);
  if (deal.stageId === target.id && deal.position === to) return deal;
  await tx
    .update(pipelineDeals)
    .set({ position: sql`${pipelineDeals.position} - 1` })
    .where(and(eq(pipelineDeals.stageId, deal.stageId), gt(pipelineDeals.position, deal.position!), ne(pipelineDeals.id, deal.id)));
  await tx
    .update(pipelineDeals)
    .set({ position: sql`${pipelineDeals.position} + 1` })
    .where(and(eq(pipelineDeals.stageId, target.id), gte(pipelineDeals.position, to), ne(pipelineDeals.id, deal.id)));
  const [moved] = await tx
    .update(pipelineDeals)
    .set({ stageId: target.id, pipelineId: target.pipelineId, position: to, updatedAt: now })
    .where(eq(pipelineDeals.id, deal.id))
    .returning();
  return moved;
}

/** Takes a live deal off its stage (soft delete): the deals after it close up. */
export async function removeDeal(tx: Db, deal: DealRow, now: Date): Promise<DealRow> {
  await tx
    .update(pipelineDeals)
    .set({ position: sql`${pipelineDeals.position} - 1` })
    .where(and(eq(pipelineDeals.stageId, deal.stageId), gt(pipelineDeals.position, deal.position!)));
  const [removed] = await tx
    .update(pipelineDeals)
    .set({ position: null, deletedAt: now, updatedAt: now })
    .where(eq(pipelineDeals.id, deal.id))
    .returning();
  return removed;
}

/** Moves every live deal of one stage to the end of another, keeping their order. Returns how many. */
export async function appendAllDeals(tx: Db, from: StageRow, to: StageRow, now: Date): Promise<number> {
  const offset = await liveDealCount(tx, to.id);
  const moved = await tx
    .update(pipelineDeals)
    .set({ stageId: to.id, pipelineId: to.pipelineId, position: sql`${pipelineDeals.position} + ${offset}`, updatedAt: now })
    .where(and(eq(pipelineDeals.stageId, from.id), isNull(pipelineDeals.deletedAt)))
    .returning({ id: pipelineDeals.id });
  return moved.length;
}
