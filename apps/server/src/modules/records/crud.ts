import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type ListSpec, listQuery } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { paginate, parseListQuery, type ListResource } from '../../platform/list-query';
import { namesById, type Named } from '../../platform/lookup';
import { registerResource } from '../../platform/resource';
import {
  authorizeRecords,
  authorizeSubject,
  guardSubjectRecord,
  listableSubjectTypes,
  parseSubject,
  readSubjectFilter,
  type Subject,
} from '../../shared/record-subjects';

/**
 * The routes every kind of record attached to a subject shares (notes, call logs, tasks, folders,
 * documents): list by subject, show, create, update, soft delete. Permission follows the subject
 * (shared/record-subjects.ts); every write runs in a transaction and lands in the subject's
 * activity log as `<kind>_created|updated|deleted`, so a record's history shows what was attached
 * to it.
 */
export type RecordTable = PgTable & {
  id: PgColumn;
  subjectType: PgColumn;
  subjectId: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  deletedAt: PgColumn;
};

export interface RecordRow {
  id: number;
  subjectType: string;
  subjectId: number;
  deletedAt: Date | null;
}

export interface WriteContext {
  request: FastifyRequest;
  userId: number;
  now: Date;
}

export interface RecordKind<
  Row extends RecordRow,
  Item extends z.ZodType<object, object> = z.ZodType<object, object>,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
> {
  /** Singular, in messages and activity actions: 'call_log' → call_log_created. */
  name: string;
  /** The collection's URL, e.g. /api/call-logs. */
  path: string;
  table: RecordTable;
  /** The response schema of one record, from the contract. */
  item: Item;
  /** What the list may be asked for (the contract's list spec). */
  spec: ListSpec;
  /** Sorts and filters of the list besides the subject, which every list takes. */
  list: Omit<ListResource, 'filters'> & { filters?: ListResource['filters'] };
  /** Lists without a subject span every subject the caller may index (a person's tasks). */
  listsAcrossSubjects?: boolean;
  present(db: Db, rows: Row[]): Promise<z.input<Item>[]>;
  /** Absent when the kind has its own create route (documents arrive as uploads). */
  create?: { body: Create; run(tx: Db, subject: Subject, input: z.output<Create>, write: WriteContext): Promise<Row> };
  update: { body: Update; run(tx: Db, row: Row, input: z.output<Update>, write: WriteContext): Promise<Row> };
  /** Refuses a delete that would lose something (a folder that still holds documents). */
  beforeDelete?(tx: Db, row: Row): Promise<void>;
}

/** The people a page of records names (authors, assignees), one query for the page. */
export async function peopleById(db: Db, ids: ReadonlyArray<number | null>): Promise<Map<number, Named>> {
  return namesById(db, users, ids);
}

export const person = (people: Map<number, Named>, id: number | null): Named | null => (id == null ? null : (people.get(id) ?? null));

export async function findLiveRecord<Row extends RecordRow>(
  db: Db,
  kind: Pick<RecordKind<Row>, 'table'>,
  id: number,
): Promise<Row | undefined> {
  const [row] = (await db
    .select()
    .from(kind.table as PgTable)
    .where(and(eq(kind.table.id, id), isNull(kind.table.deletedAt)))) as unknown as Row[];
  return row;
}

/** Reads a live record and checks the caller's permission on its subject. */
export async function loadRecordFor<Row extends RecordRow>(
  db: Db,
  kind: Pick<RecordKind<Row>, 'table' | 'name'>,
  request: FastifyRequest,
  id: number,
  action: 'show' | 'update' | 'delete',
): Promise<Row> {
  const row = await findLiveRecord(db, kind, id);
  if (!row) throw notFound(kind.name.replace('_', ' '));
  authorizeSubject(request, row.subjectType as Subject['type'], action);
  await guardSubjectRecord(db, request, { type: row.subjectType as Subject['type'], id: row.subjectId }, kind.name);
  return row;
}

export async function presentOne<Row extends RecordRow, Item extends z.ZodType<object, object>>(
  db: Db,
  kind: Pick<RecordKind<Row, Item>, 'present'>,
  row: Row,
): Promise<z.input<Item>> {
  const [presented] = await kind.present(db, [row]);
  return presented;
}

export function logRecordChange<Row extends RecordRow>(
  tx: Db,
  kind: Pick<RecordKind<Row>, 'name'>,
  by: FastifyRequest | { actorId: number | null },
  verb: string,
  row: Row,
  before: object | null,
  after: object | null,
) {
  return recordActivity(tx, {
    ...('actorId' in by ? { actorId: by.actorId } : { request: by }),
    action: `${kind.name}_${verb}`,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    before,
    after,
  });
}

export function registerRecordKind<
  Row extends RecordRow,
  Item extends z.ZodType<object, object>,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(app: App, { db, clock }: AppContext, kind: RecordKind<Row, Item, Create, Update>) {
  const t = kind.table;
  const resource: ListResource = {
    ...kind.list,
    // The subject is read (and authorised) before the rest of the query; these only let it through.
    filters: { subject_type: () => undefined, subject_id: () => undefined, ...kind.list.filters },
  };
  const { create, update } = kind;
  const writeOf = (request: FastifyRequest): WriteContext => ({ request, userId: requireUser(request).id, now: clock.now() });

  registerResource(app, {
    path: kind.path,
    item: kind.item,
    guard: (action) => authorizeRecords(action),
    list: {
      query: listQuery(kind.spec),
      paged: true,
      async run(request, raw) {
        const subject = readSubjectFilter(raw, !kind.listsAcrossSubjects);
        let scope: SQL | undefined;
        if (subject) {
          authorizeSubject(request, subject.type, 'index');
          await guardSubjectRecord(db, request, subject, kind.name);
          scope = and(eq(t.subjectType, subject.type), eq(t.subjectId, subject.id));
        } else {
          scope = inArray(t.subjectType, listableSubjectTypes(request));
        }
        const query = parseListQuery(raw, resource);
        query.orderBy.push(asc(t.id));
        const where = and(isNull(t.deletedAt), scope, query.where);
        return paginate<Row, z.input<Item>>(
          db
            .select()
            .from(t as PgTable)
            .where(where)
            .$dynamic(),
          db
            .select({ total: count() })
            .from(t as PgTable)
            .where(where)
            .$dynamic(),
          query,
          request,
          (rows) => kind.present(db, rows),
        );
      },
    },
    show: { run: async (request, id) => presentOne(db, kind, await loadRecordFor<Row>(db, kind, request, id, 'show')) },
    create: create && {
      body: create.body,
      async run(request, input) {
        const { subject_type, subject_id } = input as { subject_type?: unknown; subject_id?: unknown };
        const subject = await parseSubject(db, request, { subject_type, subject_id }, 'create');
        await guardSubjectRecord(db, request, subject, kind.name);
        const write = writeOf(request);
        return db.transaction(async (tx) => {
          const row = await create.run(tx, subject, input, write);
          const presented = await presentOne(tx, kind, row);
          await logRecordChange(tx, kind, request, 'created', row, null, presented);
          return presented;
        });
      },
    },
    update: {
      body: update.body,
      async run(request, id, input) {
        const before = await loadRecordFor<Row>(db, kind, request, id, 'update');
        const write = writeOf(request);
        return db.transaction(async (tx) => {
          const row = await update.run(tx, before, input, write);
          const presented = await presentOne(tx, kind, row);
          await logRecordChange(tx, kind, request, 'updated', row, await presentOne(tx, kind, before), presented);
          return presented;
        });
      },
    },
    remove: {
      async run(request, id) {
        const row = await loadRecordFor<Row>(db, kind, request, id, 'delete');
        await db.transaction(async (tx) => {
          await kind.beforeDelete?.(tx, row);
          const [deleted] = await tx
            .update(t)
            // Every record table has these columns; the generic table type cannot say so.
            .set({ deletedAt: clock.now(), updatedAt: clock.now() } as never)
            .where(and(eq(t.id, row.id), isNull(t.deletedAt)))
            .returning({ id: t.id });
          // Deleted by someone else while this request read it.
          if (!deleted) throw notFound(kind.name.replace('_', ' '));
          await logRecordChange(tx, kind, request, 'deleted', row, await presentOne(tx, kind, row), null);
        });
      },
    },
  });
}
