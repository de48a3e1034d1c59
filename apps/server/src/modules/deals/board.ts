import type { BoardColumnPage, DealBoard, DealCard } from '@platform/domain';
import { and, asc, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pipelineDeals, pipelines, pipelineStages, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { namesById } from '../../platform/lookup';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const cardColumns = {
  id: pipelineDeals.id,
  stage_id: pipelineDeals.stageId,
  position: pipelineDeals.position,
  company_name: pipelineDeals.companyName,
  owner_id: pipelineDeals.ownerId,
  amount_sought: pipelineDeals.amountSought,
  currency: pipelineDeals.currency,
  industry: pipelineDeals.industry,
  updated_at: pipelineDeals.updatedAt,
};
const selectCards = (tx: Tx) => tx.select(cardColumns).from(pipelineDeals);
type CardRow = Awaited<ReturnType<typeof selectCards>>[number];

/** A column's live deals, by `pipeline_deals_board_idx` (pipeline, stage, position). */
const liveInStage = (pipelineId: number, stageId: number | SQL) =>
  and(eq(pipelineDeals.pipelineId, pipelineId), eq(pipelineDeals.stageId, stageId), isNull(pipelineDeals.deletedAt));

/** Cards with their owners' names, one query for every owner on the page. */
async function presentCards(tx: Tx, rows: CardRow[]): Promise<DealCard[]> {
  const owners = await namesById(
    tx,
    users,
    rows.map((d) => d.owner_id),
  );
  return rows.map((deal) => ({
    ...deal,
    owner: (deal.owner_id && owners.get(deal.owner_id)) || null,
    updated_at: deal.updated_at.toISOString(),
  }));
}

/**
 * Rows read one beyond the page say whether there is more: the cursor is the position of the last
 * card answered. Positions are dense and ordered within a stage (decision 0007), so a cursor is a
 * place in the column; a move between two pages can shift a card across it, which the board
 * absorbs by keying cards by id.
 */
function splitPage<T extends { position: number | null }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  return { page, nextAfter: rows.length > limit ? (page.at(-1)?.position ?? null) : null };
}

/**
 * A pipeline's kanban board: its stages in order, each with its whole count and amount sought and
 * its first `limit` cards. Four queries whatever the number of deals (benchmarked at 5,000): the
 * stages, one aggregate over the pipeline's deals, one lateral read of each stage's first cards by
 * the board index, and the owners; read in one snapshot so the counts match the cards.
 */
export async function loadBoard(db: Db, pipelineId: number, limit: number): Promise<DealBoard> {
  return db.transaction(
    async (tx) => {
      const [pipeline] = await tx
        .select({ id: pipelines.id, name: pipelines.name })
        .from(pipelines)
        .where(and(eq(pipelines.id, pipelineId), isNull(pipelines.deletedAt)));
      if (!pipeline) throw notFound('pipeline');
      const liveStages = and(eq(pipelineStages.pipelineId, pipelineId), isNull(pipelineStages.deletedAt));
      const stages = await tx
        .select({ id: pipelineStages.id, name: pipelineStages.name, position: pipelineStages.position })
        .from(pipelineStages)
        .where(liveStages)
        .orderBy(asc(pipelineStages.position));
      const totals = await tx
        .select({
          stageId: pipelineDeals.stageId,
          count: count(),
          amount: sql<string | null>`sum(${pipelineDeals.amountSought})::text`,
          currencies:
            sql<number>`count(distinct ${pipelineDeals.currency}) filter (where ${pipelineDeals.amountSought} is not null)`.mapWith(Number),
          currency: sql<string | null>`min(${pipelineDeals.currency}) filter (where ${pipelineDeals.amountSought} is not null)`,
        })
        .from(pipelineDeals)
        .where(and(eq(pipelineDeals.pipelineId, pipelineId), isNull(pipelineDeals.deletedAt)))
        .groupBy(pipelineDeals.stageId);
      const first = selectCards(tx)
        .where(liveInStage(pipelineId, sql`${pipelineStages.id}`))
        .orderBy(asc(pipelineDeals.position))
        .limit(limit + 1)
        .as('first_cards');
      const rows = await tx.select().from(pipelineStages).innerJoinLateral(first, sql`true`).where(liveStages);
      const cards = await presentCards(
        tx,
        rows.map((r) => r.first_cards),
      );
      const totalsByStage = new Map(totals.map((t) => [t.stageId, t]));
      return {
        ...pipeline,
        stages: stages.map((stage) => {
          const { page, nextAfter } = splitPage(
            cards.filter((c) => c.stage_id === stage.id).sort((a, b) => a.position! - b.position!),
            limit,
          );
          const total = totalsByStage.get(stage.id);
          return {
            ...stage,
            deals_count: total?.count ?? 0,
            amount_sought: total?.amount != null && total.currencies === 1 ? { amount: total.amount, currency: total.currency! } : null,
            deals: page,
            next_after: nextAfter,
          };
        }),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A column's cards after the position `after` (from the start when absent), with its whole count. */
export async function loadBoardColumn(
  db: Db,
  { pipelineId, stageId, after, limit }: { pipelineId: number; stageId: number; after?: number; limit: number },
): Promise<BoardColumnPage> {
  return db.transaction(
    async (tx) => {
      const [stage] = await tx
        .select({ id: pipelineStages.id })
        .from(pipelineStages)
        .innerJoin(pipelines, eq(pipelines.id, pipelineStages.pipelineId))
        .where(
          and(
            eq(pipelineStages.id, stageId),
            eq(pipelineStages.pipelineId, pipelineId),
            isNull(pipelineStages.deletedAt),
            isNull(pipelines.deletedAt),
          ),
        );
      if (!stage) throw notFound('stage');
      const where = liveInStage(pipelineId, stageId);
      const [{ total }] = await tx.select({ total: count() }).from(pipelineDeals).where(where);
      const rows = await selectCards(tx)
        .where(after === undefined ? where : and(where, gt(pipelineDeals.position, after)))
        .orderBy(asc(pipelineDeals.position))
        .limit(limit + 1);
      const { page, nextAfter } = splitPage(rows, limit);
      return { data: await presentCards(tx, page), meta: { deals_count: total, next_after: nextAfter } };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
