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

/** A column as the board's one query answers it: the stage, its totals and its first cards plus one. */
interface BoardStageRow {
  id: number;
  name: string;
  position: number | null;
  deals_count: number;
  amount: string | null;
  currency: string | null;
  cards: (Omit<DealCard, 'owner' | 'updated_at'> & { owner_name: string | null; updated_at: string })[];
}

const boards = new WeakMap<Db, ReturnType<typeof prepareBoard>>();

/**
 * The board in one prepared statement, so one snapshot without a transaction and one round trip:
 * the stages in order, each with its count, its amount sought when every deal with an amount is in
 * one currency, and its first `limit + 1` cards by `pipeline_deals_board_idx` with their owners'
 * names. Seven queries in a read-only transaction cost more than their SQL (docs/benchmarks.md).
 */
function prepareBoard(db: Db) {
  const pipelineId = sql.placeholder('pipelineId');
  // Written out with aliases: the subqueries name several tables' columns, which drizzle leaves unqualified here.
  return db
    .select({
      id: pipelines.id,
      name: pipelines.name,
      stages: sql<BoardStageRow[]>`(
        select coalesce(json_agg(json_build_object(
          'id', s.id, 'name', s.name, 'position', s.position,
          'deals_count', coalesce(t.deals_count, 0), 'amount', t.amount,
          'currency', case when t.first_currency = t.last_currency then t.first_currency end,
          'cards', (
            select coalesce(json_agg(card order by card.position), '[]') from (
              select d.id, d.stage_id, d.position, d.company_name, d.owner_id, u.name as owner_name,
                d.amount_sought::text as amount_sought, d.currency, d.industry,
                to_char(d.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
              from pipeline_deals d left join users u on u.id = d.owner_id
              where d.pipeline_id = ${pipelineId} and d.stage_id = s.id and d.deleted_at is null
              order by d.position limit ${sql.placeholder('limit')}::int + 1
            ) card
          )
        ) order by s.position, s.id), '[]')
        from pipeline_stages s
        left join (
          select stage_id, count(*)::int as deals_count, sum(amount_sought)::text as amount,
            min(currency) filter (where amount_sought is not null) as first_currency,
            max(currency) filter (where amount_sought is not null) as last_currency
          from pipeline_deals where pipeline_id = ${pipelineId} and deleted_at is null group by stage_id
        ) t on t.stage_id = s.id
        where s.pipeline_id = ${pipelineId} and s.deleted_at is null
      )`,
    })
    .from(pipelines)
    .where(and(eq(pipelines.id, pipelineId), isNull(pipelines.deletedAt)))
    .prepare('deal_board');
}

/**
 * A pipeline's kanban board: its stages in order, each with its whole count and amount sought and
 * its first `limit` cards (benchmarked at 5,000 deals).
 */
export async function loadBoard(db: Db, pipelineId: number, limit: number): Promise<DealBoard> {
  let board = boards.get(db);
  if (!board) {
    board = prepareBoard(db);
    boards.set(db, board);
  }
  const [pipeline] = await board.execute({ pipelineId, limit });
  if (!pipeline) throw notFound('pipeline');
  return {
    id: pipeline.id,
    name: pipeline.name,
    stages: pipeline.stages.map(({ cards, amount, currency, ...stage }) => {
      const { page, nextAfter } = splitPage(
        cards.map(({ owner_name, ...card }) => ({
          ...card,
          owner: card.owner_id !== null && owner_name !== null ? { id: card.owner_id, name: owner_name } : null,
        })),
        limit,
      );
      return {
        ...stage,
        amount_sought: amount !== null && currency !== null ? { amount, currency } : null,
        deals: page,
        next_after: nextAfter,
      };
    }),
  };
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
