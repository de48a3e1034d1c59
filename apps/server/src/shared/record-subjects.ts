import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import {
  can,
  isRecordSubjectType,
  RECORD_SUBJECTS,
  RECORD_SUBJECT_TYPES,
  Role,
  type Action,
  type RecordSubjectType,
} from '@platform/domain';
import type { Db } from '../db/client';
import { fundInvestments, funds, pipelineDeals, users } from '../db/schema';
import { AppError, forbidden, validationError } from '../platform/errors';
import { idInput } from '@platform/domain';
import { authorizeAny, requireUser, type Grant } from '../platform/guards';
import type { UserRow } from '../platform/session';

/**
 * The business records notes, tasks and documents can be attached to. Each subject type says how to
 * tell whether a live record of that type exists; a type no module has registered yet takes no
 * attachments (422 on subject_type) — its area ships its own registration with its routes.
 */
export type SubjectExists = (db: Db, id: number) => Promise<boolean>;

const registry = new Map<RecordSubjectType, SubjectExists>();

/** Called by an area's module (organisations, nominees…) to let records be attached to its rows. */
export function registerSubject(type: RecordSubjectType, exists: SubjectExists): void {
  registry.set(type, exists);
}

const found = (rows: unknown[]) => rows.length > 0;

registerSubject('investor', async (db, id) =>
  found(
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.roleId, Role.User), isNull(users.deletedAt))),
  ),
);
registerSubject('pipeline_deal', async (db, id) =>
  found(
    await db
      .select({ id: pipelineDeals.id })
      .from(pipelineDeals)
      .where(and(eq(pipelineDeals.id, id), isNull(pipelineDeals.deletedAt))),
  ),
);
registerSubject('fund', async (db, id) =>
  found(
    await db
      .select({ id: funds.id })
      .from(funds)
      .where(and(eq(funds.id, id), isNull(funds.deletedAt))),
  ),
);
registerSubject('company', async (db, id) =>
  found(
    await db
      .select({ id: fundInvestments.id })
      .from(fundInvestments)
      .where(and(eq(fundInvestments.id, id), isNull(fundInvestments.deletedAt))),
  ),
);

export interface Subject {
  type: RecordSubjectType;
  id: number;
}

/**
 * A check on one record of a subject type beyond the area's permission: some roles may not see
 * a kind of record on some rows (the Investment Manager and the notes of existing investments).
 * `kind` is the record kind's name ('note', 'call_log', 'task', 'folder', 'document').
 */
export type SubjectGuard = (db: Db, user: UserRow, subjectId: number, kind: string) => Promise<void>;
const guards = new Map<RecordSubjectType, SubjectGuard>();

export function registerSubjectGuard(type: RecordSubjectType, guard: SubjectGuard): void {
  guards.set(type, guard);
}

/** Runs the subject type's guard, if it has one, for a record kind on one subject. */
export async function guardSubjectRecord(db: Db, request: FastifyRequest, subject: Subject, kind: string): Promise<void> {
  await guards.get(subject.type)?.(db, requireUser(request), subject.id, kind);
}

const RECORD_EVENTS = [...new Set(Object.values(RECORD_SUBJECTS))];

/**
 * The guard of every record route: a role that may do the action on the records of some subject
 * type. The handler checks the subject's own area once it knows the subject (authorizeSubject).
 */
export const authorizeRecords = (action: Action) => authorizeAny(...RECORD_EVENTS.map((event): Grant => [event, action]));

/**
 * Whoever attaches to or reads the records of a subject needs the subject area's permission for the
 * action (reading the notes of a deal is reading the deal).
 */
export function authorizeSubject(request: FastifyRequest, type: RecordSubjectType, action: Action): void {
  const user = requireUser(request);
  if (!can(user.roleId, RECORD_SUBJECTS[type], action)) throw forbidden();
}

/** Subject types whose records the signed-in user may list, for lists across subjects (my tasks). */
export function listableSubjectTypes(request: FastifyRequest): RecordSubjectType[] {
  const user = requireUser(request);
  return RECORD_SUBJECT_TYPES.filter((type) => can(user.roleId, RECORD_SUBJECTS[type], 'index'));
}

/**
 * The subject of a create form: an attachable type (422), the caller's permission on it (403),
 * then a live record of that type (422) — checked only once the caller may know it exists.
 */
export async function parseSubject(db: Db, request: FastifyRequest, fields: Record<string, unknown>, action: Action): Promise<Subject> {
  const type = fields.subject_type;
  if (!isRecordSubjectType(type) || !registry.has(type)) {
    throw validationError({ subject_type: [`Choose what this belongs to: one of ${[...registry.keys()].join(', ')}.`] });
  }
  authorizeSubject(request, type, action);
  const id = idInput('record').safeParse(fields.subject_id);
  if (!id.success || !(await registry.get(type)!(db, id.data)))
    throw validationError({ subject_id: ['The record this belongs to could not be found.'] });
  return { type, id: id.data };
}

function single(raw: Record<string, unknown>, key: string): string | undefined {
  const value = raw[key];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw new AppError('bad_request', `The parameter '${key}' may be given only once.`);
  return String(value);
}

/**
 * `filter[subject_type]` and `filter[subject_id]` of a list: both or neither (400 otherwise, and
 * 400 when `required` and absent). Any known subject type may be listed, registered or not.
 */
export function readSubjectFilter(raw: Record<string, unknown>, required: true): Subject;
export function readSubjectFilter(raw: Record<string, unknown>, required: boolean): Subject | null;
export function readSubjectFilter(raw: Record<string, unknown>, required: boolean): Subject | null {
  const type = single(raw, 'filter[subject_type]');
  const id = single(raw, 'filter[subject_id]');
  if (type === undefined && id === undefined && !required) return null;
  if (type === undefined || id === undefined)
    throw new AppError('bad_request', 'filter[subject_type] and filter[subject_id] are required: name the record whose entries to list.');
  if (!isRecordSubjectType(type))
    throw new AppError('bad_request', `filter[subject_type] must be one of ${RECORD_SUBJECT_TYPES.join(', ')}.`);
  const number = Number(id);
  if (!Number.isInteger(number) || number < 1) throw new AppError('bad_request', 'filter[subject_id] must be an id.');
  return { type, id: number };
}
