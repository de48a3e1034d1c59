import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { can, Role, ROLE_NAMES, type RoleId } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { exportFormat, sendExport } from '../../platform/export';
import { parseFields, readForm } from '../../platform/form';
import { authenticated, authorize, requireUser } from '../../platform/guards';
import { idParams } from '@platform/domain';
import { paginate, parseListQuery } from '../../platform/list-query';
import type { UserRow } from '../../platform/session';
import { liveAttributes, readAttributeInput, saveAttributeValues } from '../attributes/service';
import { loadSettings } from '../../shared/settings';
import { USERS_EXPORT_RESOURCE, USERS_RESOURCE, usersExport, visibleUsersScope } from './list';
import { parseIncludes, presentUsersWith } from '../../shared/user-presenter';
import { personalChanges, selfUpdateSchema, staffUpdateSchema } from './schemas';
import { assertEmailFree, assertOwner, OWNER_ROLES, recordCategoryFromForm } from './service';

export { USERS_RESOURCE } from './list';

/**
 * Users and investors (spec §2.2 Investors, §7.4 /api/users): the list with its filters and
 * export, one user, and edits. Creating, deleting and inviting investors: investor-routes.ts.
 */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;

  app.get('/api/users', { onRequest: authorize('investors', 'index') }, async (request) => {
    const viewer = requireUser(request);
    const query = parseListQuery(request.query as Record<string, unknown>, USERS_RESOURCE);
    query.orderBy.push(asc(users.id));
    const where = and(visibleUsersScope(viewer), query.where);
    return paginate<UserRow, Record<string, unknown>>(
      db.select().from(users).where(where).$dynamic(),
      db.select({ total: count() }).from(users).where(where).$dynamic(),
      query,
      request,
      async (rows) => {
        const presented = await presentUsersWith(db, rows, query.includes);
        if (!query.appends.has('role_name')) return presented;
        return presented.map((u) => ({ ...u, role_name: ROLE_NAMES[u.role_id as RoleId] ?? null }));
      },
    );
  });

  /** Exactly the filtered, sorted list (every page), streamed as CSV or Excel. */
  app.get('/api/users/export', { onRequest: authorize('investors', 'index') }, async (request, reply) => {
    const viewer = requireUser(request);
    const raw = request.query as Record<string, unknown>;
    const query = parseListQuery(raw, USERS_EXPORT_RESOURCE);
    const format = exportFormat(raw);
    await recordActivity(db, { request, action: 'exported', subjectType: 'users', after: { format, query: raw } });
    return sendExport(request, reply, format, usersExport(db, viewer, query, await liveAttributes(db, 'user')));
  });

  /** Who may own an investor (the relationship manager): staff of roles that work with investors. */
  app.get('/api/users/owners', { onRequest: authorize('investors', 'index') }, async () => {
    const rows = await db
      .select({ id: users.id, name: users.name, email: users.email, role_id: users.roleId })
      .from(users)
      .where(and(inArray(users.roleId, OWNER_ROLES), isNull(users.deletedAt)))
      .orderBy(asc(users.name), asc(users.id));
    return { data: rows };
  });

  async function loadVisibleUser(request: FastifyRequest, id: number): Promise<UserRow> {
    const viewer = requireUser(request);
    if (viewer.id === id) return viewer;
    if (!can(viewer.roleId, 'investors', 'show')) throw notFound('user');
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), visibleUsersScope(viewer)));
    if (!row) throw notFound('user');
    return row;
  }

  app.get('/api/users/:id', { schema: { params: idParams }, onRequest: authenticated }, async (request) => {
    const { id } = request.params as { id: number };
    const includes = parseIncludes((request.query as { include?: string }).include);
    const [user] = await presentUsersWith(db, [await loadVisibleUser(request, id)], includes);
    return { data: user };
  });

  /** The web sends updates as FormData with `_method=PATCH` (spec §7.1); plain PATCH works too. */
  const updateUser = async (request: FastifyRequest) => {
    const { id } = idParams.parse(request.params);
    const viewer = requireUser(request);
    const target = await loadVisibleUser(request, id);
    // Staff edit others with the permission; anyone edits themselves (the self-service fields only).
    if (viewer.id !== target.id && !can(viewer.roleId, 'investors', 'update')) throw forbidden();
    const { fields } = await readForm(request);
    const { _method: _ignored, attributes: rawAttributes, ...rest } = fields;
    const now = clock.now();
    if (viewer.id === target.id) {
      if (rawAttributes !== undefined) throw validationError({ attributes: ['Custom attributes are kept by staff.'] });
      const input = parseFields(selfUpdateSchema, rest);
      if (input.accepted_terms_version !== undefined) {
        const { termsVersion } = await loadSettings(db);
        if (input.accepted_terms_version !== termsVersion)
          throw validationError({ accepted_terms_version: [`The current terms version is ${termsVersion}.`] });
      }
      const changes = {
        name: input.name,
        acceptedTermsVersion: input.accepted_terms_version,
        ...(target.roleId === Role.User ? personalChanges(input) : {}),
      };
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ ...changes, updatedAt: now })
          .where(eq(users.id, target.id))
          .returning();
        await recordActivity(tx, { request, action: 'updated', subjectType: 'user', subjectId: target.id, before: target, after: row });
        return row;
      });
      return { data: (await presentUsersWith(db, [updated], new Set()))[0] };
    }

    const input = parseFields(staffUpdateSchema, rest);
    const attributeInput = readAttributeInput(rawAttributes);
    if (input.email && input.email !== target.email.toLowerCase()) await assertEmailFree(db, input.email, target.id);
    await assertOwner(db, input.owner_id);
    const changes: Partial<typeof users.$inferInsert> = {
      name: input.name,
      email: input.email,
      ownerId: input.owner_id,
      ...personalChanges(input),
    };
    if (input.kyc_status !== undefined && input.kyc_status !== target.kycStatus)
      Object.assign(changes, { kycStatus: input.kyc_status, kycUpdatedAt: now });
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, target.id))
        .returning();
      await recordActivity(tx, { request, action: 'updated', subjectType: 'user', subjectId: target.id, before: target, after: row });
      if (target.roleId === Role.User) {
        await saveAttributeValues(tx, request, { subjectType: 'user', subjectId: target.id, input: attributeInput, now });
        await recordCategoryFromForm(tx, request, row, input.category, now);
      } else if (attributeInput || input.category) {
        throw validationError({ [attributeInput ? 'attributes' : 'category']: ['Only investors have these.'] });
      }
      const [latest] = await tx.select().from(users).where(eq(users.id, target.id));
      return latest;
    });
    return { data: (await presentUsersWith(db, [updated], new Set(['attributeValues', 'owner'])))[0] };
  };
  app.post('/api/users/:id', { onRequest: authenticated }, updateUser);
  app.patch('/api/users/:id', { onRequest: authenticated }, updateUser);
}
