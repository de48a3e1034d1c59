import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, ilike, inArray, isNotNull, isNull, lte, gte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { can, KYC_STATUSES, Role, ROLE_NAMES, type RoleId } from '@platform/domain';
import { clearable, isoDateInput, textInput } from '../../platform/input';
import type { AppContext } from '../../app';
import { users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, forbidden, notFound, validationError } from '../../platform/errors';
import { parseFields, readForm } from '../../platform/form';
import { authorize, requireUser } from '../../platform/guards';
import { paginate, parseListQuery, type ListResource } from '../../platform/list-query';
import type { UserRow } from '../../platform/session';
import { loadSettings } from '../settings/service';
import { parseIncludes, presentUsersWith, USER_INCLUDES } from './presenter';

const date = (field: string) => (value: string) => {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new AppError('bad_request', `filter[${field}] must be a date (YYYY-MM-DD).`);
  return parsed;
};

const ids = (field: string) => (value: string) => {
  const list = value.split(',').map((v) => Number(v.trim()));
  if (!list.length || list.some((n) => !Number.isInteger(n))) throw new AppError('bad_request', `filter[${field}] must be a comma-separated list of ids.`);
  return list;
};

export const USERS_RESOURCE: ListResource = {
  name: 'users',
  filters: {
    role_id: (v) => inArray(users.roleId, ids('role_id')(v)),
    owner_id: (v) => inArray(users.ownerId, ids('owner_id')(v)),
    search: (v) => (v.trim() ? or(ilike(users.name, `%${v.trim()}%`), ilike(users.email, `%${v.trim()}%`)) : undefined),
    email_verified: (v) => (v === '1' ? isNotNull(users.emailVerifiedAt) : v === '0' ? isNull(users.emailVerifiedAt) : undefined),
    created_from: (v) => gte(users.createdAt, date('created_from')(v)),
    created_to: (v) => lte(users.createdAt, date('created_to')(v)),
  },
  sorts: { id: users.id, name: users.name, email: users.email, created_at: users.createdAt, last_login_at: users.lastLoginAt, role_id: users.roleId },
  defaultSort: '-created_at',
  includes: USER_INCLUDES,
  fields: ['name', 'email', 'role_id', 'email_verified_at', 'accepted_terms_version', 'avatar', 'created_at', 'last_login_at'],
  appends: ['role_name'],
};

/**
 * Staff who manage accounts see every user; everyone else with investor rights sees investors
 * only — never staff accounts.
 */
function visibleUsersScope(viewer: UserRow) {
  const base = isNull(users.deletedAt);
  return can(viewer.roleId, 'settings_users', 'index') ? base : and(base, eq(users.roleId, Role.User));
}

/** An investor's personal details, which they keep up to date themselves and staff may correct. */
const optionalText = (max: number) => clearable(textInput(max));
const personalDetails = {
  phone: clearable(textInput(40).regex(/^\+?[0-9 ()-]{6,}$/, 'Enter a phone number such as +44 20 7946 0000.')),
  address_line1: optionalText(200),
  address_line2: optionalText(200),
  city: optionalText(100),
  postcode: optionalText(20),
  country: optionalText(100),
  date_of_birth: clearable(isoDateInput.refine((value) => value < new Date().toISOString().slice(0, 10), 'The date of birth must be in the past.')),
  nationality: optionalText(100),
};
const personalChanges = (input: { [K in keyof typeof personalDetails]?: string | null }) => ({
  phone: input.phone,
  addressLine1: input.address_line1,
  addressLine2: input.address_line2,
  city: input.city,
  postcode: input.postcode,
  country: input.country,
  dateOfBirth: input.date_of_birth,
  nationality: input.nationality,
});

const selfUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(255),
    accepted_terms_version: z.coerce.number().int().min(0),
    ...personalDetails,
  })
  .partial()
  .strict();

const staffUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(255),
    email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
    ...personalDetails,
    kyc_status: z.enum(KYC_STATUSES, { message: `Choose one of ${KYC_STATUSES.join(', ')}.` }),
  })
  .partial()
  .strict();

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;

  app.get('/api/users', { preHandler: authorize('investors', 'index') }, async (request) => {
    const viewer = requireUser(request);
    const query = parseListQuery(request.query as Record<string, unknown>, USERS_RESOURCE);
    const where = and(visibleUsersScope(viewer), query.where);
    const page = await paginate<UserRow, Record<string, unknown>>(
      db.select().from(users).where(where).$dynamic(),
      db.select({ total: count() }).from(users).where(where).$dynamic(),
      query,
      request.url,
      async (rows) => {
        const presented = await presentUsersWith(db, rows, query.includes);
        if (!query.appends.has('role_name')) return presented;
        return presented.map((u) => ({ ...u, role_name: ROLE_NAMES[u.role_id as RoleId] ?? null }));
      },
    );
    return page;
  });

  async function loadVisibleUser(request: FastifyRequest, id: number): Promise<UserRow> {
    const viewer = requireUser(request);
    if (viewer.id === id) return viewer;
    if (!can(viewer.roleId, 'investors', 'show')) throw notFound('user');
    const [row] = await db.select().from(users).where(and(eq(users.id, id), visibleUsersScope(viewer)));
    if (!row) throw notFound('user');
    return row;
  }

  const idParams = z.object({ id: z.coerce.number().int().positive() });

  app.get('/api/users/:id', { schema: { params: idParams } }, async (request) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const includes = parseIncludes((request.query as { include?: string }).include);
    const [user] = await presentUsersWith(db, [await loadVisibleUser(request, id)], includes);
    return { data: user };
  });

  /** The web sends updates as FormData with `_method=PATCH` (spec §7.1); plain PATCH works too. */
  const updateUser = async (request: FastifyRequest) => {
    const { id } = idParams.parse(request.params);
    const viewer = requireUser(request);
    const target = await loadVisibleUser(request, id);
    const { fields } = await readForm(request);
    const { _method: _ignored, ...rest } = fields;
    let changes: Partial<typeof users.$inferInsert>;
    if (viewer.id === target.id) {
      const input = parseFields(selfUpdateSchema, rest);
      if (input.accepted_terms_version !== undefined) {
        const { termsVersion } = await loadSettings(db);
        if (input.accepted_terms_version !== termsVersion) {
          throw validationError({ accepted_terms_version: [`The current terms version is ${termsVersion}.`] });
        }
      }
      changes = { name: input.name, acceptedTermsVersion: input.accepted_terms_version, ...(target.roleId === Role.User ? personalChanges(input) : {}) };
    } else {
      if (!can(viewer.roleId, 'investors', 'update')) throw forbidden();
      const input = parseFields(staffUpdateSchema, rest);
      if (input.email && input.email !== target.email.toLowerCase()) {
        const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email}`);
        if (taken) throw validationError({ email: ['The email has already been taken.'] });
      }
      changes = { name: input.name, email: input.email, ...personalChanges(input) };
      if (input.kyc_status !== undefined && input.kyc_status !== target.kycStatus) Object.assign(changes, { kycStatus: input.kyc_status, kycUpdatedAt: clock.now() });
    }
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(users).set({ ...changes, updatedAt: clock.now() }).where(eq(users.id, target.id)).returning();
      await recordActivity(tx, { request, action: 'updated', subjectType: 'user', subjectId: target.id, before: target, after: row });
      return row;
    });
    const [user] = await presentUsersWith(db, [updated], new Set());
    return { data: user };
  };
  app.post('/api/users/:id', updateUser);
  app.patch('/api/users/:id', updateUser);
}
