import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  OPPORTUNITY_STATUS_LABELS,
  type ClientFlags,
  type LatestActivity,
  type OpportunityStatusId,
  type RecordSubjectType,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { activityLog, pipelineStages, users } from '../../db/schema';
import { loggedTypesFor, subjectTypeOf, visibleSubjects, type SubjectName } from './subjects';

/**
 * The dashboard's latest activity (docs/decisions/0030): the newest changes to business records the
 * role may open, each as a sentence linked to its record. Entries about settings, about records
 * since deleted, or about records in areas the role may not see (an investor's account for a role
 * without the investors area) are left out, so the newest entries are read in batches until enough remain.
 */

const VERBS: Record<string, string> = {
  created: 'created',
  updated: 'updated',
  moved: 'moved',
  status_changed: 'changed the status of',
  published: 'published',
  promoted: 'promoted',
  cloned: 'cloned',
  invited: 'invited',
  converted: 'converted',
  imported: 'imported',
  approved: 'approved',
  rejected: 'rejected',
  registered: 'registered',
  attributes_updated: 'updated the details of',
  image_added: 'added a picture to',
  images_reordered: 'reordered the pictures of',
  note_created: 'added a note to',
  note_updated: 'edited a note on',
  call_log_created: 'logged a call with',
  task_created: 'added a task to',
  task_updated: 'updated a task on',
  document_created: 'added a document to',
  folder_created: 'added a folder to',
  sent_invitation: 'sent an invitation to',
  question_answered: 'answered a question on',
  category_recorded: 'recorded the category of',
  pdf_signed: 'signed a document for',
  kpi_value_added: 'added a KPI value to',
  kpi_value_changed: 'changed a KPI value of',
};

/** The actions the feed tells of: changes people make to records, not sign-ins, views or exports. */
const SHOWN_ACTIONS = Object.keys(VERBS);

const BATCH = 100;
const BATCHES = 5;

interface LogRow {
  id: number;
  action: string;
  subjectType: string;
  subjectId: string | null;
  after: unknown;
  actorId: number | null;
  actorName: string | null;
  createdAt: Date;
}

export async function latestActivity(db: Db, roleId: number, flags: ClientFlags, limit: number): Promise<LatestActivity[]> {
  const types = loggedTypesFor(roleId, flags);
  const entries: LatestActivity[] = [];
  if (!types.length) return entries;
  let before: LogRow | undefined;
  for (let batch = 0; batch < BATCHES && entries.length < limit; batch++) {
    const rows: LogRow[] = await db
      .select({
        id: activityLog.id,
        action: activityLog.action,
        subjectType: activityLog.subjectType,
        subjectId: activityLog.subjectId,
        after: activityLog.after,
        actorId: activityLog.actorId,
        actorName: users.name,
        createdAt: activityLog.createdAt,
      })
      .from(activityLog)
      .leftJoin(users, eq(users.id, activityLog.actorId))
      .where(
        and(
          inArray(activityLog.subjectType, types),
          inArray(activityLog.action, SHOWN_ACTIONS),
          before && sql`(${activityLog.createdAt}, ${activityLog.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id})`,
        ),
      )
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(BATCH);
    if (!rows.length) break;
    before = rows[rows.length - 1];
    const subjects = await subjectsOf(db, roleId, flags, rows);
    const stages = await stageNames(db, rows);
    for (const row of rows) {
      const type = subjectTypeOf(row.subjectType)!;
      const subject = subjects.get(`${type}:${row.subjectId}`);
      if (!subject || entries.length >= limit) continue;
      entries.push({
        id: row.id,
        action: row.action,
        actor: row.actorId == null ? null : { id: row.actorId, name: row.actorName ?? 'A former user' },
        verb: VERBS[row.action],
        subject: { type, id: Number(row.subjectId), name: subject.name, href: subject.href },
        detail: detailOf(row, stages),
        created_at: row.createdAt.toISOString(),
      });
    }
  }
  return entries;
}

const numericId = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

async function subjectsOf(db: Db, roleId: number, flags: ClientFlags, rows: LogRow[]): Promise<Map<string, SubjectName>> {
  const byType = new Map<RecordSubjectType, Set<number>>();
  for (const row of rows) {
    const type = subjectTypeOf(row.subjectType);
    const id = numericId(row.subjectId);
    if (type && id !== null) byType.set(type, (byType.get(type) ?? new Set()).add(id));
  }
  const found = new Map<string, SubjectName>();
  for (const [type, ids] of byType) {
    for (const [id, subject] of await visibleSubjects(db, roleId, flags, type, [...ids])) found.set(`${type}:${id}`, subject);
  }
  return found;
}

const afterField = (row: LogRow, field: string) => (row.after as Record<string, unknown> | null)?.[field];

async function stageNames(db: Db, rows: LogRow[]): Promise<Map<number, string>> {
  const ids = rows.filter((row) => row.action === 'moved').map((row) => afterField(row, 'stage_id'));
  const stageIds = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (!stageIds.length) return new Map();
  const stages = await db
    .select({ id: pipelineStages.id, name: pipelineStages.name })
    .from(pipelineStages)
    .where(inArray(pipelineStages.id, stageIds));
  return new Map(stages.map((stage) => [stage.id, stage.name]));
}

/** "to Due diligence" after a deal's move or an opportunity's new status. */
function detailOf(row: LogRow, stages: Map<number, string>): string | null {
  if (row.action === 'moved') {
    const stage = stages.get(afterField(row, 'stage_id') as number);
    return stage ? `to ${stage}` : null;
  }
  if (row.action === 'status_changed' && row.subjectType === 'opportunity') {
    const label = OPPORTUNITY_STATUS_LABELS[afterField(row, 'status') as OpportunityStatusId];
    return label ? `to ${label}` : null;
  }
  return null;
}
