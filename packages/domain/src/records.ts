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
  // The firm's document library (decision 0064): publishing to investors, like updates.
  library: 'update_reports',
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
/**
 * Where a document came from, kept on it (decision 0051): filed by staff on a record, uploaded by
 * an investor to prove their identity, a portfolio statement the platform made, an investor's
 * supporting document for an organisation application, or a file attached to a "Contact us" message.
 */
export const DOCUMENT_ORIGINS = ['staff', 'identity', 'statement', 'application', 'support'] as const;
export type DocumentOrigin = (typeof DOCUMENT_ORIGINS)[number];
/**
 * The kinds `type=` names on document lists: staff's `record` documents, the investor's
 * `onboarding` documents (filed by staff in their Onboarding documents folder), the documents
 * of each other origin (`support`: files sent with a "Contact us" message), and `cloud`: the
 * firm's document library (decision 0064).
 */
export const DOCUMENT_KINDS = ['record', 'onboarding', 'identity', 'statement', 'application', 'cloud', 'support'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/**
 * The kinds of the documents an investor may read on their own list: their record's public ones
 * (identity and application documents are private) and the library's published to them.
 */
export const MY_DOCUMENT_KINDS = ['record', 'onboarding', 'statement', 'cloud'] as const satisfies readonly DocumentKind[];
export const DOCUMENT_VISIBILITY_LABELS: Record<DocumentVisibility, string> = { public: 'Visible to the investor', private: 'Staff only' };

/** The largest document an upload may carry. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/**
 * The firm's document library (decision 0064) is one record of subject type `library`: its folders
 * and documents are the records module's, filed on this subject id.
 */
export const LIBRARY_ID = 1;
