import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { BOARD_MAX_PAGE_SIZE, type BoardColumnPage } from '@platform/domain';
import { api } from '../../../app/api-client';
import type { Board, BoardStage } from './deals';

const columnPage = (pipelineId: number, stageId: number, after: number, limit?: number) =>
  api<BoardColumnPage>(`/api/pipelines/${pipelineId}/board/stages/${stageId}/deals`, { query: { after, limit } });

/** A column with a page of cards appended: a card already shown (a move shifted it across the cursor) is not repeated. */
function appendPage(stage: BoardStage, page: BoardColumnPage): BoardStage {
  const shown = new Set(stage.deals.map((d) => d.id));
  return {
    ...stage,
    deals: [...stage.deals, ...page.data.filter((d) => !shown.has(d.id))],
    deals_count: page.meta.deals_count,
    next_after: page.meta.next_after,
  };
}

/**
 * The board, fetched fresh, keeps as many cards in each column as were showing: after a move the
 * board reloads, and a column the user had scrolled far down must not fold back to its first page.
 */
export async function fetchBoard(pipelineId: number, showing: Board | undefined): Promise<Board> {
  const board = await api<{ data: Board }>(`/api/pipelines/${pipelineId}/board`).then((r) => r.data);
  const stages = await Promise.all(
    board.stages.map(async (stage) => {
      const wanted = showing?.stages.find((s) => s.id === stage.id)?.deals.length ?? 0;
      if (stage.next_after === null || wanted <= stage.deals.length) return stage;
      const limit = Math.min(BOARD_MAX_PAGE_SIZE, wanted - stage.deals.length);
      return appendPage(stage, await columnPage(pipelineId, stage.id, stage.next_after, limit));
    }),
  );
  return { ...board, stages };
}

/** Loads a column's next cards into the board, once at a time per column however often it is asked. */
export function useLoadMoreDeals(pipelineId: number, key: readonly unknown[]) {
  const client = useQueryClient();
  const loading = useRef(new Set<number>());
  return useCallback(
    async (stageId: number) => {
      const stage = client.getQueryData<Board>(key)?.stages.find((s) => s.id === stageId);
      if (!stage || stage.next_after === null || loading.current.has(stageId)) return;
      loading.current.add(stageId);
      try {
        const page = await columnPage(pipelineId, stageId, stage.next_after);
        client.setQueryData<Board>(key, (board) =>
          board ? { ...board, stages: board.stages.map((s) => (s.id === stageId ? appendPage(s, page) : s)) } : board,
        );
      } finally {
        loading.current.delete(stageId);
      }
    },
    [client, key, pipelineId],
  );
}
