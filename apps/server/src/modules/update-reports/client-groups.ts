import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CLIENT_GROUPS_LIST,
  type ClientGroup,
  clientGroupSchema,
  createClientGroupBody,
  listQuery,
  Role,
  updateClientGroupBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { clientGroupMembers, clientGroups, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { authorizeAny } from '../../platform/guards';
import { containsFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { registerResource } from '../../platform/resource';

/**
 * Client groups (spec §3 "client groups"): named groups of investors staff keep, to address
 * updates to. They belong to update reports, so the permission event is 'update_reports'.
 */
type GroupRow = typeof clientGroups.$inferSelect;

const GROUPS_RESOURCE = listResource(CLIENT_GROUPS_LIST, {
  filters: { search: containsFilter(clientGroups.name) },
  sorts: { name: clientGroups.name, created_at: clientGroups.createdAt },
  defaultSort: 'name',
});

async function present(db: Db, rows: GroupRow[], withMembers: boolean): Promise<ClientGroup[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .select({ groupId: clientGroupMembers.groupId, members: count() })
    .from(clientGroupMembers)
    .innerJoin(users, and(eq(users.id, clientGroupMembers.userId), isNull(users.deletedAt)))
    .where(inArray(clientGroupMembers.groupId, ids))
    .groupBy(clientGroupMembers.groupId);
  const members = withMembers
    ? await db
        .select({ groupId: clientGroupMembers.groupId, id: users.id, name: users.name, email: users.email })
        .from(clientGroupMembers)
        .innerJoin(users, and(eq(users.id, clientGroupMembers.userId), isNull(users.deletedAt)))
        .where(inArray(clientGroupMembers.groupId, ids))
        .orderBy(asc(users.name), asc(users.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    member_count: Number(counts.find((c) => c.groupId === row.id)?.members ?? 0),
    ...(withMembers ? { members: members.filter((m) => m.groupId === row.id).map(({ id, name, email }) => ({ id, name, email })) } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

async function lockGroup(tx: Db, id: number): Promise<GroupRow> {
  const [row] = await tx
    .select()
    .from(clientGroups)
    .where(and(eq(clientGroups.id, id), isNull(clientGroups.deletedAt)))
    .for('update');
  if (!row) throw notFound('client group');
  return row;
}

/** Replaces a group's members; every one must be a live investor. */
async function setMembers(tx: Db, groupId: number, memberIds: number[]) {
  const ids = [...new Set(memberIds)];
  if (ids.length) {
    const [{ found }] = await tx
      .select({ found: count() })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.roleId, Role.User), isNull(users.deletedAt)));
    if (Number(found) !== ids.length) throw validationError({ member_ids: ['Choose investors from the list.'] });
  }
  await tx.delete(clientGroupMembers).where(eq(clientGroupMembers.groupId, groupId));
  if (ids.length) await tx.insert(clientGroupMembers).values(ids.map((userId) => ({ groupId, userId })));
}

export function registerClientGroupRoutes(app: App, { db, clock }: AppContext) {
  const showOne = async (id: number) => {
    const [row] = await db
      .select()
      .from(clientGroups)
      .where(and(eq(clientGroups.id, id), isNull(clientGroups.deletedAt)));
    if (!row) throw notFound('client group');
    return (await present(db, [row], true))[0];
  };
  const log = (tx: Db, request: FastifyRequest, action: string, id: number, before: unknown, after: unknown) =>
    recordActivity(tx, { request, action, subjectType: 'client_group', subjectId: id, before, after });

  registerResource(app, {
    path: '/api/client-groups',
    item: clientGroupSchema,
    guard: (...actions) => authorizeAny(...actions.map((action) => ['update_reports', action] as const)),
    list: {
      query: listQuery(CLIENT_GROUPS_LIST),
      paged: true,
      run: async (request, raw) => {
        const query = parseListQuery(raw, GROUPS_RESOURCE);
        query.orderBy.push(asc(clientGroups.id));
        const where = and(isNull(clientGroups.deletedAt), query.where);
        return paginate<GroupRow, ClientGroup>(
          db.select().from(clientGroups).where(where).$dynamic(),
          db.select({ total: count() }).from(clientGroups).where(where).$dynamic(),
          query,
          request,
          (rows) => present(db, rows, false),
        );
      },
    },
    show: { run: (_request, id) => showOne(id) },
    create: {
      body: createClientGroupBody,
      run: async (request, body) => {
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(clientGroups)
            .values({ name: body.name, description: body.description ?? null })
            .returning();
          await setMembers(tx, row.id, body.member_ids ?? []);
          await log(tx, request, 'created', row.id, null, { ...row, member_ids: body.member_ids ?? [] });
          return row.id;
        });
        return showOne(id);
      },
    },
    update: {
      body: updateClientGroupBody,
      run: async (request, id, body) => {
        await db.transaction(async (tx) => {
          const before = await lockGroup(tx, id);
          const [after] = await tx
            .update(clientGroups)
            .set({ name: body.name, description: body.description, updatedAt: clock.now() })
            .where(eq(clientGroups.id, id))
            .returning();
          if (body.member_ids) await setMembers(tx, id, body.member_ids);
          await log(tx, request, 'updated', id, before, { ...after, ...(body.member_ids ? { member_ids: body.member_ids } : {}) });
        });
        return showOne(id);
      },
    },
    remove: {
      run: (request, id) =>
        db.transaction(async (tx) => {
          const before = await lockGroup(tx, id);
          const [after] = await tx
            .update(clientGroups)
            .set({ deletedAt: clock.now(), updatedAt: clock.now() })
            .where(eq(clientGroups.id, id))
            .returning();
          await log(tx, request, 'deleted', id, before, after);
        }),
    },
  });
}
