import { and, asc, count } from 'drizzle-orm';
import {
  changeStaffRoleBody,
  dataOf,
  idParams,
  inviteStaffBody,
  listQuery,
  pageOf,
  STAFF_ACCOUNTS_LIST,
  STAFF_STATUSES,
  type StaffAccount,
  type StaffStatus,
  staffAccountSchema,
  staffMessageResponse,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError } from '../../platform/errors';
import { authorize } from '../../platform/guards';
import { loadTerminology } from '../../shared/settings';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { byIp } from '../../platform/rate-limit';
import type { UserRow } from '../../platform/session';
import { twoFactorEnabledAmong } from '../account-security';
import { sendInvitation } from '../auth';
import { USERS_RESOURCE } from './list';
import {
  changeStaffRole,
  createStaffAccount,
  deactivateStaff,
  findInvitedStaff,
  isStaff,
  presentStaffAccount,
  reactivateStaff,
  STAFF_STATUS_SQL,
} from './staff-service';

const STAFF_RESOURCE = listResource(STAFF_ACCOUNTS_LIST, {
  filters: {
    search: USERS_RESOURCE.filters.search,
    role_id: USERS_RESOURCE.filters.role_id,
    status: (value) => {
      if (!(STAFF_STATUSES as readonly string[]).includes(value))
        throw new AppError('bad_request', `filter[status] must be one of ${STAFF_STATUSES.join(', ')}.`);
      return STAFF_STATUS_SQL[value as StaffStatus];
    },
  },
  sorts: { name: users.name, email: users.email, role_id: users.roleId, last_login_at: users.lastLoginAt, created_at: users.createdAt },
  defaultSort: 'name',
});

/**
 * Settings › User Management (spec §2.2 account/admin-accounts, event `settings_users`): staff
 * accounts, invited by e-mail to choose their password, given a role, deactivated and reactivated.
 */
export function registerStaffRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const one = { 200: dataOf(staffAccountSchema) };
  /** Accounts as the page lists them: roles in the customer's wording, whether each signs in with two-factor. */
  const present = async (rows: UserRow[]): Promise<StaffAccount[]> => {
    const [terms, twoFactorOn] = await Promise.all([
      loadTerminology(db),
      twoFactorEnabledAmong(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((row) => presentStaffAccount(row, terms, twoFactorOn));
  };
  const mailLimit = { rateLimit: { max: 20, timeWindow: 15 * 60_000, keyGenerator: byIp } };

  app.get(
    '/api/admin-accounts',
    {
      schema: { querystring: listQuery(STAFF_ACCOUNTS_LIST), response: { 200: pageOf(staffAccountSchema) } },
      onRequest: authorize('settings_users', 'index'),
    },
    async (request) => {
      const query = parseListQuery(request.query, STAFF_RESOURCE);
      query.orderBy.push(asc(users.id));
      const where = and(isStaff, query.where);
      return paginate<UserRow, StaffAccount>(
        db.select().from(users).where(where).$dynamic(),
        db.select({ total: count() }).from(users).where(where).$dynamic(),
        query,
        request,
        present,
      );
    },
  );

  /** A new staff account: the invitation mail lets the person choose their password. */
  app.post(
    '/api/admin-accounts',
    {
      schema: { body: inviteStaffBody, response: { 201: dataOf(staffAccountSchema) } },
      onRequest: authorize('settings_users', 'create'),
      config: mailLimit,
    },
    async (request, reply) => {
      const created = await createStaffAccount(db, request, request.body, clock.now());
      await sendInvitation(ctx, created);
      await recordActivity(db, { request, action: 'sent_invitation', subjectType: 'user', subjectId: created.id });
      return reply.status(201).send({ data: (await present([created]))[0] });
    },
  );

  app.patch(
    '/api/admin-accounts/:id',
    { schema: { params: idParams, body: changeStaffRoleBody, response: one }, onRequest: authorize('settings_users', 'update') },
    async (request) => ({
      data: (await present([await changeStaffRole(db, request, request.params.id, request.body.role_id, clock.now())]))[0],
    }),
  );

  app.post(
    '/api/admin-accounts/:id/deactivate',
    { schema: { params: idParams, response: one }, onRequest: authorize('settings_users', 'update') },
    async (request) => ({
      data: (await present([await deactivateStaff(db, request, request.params.id, clock.now())]))[0],
    }),
  );

  app.post(
    '/api/admin-accounts/:id/reactivate',
    { schema: { params: idParams, response: one }, onRequest: authorize('settings_users', 'update') },
    async (request) => ({
      data: (await present([await reactivateStaff(db, request, request.params.id, clock.now())]))[0],
    }),
  );

  app.post(
    '/api/admin-accounts/:id/resend-invitation',
    {
      schema: { params: idParams, response: { 200: staffMessageResponse } },
      onRequest: authorize('settings_users', 'update'),
      config: mailLimit,
    },
    async (request) => {
      const user = await findInvitedStaff(db, request.params.id);
      await sendInvitation(ctx, user);
      await recordActivity(db, { request, action: 'sent_invitation', subjectType: 'user', subjectId: user.id });
      return { message: `An invitation to set a password has been sent to ${user.email}.` };
    },
  );
}
