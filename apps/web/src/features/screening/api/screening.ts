import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DecideScreeningMatchInput,
  ScreeningList,
  ScreeningListKind,
  ScreeningMatch,
  ScreeningRun,
  ScreeningUploadResult,
} from '@platform/domain';
import { api } from '../../../app/api-client';

export type { ScreeningList, ScreeningMatch, ScreeningRun };

const LISTS = ['screening/lists'] as const;
const MATCHES = ['screening/matches'] as const;
const RUNS = ['screening/runs'] as const;

export function useScreeningLists() {
  return useQuery({ queryKey: LISTS, queryFn: () => api<{ data: ScreeningList[] }>('/api/screening/lists').then((r) => r.data) });
}

/**
 * The latest screening runs; polled every 2 seconds while one is still open, so its progress moves
 * on screen, and the queue is refreshed when it finishes.
 */
export function useScreeningRuns() {
  const client = useQueryClient();
  return useQuery({
    queryKey: RUNS,
    queryFn: async () => {
      const before = client.getQueryData<ScreeningRun[]>(RUNS);
      const runs = await api<{ data: ScreeningRun[] }>('/api/screening/runs').then((r) => r.data);
      const finished = runs.some((run) => run.status === 'done' && before?.some((b) => b.id === run.id && b.status !== 'done'));
      if (finished) void client.invalidateQueries({ queryKey: [...MATCHES] });
      return runs;
    },
    refetchInterval: (query) => (query.state.data?.some((run) => run.status !== 'done') ? 2000 : false),
  });
}

/** The queue, filtered by status; a hundred at a time, highest score first. */
export function useScreeningMatches(status: string) {
  return useQuery({
    queryKey: [...MATCHES, status],
    queryFn: () =>
      api<{ data: ScreeningMatch[]; meta: { total: number } }>(
        `/api/screening/matches?per_page=100&sort=-score${status ? `&filter[status]=${status}` : ''}`,
      ),
  });
}

/** Every screening write refreshes the lists, the runs and the queue: an upload queues a run that screens everyone again. */
function useScreeningAction<Input, Output>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => Promise.all([LISTS, RUNS, MATCHES].map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}

export const useUploadScreeningList = () =>
  useScreeningAction(({ kind, file }: { kind: ScreeningListKind; file: File }) => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', file);
    return api<{ data: ScreeningUploadResult }>('/api/screening/lists', { method: 'POST', body: form }).then((r) => r.data);
  });

export const useDecideScreeningMatch = () =>
  useScreeningAction(({ id, body }: { id: number; body: DecideScreeningMatchInput }) =>
    api<{ data: ScreeningMatch }>(`/api/screening/matches/${id}/decisions`, { method: 'POST', body }),
  );
