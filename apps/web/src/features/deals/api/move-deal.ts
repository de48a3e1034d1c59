import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../app/api-client';
import { dealKeys, type Board, type Deal } from './deals';

export interface Move {
  dealId: number;
  stageId: number;
  /** 0-based place in the target stage, counted without the deal itself; the end when absent. */
  position?: number;
}

/**
 * The board after a move, as the server will have it (modules/pipelines/positions.ts placeDeal).
 * Columns hold their first cards only (the rest load as the user scrolls), so a place is counted
 * among the cards loaded, and the whole counts move by one.
 */
export function applyMove(board: Board, { dealId, stageId, position }: Move): Board {
  const card = board.stages.flatMap((s) => s.deals).find((d) => d.id === dealId);
  if (!card || !board.stages.some((s) => s.id === stageId)) return board;
  const stages = board.stages.map((stage) => ({ ...stage, deals: stage.deals.filter((d) => d.id !== dealId) }));
  const target = stages.find((s) => s.id === stageId)!;
  const at = Math.min(position ?? target.deals.length, target.deals.length);
  target.deals.splice(at, 0, { ...card, stage_id: stageId });
  return {
    ...board,
    stages: stages.map((stage, i) => ({
      ...stage,
      deals_count: stage.deals_count + stage.deals.length - board.stages[i].deals.length,
      deals: stage.deals.map((d, place) => ({ ...d, position: place })),
    })),
  };
}

function failure(error: unknown): string {
  if (error instanceof ApiError) {
    const first = typeof error.errors === 'object' ? Object.values(error.errors).flat()[0] : error.errors;
    return first ?? error.message;
  }
  return 'The server could not be reached.';
}

/**
 * Moves a deal on a pipeline's board: the card moves at once, the server confirms, and on failure
 * the board goes back to what it was with a message saying why.
 */
export function useMoveDeal(pipelineId: number) {
  const client = useQueryClient();
  const key = dealKeys.board(pipelineId);
  return useMutation({
    mutationFn: ({ dealId, stageId, position }: Move) =>
      api<{ data: Deal }>(`/api/pipeline-deals/${dealId}/move`, {
        method: 'POST',
        body: { stage_id: stageId, ...(position === undefined ? {} : { position }) },
      }),
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Board>(key);
      if (before) client.setQueryData<Board>(key, applyMove(before, move));
      return { before };
    },
    onError: (error, _move, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      notifications.show({
        color: 'red',
        title: 'The deal was not moved',
        message: `${failure(error)} It is back where it was.`,
        autoClose: 10_000,
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: dealKeys.all }),
  });
}
