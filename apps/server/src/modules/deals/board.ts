import type { DealBoard, DealCard } from '@platform/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pipelineDeals, pipelines, pipelineStages, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { namesById } from '../../platform/lookup';

/**
 * A pipeline's kanban board: its stages in order, each with its deals in order, as cards. One query
 * per table whatever the number of deals (the board is benchmarked at 5,000), read in one snapshot
 * so a deal never points at a stage the board does not show.
 */
export async function loadBoard(db: Db, pipelineId: number): Promise<DealBoard> {
  const { pipeline, stages, deals, owners } = await db.transaction(
    async (tx) => {
      const [pipeline] = await tx
        .select()
        .from(pipelines)
        .where(and(eq(pipelines.id, pipelineId), isNull(pipelines.deletedAt)));
      if (!pipeline) throw notFound('pipeline');
      const stages = await tx
        .select({ id: pipelineStages.id, name: pipelineStages.name, position: pipelineStages.position })
        .from(pipelineStages)
        .where(and(eq(pipelineStages.pipelineId, pipelineId), isNull(pipelineStages.deletedAt)))
        .orderBy(asc(pipelineStages.position));
      const deals = await tx
        .select({
          id: pipelineDeals.id,
          stage_id: pipelineDeals.stageId,
          position: pipelineDeals.position,
          company_name: pipelineDeals.companyName,
          owner_id: pipelineDeals.ownerId,
          amount_sought: pipelineDeals.amountSought,
          currency: pipelineDeals.currency,
          industry: pipelineDeals.industry,
          updated_at: pipelineDeals.updatedAt,
        })
        .from(pipelineDeals)
        .where(and(eq(pipelineDeals.pipelineId, pipelineId), isNull(pipelineDeals.deletedAt)))
        .orderBy(asc(pipelineDeals.stageId), asc(pipelineDeals.position));
      const owners = await namesById(
        tx,
        users,
        deals.map((d) => d.owner_id),
      );
      return { pipeline, stages, deals, owners };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const cardsByStage = new Map<number, DealCard[]>(stages.map((s) => [s.id, []]));
  for (const deal of deals) {
    cardsByStage
      .get(deal.stage_id)
      ?.push({ ...deal, owner: (deal.owner_id && owners.get(deal.owner_id)) || null, updated_at: deal.updated_at.toISOString() });
  }
  return {
    id: pipeline.id,
    name: pipeline.name,
    stages: stages.map((stage) => ({ ...stage, deals_count: cardsByStage.get(stage.id)!.length, deals: cardsByStage.get(stage.id)! })),
  };
}
