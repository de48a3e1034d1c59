import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { can, HOLDER_PERMISSION_EVENT, type Action, type RecordSubjectType, type StaffInvestment } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { investments } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { exportFormat, sendExport, type ExportColumn } from '../../platform/export';
import { parseFields, readFormFields } from '../../platform/form';
import { authorizeAny, behindFeature, requireUser } from '../../platform/guards';
import { idParams } from '@platform/domain';
import { paginate, parseListQuery, type ListResource, type Page } from '../../platform/list-query';
import { INVESTMENTS_RESOURCE } from '../investments';
import { presentInvestmentsWith, type InvestmentRow } from '../investments';
import { purgeRecordsOf } from '../records';
import { registerSubject } from '../../shared/record-subjects';
import { parseIncludes } from '../../shared/user-presenter';

/**
 * The staff routes organisations, investment methods and nominees share (spec §2.2): list, export,
 * details, create, edit, soft delete (`delete`), hard delete (`?permanent=1`, `delete_unsafe`), and
 * the investments held through the holder (its Transactions tab). Permission event 'investors'
 * (decision 0012). A holder that holds investments is never deleted: 409 says why. Organisations
 * declare their routes from the contract with `registerResource`, and use the delete and the
 * Transactions tab from here; investment methods and nominees are registered whole.
 */
export type HolderTable = PgTable & { id: PgColumn; name: PgColumn; createdAt: PgColumn; updatedAt: PgColumn; deletedAt: PgColumn };

export interface HolderRow {
  id: number;
  name: string;
  deletedAt: Date | null;
}

export interface HolderResource<Row extends HolderRow, Input extends object, ExportRow extends { id: number }> {
  /** Record subject type and activity subject: 'organisation', 'investment_method', 'nominee'. */
  subject: RecordSubjectType;
  /** In messages: 'organisation'. */
  label: string;
  /** Collection URL, e.g. /api/organisations. */
  path: string;
  table: HolderTable;
  list: ListResource;
  includes: readonly string[];
  createSchema: z.ZodType<Input>;
  updateSchema: z.ZodType<Partial<Input>>;
  /** Form input (API names) → table columns. */
  columns(input: Partial<Input>): Record<string, unknown>;
  present(db: Db, rows: Row[], includes: ReadonlySet<string>): Promise<object[]>;
  /** The investments held through one holder, or through any of a set of holders (a subquery). */
  heldBy(id: number): SQL;
  exportColumns: ReadonlyArray<ExportColumn<ExportRow>>;
  exportRows(db: Db, ids: number[]): Promise<ExportRow[]>;
  /** Rows that exist only for the holder (links, accounts), removed with it on a hard delete. */
  purge?(tx: Db, id: number): Promise<void>;
  /** A feature switch: off, every route answers 404 (after authentication). */
  enabled?(db: Db): Promise<boolean>;
}

const deleteQuery = z.strictObject({ permanent: z.enum(['0', '1']).optional() });

/** Authentication (401), the feature switch (404), then the permission table (403): any one of the actions. */
export function holderGuard(db: Db, resource: { enabled?(db: Db): Promise<boolean>; label: string }, ...actions: Action[]) {
  const permission = authorizeAny(...actions.map((action) => [HOLDER_PERMISSION_EVENT, action] as const));
  const { enabled } = resource;
  if (!enabled) return permission;
  return behindFeature(async () => {
    if (!(await enabled(db))) throw new AppError('not_found', `The ${resource.label} could not be found.`);
  }, permission);
}

/** Investments that still count against deleting a holder: every row not itself deleted. */
async function investmentsHeld(db: Db, where: SQL): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(investments).where(where);
  return Number(total);
}

/** What deleting a holder needs to know of it. */
export type DeletableHolder = Pick<HolderResource<HolderRow, object, { id: number }>, 'subject' | 'label' | 'table' | 'heldBy' | 'purge'>;

/**
 * Soft delete hides the holder; `permanent` (delete_unsafe: Support) removes it and what exists
 * only for it (its notes, calls, tasks and documents with their files included), also after a soft
 * delete. Either way, investments held through it forbid it: a soft-deleted holder would leave live
 * investments naming a holder no one can open.
 */
export async function deleteHolder(
  { db, clock, storage }: Pick<AppContext, 'db' | 'clock' | 'storage'>,
  holder: DeletableHolder,
  request: FastifyRequest,
  id: number,
  permanent: boolean,
): Promise<void> {
  const { table, label } = holder;
  if (!can(requireUser(request).roleId, HOLDER_PERMISSION_EVENT, permanent ? 'delete_unsafe' : 'delete')) throw forbidden();
  const [found] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(permanent ? eq(table.id, id) : and(eq(table.id, id), isNull(table.deletedAt)));
  if (!found) throw notFound(label);
  const files = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id))
      .for('update');
    const held = await investmentsHeld(tx, permanent ? holder.heldBy(id) : and(holder.heldBy(id), isNull(investments.deletedAt))!);
    if (held > 0) {
      throw new AppError(
        'conflict',
        `This ${label} holds ${held} ${held === 1 ? 'investment' : 'investments'}${permanent ? ' (cancelled or deleted ones included)' : ''}, so it cannot be deleted. Move or remove them first.`,
      );
    }
    if (permanent) {
      await holder.purge?.(tx, id);
      const removed = await purgeRecordsOf(tx, { type: holder.subject, id });
      await tx.delete(table).where(eq(table.id, id));
      await recordActivity(tx, { request, action: 'deleted_permanently', subjectType: holder.subject, subjectId: id, before });
      return removed;
    }
    const [after] = await tx
      .update(table)
      .set({ deletedAt: clock.now(), updatedAt: clock.now() } as never)
      .where(eq(table.id, id))
      .returning();
    await recordActivity(tx, { request, action: 'deleted', subjectType: holder.subject, subjectId: id, before, after });
    return [];
  });
  await storage.remove(files);
}

/** The Transactions tab: a page of the investments held through a holder, with the investor and the opportunity. */
export async function heldInvestmentsPage(
  db: Db,
  request: FastifyRequest,
  heldBy: SQL,
  rawQuery: Record<string, unknown>,
): Promise<Page<StaffInvestment>> {
  const query = parseListQuery(rawQuery, INVESTMENTS_RESOURCE);
  query.orderBy.push(asc(investments.id));
  const where = and(isNull(investments.deletedAt), heldBy, query.where);
  return paginate<InvestmentRow, StaffInvestment>(
    db.select(getTableColumns(investments)).from(investments).where(where).$dynamic(),
    db.select({ total: count() }).from(investments).where(where).$dynamic(),
    query,
    request,
    (rows) => presentInvestmentsWith(db, rows, query.includes),
  );
}

export function registerHolderResource<Row extends HolderRow, Input extends object, ExportRow extends { id: number }>(
  app: FastifyInstance,
  { db, clock, storage }: AppContext,
  resource: HolderResource<Row, Input, ExportRow>,
) {
  const { table, path, label } = resource;
  const guard = (...actions: Action[]) => holderGuard(db, resource, ...actions);
  const live = (where?: SQL) => and(isNull(table.deletedAt), where);

  registerSubject(
    resource.subject,
    async (tx, id) =>
      (
        await tx
          .select({ id: table.id })
          .from(table as PgTable)
          .where(live(eq(table.id, id)))
      ).length > 0,
  );

  async function find(id: number): Promise<Row> {
    const [row] = (await db
      .select()
      .from(table as PgTable)
      .where(live(eq(table.id, id)))) as unknown as Row[];
    if (!row) throw notFound(label);
    return row;
  }

  async function lock(tx: Db, id: number): Promise<Row> {
    const [row] = (await tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id))
      .for('update')) as unknown as Row[];
    return row;
  }

  async function present(row: Row, request: FastifyRequest) {
    const includes = parseIncludes((request.query as { include?: string }).include, resource.includes);
    return { data: (await resource.present(db, [row], includes))[0] };
  }

  app.get(path, { onRequest: guard('index') }, async (request) => {
    const query = parseListQuery(request.query as Record<string, unknown>, resource.list);
    query.orderBy.push(asc(table.id));
    const where = live(query.where);
    return paginate<Row, object>(
      db
        .select()
        .from(table as PgTable)
        .where(where)
        .$dynamic(),
      db
        .select({ total: count() })
        .from(table as PgTable)
        .where(where)
        .$dynamic(),
      query,
      request,
      (rows) => resource.present(db, rows, query.includes),
    );
  });

  const exportResource: ListResource = { ...resource.list, params: ['format'] };
  app.get(`${path}/export`, { onRequest: guard('index') }, async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const query = parseListQuery(raw, exportResource);
    const format = exportFormat(raw);
    return sendExport(request, reply, format, {
      filename: path.slice('/api/'.length),
      sheet: `${label.charAt(0).toUpperCase() + label.slice(1)}s`,
      columns: resource.exportColumns,
      orderedIds: async () =>
        (
          (await db
            .select({ id: table.id })
            .from(table as PgTable)
            .where(live(query.where))
            .orderBy(...query.orderBy, asc(table.id))) as Array<{ id: number }>
        ).map((r) => r.id),
      loadBatch: (ids) => resource.exportRows(db, ids),
    });
  });

  app.get(`${path}/:id`, { schema: { params: idParams }, onRequest: guard('show') }, async (request) =>
    present(await find(idParams.parse(request.params).id), request),
  );

  app.post(path, { onRequest: guard('create') }, async (request, reply) => {
    const input = parseFields(resource.createSchema, await readFormFields(request));
    const created = await db.transaction(async (tx) => {
      const [row] = (await tx
        .insert(table)
        .values(resource.columns(input) as never)
        .returning()) as unknown as Row[];
      await recordActivity(tx, { request, action: 'created', subjectType: resource.subject, subjectId: row.id, after: row });
      return row;
    });
    return reply.status(201).send(await present(created, request));
  });

  const update = async (request: FastifyRequest) => {
    const { id } = idParams.parse(request.params);
    const input = parseFields(resource.updateSchema, await readFormFields(request));
    await find(id);
    const updated = await db.transaction(async (tx) => {
      const before = await lock(tx, id);
      if (before.deletedAt) throw notFound(label);
      const [row] = (await tx
        .update(table)
        .set({ ...resource.columns(input), updatedAt: clock.now() } as never)
        .where(eq(table.id, id))
        .returning()) as unknown as Row[];
      await recordActivity(tx, { request, action: 'updated', subjectType: resource.subject, subjectId: id, before, after: row });
      return row;
    });
    return present(updated, request);
  };
  app.route({ method: ['PATCH', 'POST'], url: `${path}/:id`, schema: { params: idParams }, onRequest: guard('update'), handler: update });

  app.delete(
    `${path}/:id`,
    { schema: { params: idParams, querystring: deleteQuery }, onRequest: guard('delete', 'delete_unsafe') },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      await deleteHolder({ db, clock, storage }, resource, request, id, (request.query as z.infer<typeof deleteQuery>).permanent === '1');
      return reply.status(204).send();
    },
  );

  app.get(`${path}/:id/investments`, { schema: { params: idParams }, onRequest: guard('show') }, async (request) => {
    const { id } = idParams.parse(request.params);
    await find(id);
    return heldInvestmentsPage(db, request, resource.heldBy(id), request.query as Record<string, unknown>);
  });

  return { find, guard };
}
