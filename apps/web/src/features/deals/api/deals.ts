import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deal, DealBoard, DealKeyDate } from '@platform/domain';
import { api } from '../../../app/api-client';
import { useListQuery, type ListParams } from '../../../app/use-list-query';
import { fetchBoard } from './board-columns';

export type { BoardStage, Deal, DealCard } from '@platform/domain';
export type KeyDate = DealKeyDate;
export type Board = DealBoard;

export const DEAL_INCLUDES = 'owner,stage,pipeline';

export const dealKeys = {
  all: ['pipeline-deals'] as const,
  board: (pipelineId: number) => ['pipeline-deals', 'board', pipelineId] as const,
  one: (id: number | string) => ['pipeline-deals', 'one', String(id)] as const,
};

/** A pipeline's board: each column's first cards, and any more the user has scrolled to (board-columns.ts). */
export function useBoard(pipelineId: number | undefined) {
  const client = useQueryClient();
  const queryKey = dealKeys.board(pipelineId ?? 0);
  return useQuery({
    queryKey,
    queryFn: () => fetchBoard(pipelineId!, client.getQueryData<Board>(queryKey)),
    enabled: Boolean(pipelineId),
  });
}

export function useDealList(params: ListParams) {
  return useListQuery<Deal>('pipeline-deals', { ...params, include: DEAL_INCLUDES });
}

export function useDeal(id: number | string) {
  return useQuery({
    queryKey: dealKeys.one(id),
    queryFn: () => api<{ data: Deal }>(`/api/pipeline-deals/${id}`, { query: { include: DEAL_INCLUDES } }).then((r) => r.data),
  });
}

/** Any write to a deal refreshes every view of deals. */
export function useDealAction<Input, Output = unknown>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => client.invalidateQueries({ queryKey: dealKeys.all }) });
}

export const deleteDeal = (id: number) => api<void>(`/api/pipeline-deals/${id}`, { method: 'DELETE' });
