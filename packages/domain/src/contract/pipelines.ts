import { z } from 'zod';
import type { ListSpec } from './common';
import { idInput, requiredText } from './fields';

/** A stage of a pipeline, with the number of live deals it holds. */
export const pipelineStageSchema = z.object({
  id: z.number().int(),
  pipeline_id: z.number().int(),
  name: z.string(),
  position: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deals_count: z.number().int(),
});
export type PipelineStage = z.infer<typeof pipelineStageSchema>;

/** A pipeline; `stages` (in order) with `include=stages`, and always on a single pipeline. */
export const pipelineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  stages: z.array(pipelineStageSchema).optional(),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

export const PIPELINES_LIST = {
  name: 'pipelines',
  filters: ['search'],
  sorts: ['id', 'name', 'created_at'],
  includes: ['stages'],
  fields: ['name', 'created_at', 'updated_at', 'stages'],
} as const satisfies ListSpec;

export const PIPELINE_STAGES_LIST = {
  name: 'pipeline_stages',
  filters: ['pipeline_id'],
  sorts: ['position', 'name', 'created_at'],
} as const satisfies ListSpec;

const pipelineName = requiredText(120, 'Enter a name for the pipeline.');
export const createPipelineBody = z.strictObject({
  name: pipelineName,
  stages: z.array(requiredText(120, 'Enter a name for each stage.')).max(30, 'A pipeline has at most 30 stages.').optional(),
});
export const renamePipelineBody = z.strictObject({ name: pipelineName });

const stageName = requiredText(120, 'Enter a name for the stage.');
export const createStageBody = z.strictObject({
  pipeline_id: idInput('pipeline'),
  name: stageName,
  position: z.coerce.number().int('Enter a whole number.').min(0, 'Enter 0 or more.').optional(),
});
export const renameStageBody = z.strictObject({ name: stageName });
export const reorderStagesBody = z.strictObject({
  pipeline_id: idInput('pipeline'),
  stage_ids: z
    .array(idInput('stage'), { message: 'List the stage ids in their new order.' })
    .min(1, 'List the stage ids in their new order.'),
});
/** Deleting a stage that holds deals names where they go, in the body or as `?target_stage_id=`. */
export const deleteStageBody = z.strictObject({ target_stage_id: idInput('stage').optional() });
