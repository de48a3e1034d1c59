import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pipeline as PipelineRecord, PipelineStage } from '@platform/domain';
import { api, type Page } from '../../../app/api-client';

export type Stage = PipelineStage;
/** A pipeline as these screens ask for it: always with its stages. */
export type Pipeline = Required<PipelineRecord>;

/** Everything under 'pipelines' (the deal board reads stages too, so it refreshes with them). */
export const pipelineKeys = {
  all: ['pipelines'] as const,
  list: ['pipelines', 'list'] as const,
  one: (id: number) => ['pipelines', 'one', id] as const,
};

/** Every pipeline with its stages: a tenant has a handful, so one page of 100 holds them all. */
export function usePipelines() {
  return useQuery({
    queryKey: pipelineKeys.list,
    queryFn: () => api<Page<Pipeline>>('/api/pipelines', { query: { include: 'stages', per_page: 100, sort: 'name' } }).then((r) => r.data),
  });
}

export function usePipeline(id: number) {
  return useQuery({ queryKey: pipelineKeys.one(id), queryFn: () => api<{ data: Pipeline }>(`/api/pipelines/${id}`).then((r) => r.data) });
}

/** A write to pipelines or stages refreshes every view of them, and the deal boards that show them. */
export function usePipelineAction<Input, Output = unknown>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: pipelineKeys.all }), client.invalidateQueries({ queryKey: ['pipeline-deals'] })]),
  });
}

export const createPipeline = (input: { name: string; stages?: string[] }) =>
  api<{ data: Pipeline }>('/api/pipelines', { method: 'POST', body: input });
export const renamePipeline = (id: number, name: string) =>
  api<{ data: Pipeline }>(`/api/pipelines/${id}`, { method: 'PATCH', body: { name } });
export const deletePipeline = (id: number) => api<void>(`/api/pipelines/${id}`, { method: 'DELETE' });

export const createStage = (pipelineId: number, name: string) =>
  api<{ data: Stage }>('/api/pipeline-stages', { method: 'POST', body: { pipeline_id: pipelineId, name } });
export const renameStage = (id: number, name: string) =>
  api<{ data: Stage }>(`/api/pipeline-stages/${id}`, { method: 'PATCH', body: { name } });
export const reorderStages = (pipelineId: number, stageIds: number[]) =>
  api<{ data: Stage[] }>('/api/pipeline-stages/reorder', { method: 'POST', body: { pipeline_id: pipelineId, stage_ids: stageIds } });
export const deleteStage = (id: number, targetStageId?: number) =>
  api<void>(`/api/pipeline-stages/${id}`, { method: 'DELETE', query: { target_stage_id: targetStageId } });
