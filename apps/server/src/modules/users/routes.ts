import type { FastifyRequest } from 'fastify';
import { and, asc, count } from 'drizzle-orm';
import {
  can,
  dataOf,
  fileBody,
  idParams,
  listQuery,
  ownerSchema,
  pageOf,
  Role,
  updateUserBody,
  type User,
  userIncludeQuery,
  USERS_LIST,
  userSchema,
  roleLabel,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { exportFormat, sendExport } from '../../platform/export';
import { authenticated, authorize, requireUser } from '../../platform/guards';
import { idIn } from '../../platform/list-filters';
import { inIdOrder, keysetAfter, paginate, parseListQuery } from '../../platform/list-query';
import type { UserRow } from '../../platform/session';
import { liveAttributes, readAttributeInput } from '../attributes';
import { loadSettings, loadTerminology } from '../../shared/settings';
import { screenInvestorIfEnabled } from '../../shared/screening';
import { USERS_EXPORT_RESOURCE, USERS_RESOURCE, usersExport, visibleUsersScope } from './list';
import { parseIncludes, presentUsersWith } from '../../shared/user-presenter';
import { findVisibleUser, listOwners, updateOwnAccount, updateUserByStaff } from './service';
import { registerInvestorBulkRoutes } from './bulk';

export { USERS_RESOURCE } from './list';

/** The fields only staff change (on an investor); a person editing themselves may not. */
const STAFF_ONLY_FIELDS = ['email', 'kyc_status', 'owner_id', 'category'] as const;

/**
 * Users and investors (spec §2.2 Investors, §7.4 /api/users): the list with its filters and
 * export, one user, and edits. Creating, deleting and inviting investors: investor-routes.ts.
 */
export function registerUserRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  registerInvestorBulkRoutes(app, ctx);
  const oneUser = { 200: dataOf(userSchema) };
  /** A new name or date of birth is screened again (decision 0032). */
  const screenIfIdentityChanged = async (before: UserRow, after: UserRow, now: Date) => {
    if (after.roleId === Role.User && (before.name !== after.name || before.dateOfBirth !== after.dateOfBirth))
      await screenInvestorIfEnabled(db, after.id, now);
  };

  app.get(
    '/api/users',
    { schema: { querystring: listQuery(USERS_LIST), response: { 200: pageOf(userSchema) } }, onRequest: authorize('investors', 'index') },
    async (request) => {
      const viewer = requireUser(request);
      const query = parseListQuery(request.query, USERS_RESOURCE);
      query.orderBy.push(asc(users.id));
      const where = and(visibleUsersScope(viewer), query.where);
      // The page's ids first, then its rows: at book size a deep page's OFFSET then walks an index
      // of ids (users_live_role_created_idx for the default order), not 50,000 whole rows (decision 0044);
      // the next page from `links.next` starts at the previous page's last row (decision 0073).
      const after = await keysetAfter(db, query, { table: users, id: users.id, where });
      return paginate<{ id: number }, User>(
        db.select({ id: users.id }).from(users).where(and(where, after)).$dynamic(),
        db.select({ total: count() }).from(users).where(where).$dynamic(),
        query,
        request,
        async (page) => {
          const rows = await inIdOrder(
            page.map((p) => p.id),
            (ids) => db.select().from(users).where(idIn(users.id, ids)),
          );
          const presented = await presentUsersWith(db, rows, query.includes);
          if (!query.appends.has('role_name')) return presented;
          const terms = await loadTerminology(db);
          return presented.map((u) => ({ ...u, role_name: roleLabel(terms, u.role_id) }));
        },
        { cacheCount: true, keyset: { after } },
      );
    },
  );

  /** Exactly the filtered, sorted list (every page), streamed as CSV or Excel. */
  app.get(
    '/api/users/export',
    {
      schema: {
        querystring: listQuery({ ...USERS_LIST, keyset: false, includes: [], fields: [], appends: [], params: ['format'] }),
        response: { 200: fileBody },
      },
      onRequest: authorize('investors', 'index'),
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      const raw = request.query;
      const query = parseListQuery(raw, USERS_EXPORT_RESOURCE);
      const format = exportFormat(raw);
      await recordActivity(db, { request, action: 'exported', subjectType: 'users', after: { format, query: raw } });
      return sendExport(request, reply, format, usersExport(db, viewer, query, await liveAttributes(db, 'user')));
    },
  );

  /** Who may own an investor (the relationship manager): staff of roles that work with investors. */
  app.get(
    '/api/users/owners',
    { schema: { response: { 200: dataOf(ownerSchema.array()) } }, onRequest: authorize('investors', 'index') },
    async () => ({ data: await listOwners(db) }),
  );

  async function loadVisibleUser(request: FastifyRequest, id: number): Promise<UserRow> {
    const viewer = requireUser(request);
    if (viewer.id === id) return viewer;
    if (!can(viewer.roleId, 'investors', 'show')) throw notFound('user');
    const row = await findVisibleUser(db, viewer, id);
    if (!row) throw notFound('user');
    return row;
  }

  app.get(
    '/api/users/:id',
    { schema: { params: idParams, querystring: userIncludeQuery, response: oneUser }, onRequest: authenticated },
    async (request) => {
      const includes = parseIncludes(request.query.include);
      const [user] = await presentUsersWith(db, [await loadVisibleUser(request, request.params.id)], includes);
      return { data: user };
    },
  );

  /** The web sends updates as FormData with `_method=PATCH` (spec §7.1); plain PATCH works too. */
  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/users/:id',
    schema: { params: idParams, body: updateUserBody, response: oneUser },
    onRequest: authenticated,
    handler: async (request) => {
      const viewer = requireUser(request);
      const target = await loadVisibleUser(request, request.params.id);
      // Staff edit others with the permission; anyone edits themselves (the self-service fields only).
      if (viewer.id !== target.id && !can(viewer.roleId, 'investors', 'update')) throw forbidden();
      const { attributes, ...input } = request.body;
      const now = clock.now();
      if (viewer.id === target.id) {
        if (attributes !== undefined) throw validationError({ attributes: ['Custom attributes are kept by staff.'] });
        const kept = STAFF_ONLY_FIELDS.find((field) => input[field] !== undefined);
        if (kept) throw validationError({ [kept]: ['This is changed by staff.'] });
        if (input.accepted_terms_version !== undefined) {
          const { termsVersion } = await loadSettings(db);
          if (input.accepted_terms_version !== termsVersion)
            throw validationError({ accepted_terms_version: [`The current terms version is ${termsVersion}.`] });
        }
        const updated = await updateOwnAccount(db, request, target, input, now);
        await screenIfIdentityChanged(target, updated, now);
        return { data: (await presentUsersWith(db, [updated], new Set()))[0] };
      }
      if (input.accepted_terms_version !== undefined)
        throw validationError({ accepted_terms_version: ['Each person accepts the terms themselves.'] });
      const updated = await updateUserByStaff(db, request, target, input, readAttributeInput(attributes), now);
      await screenIfIdentityChanged(target, updated, now);
      return { data: (await presentUsersWith(db, [updated], new Set(['attributeValues', 'owner'])))[0] };
    },
  });
}
