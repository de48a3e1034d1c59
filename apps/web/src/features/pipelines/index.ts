// What other features may use of pipelines; everything else in this folder is its own.
export { usePipelines } from './api/pipelines';
export type { Pipeline } from './api/pipelines';
