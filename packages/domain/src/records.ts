import type { PermissionEvent } from './permissions';
import type { DOCUMENT_VISIBILITIES } from './statuses';

/**
 * Records staff attach to any business record (notes, call logs, tasks, folders, documents) and
 * the activity view of a record. Whoever may see a record may see what is attached to it: each
 * subject type answers to the permission event of the area it belongs to.
 */
export const RECORD_SUBJECTS = {
  investor: 'investors',
  contact: 'investors',
  organisation: 'investors',
  investment_method: 'investors',
  nominee: 'investors',
  pipeline_deal: 'deals',
  opportunity: 'live_opportunities',
  company: 'fund_opportunities',
  fund: 'funds',
  update_report: 'update_reports',
} as const satisfies Record<string, PermissionEvent>;

export type RecordSubjectType = keyof typeof RECORD_SUBJECTS;
export const RECORD_SUBJECT_TYPES = Object.keys(RECORD_SUBJECTS) as RecordSubjectType[];

export function isRecordSubjectType(value: unknown): value is RecordSubjectType {
  return typeof value === 'string' && Object.hasOwn(RECORD_SUBJECTS, value);
}

export const TASK_STATUSES = ['open', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { open: 'Open', done: 'Done' };

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
export const CALL_DIRECTION_LABELS: Record<CallDirection, string> = { inbound: 'Inbound', outbound: 'Outbound' };

/** Public documents of an investor appear in their portal; private ones are for staff only (values: statuses.ts). */
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];
export const DOCUMENT_VISIBILITY_LABELS: Record<DocumentVisibility, string> = { public: 'Visible to the investor', private: 'Staff only' };

/** The largest document an upload may carry. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
