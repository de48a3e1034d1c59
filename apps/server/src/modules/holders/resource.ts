import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { holderDeleteQuery, idParams, type Action, type RecordSubjectType } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import { notFound } from '../../platform/errors';
import { exportFormat, sendExport, type ExportColumn } from '../../platform/export';
import { parseFields, readFormFields } from '../../platform/form';
import { paginate, parseListQuery, type ListResource } from '../../platform/list-query';
import { registerSubject } from '../../shared/record-subjects';
import { parseIncludes } from '../../shared/user-presenter';
import { holderGuard } from './access';
import { deleteHolder, heldInvestmentsPage } from './service';

/**
 * The staff routes of organisations until they move onto `registerResource` as investment methods
 * and nominees have (platform/resource.ts): list, export, details, create, edit, delete (service.ts)
 * and the investments held through the holder (its Transactions tab). Permission event 'investors'
 * (decision 0012).
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
    { schema: { params: idParams, querystring: holderDeleteQuery }, onRequest: guard('delete', 'delete_unsafe') },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const permanent = (request.query as z.infer<typeof holderDeleteQuery>).permanent === '1';
      await deleteHolder({ db, clock, storage }, resource, request, id, permanent);
      return reply.status(204).send();
    },
  );

  /** The Transactions tab: investments held through this holder, with the investor and the opportunity. */
  app.get(`${path}/:id/investments`, { schema: { params: idParams }, onRequest: guard('show') }, async (request) => {
    const { id } = idParams.parse(request.params);
    await find(id);
    return heldInvestmentsPage(db, request, resource.heldBy(id), request.query as Record<string, unknown>);
  });

  return { find, guard };
}
