import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  APPROPRIATENESS_STATES,
  CATEGORISATION_STATUSES,
  can,
  formatAttributeValue,
  INVESTOR_CATEGORIES,
  KYC_STATUSES,
  Role,
  type AttributeType,
  USERS_LIST,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { ExportColumn, ExportSpec } from '../../platform/export';
import { chosenIdsFilter, idIn, idList, oneOfFilter } from '../../platform/list-filters';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';
import type { UserRow } from '../../platform/session';
import type { AttributeRow } from '../attributes';
import { attributeValuesFor } from '../../shared/attribute-values';

const date = (field: string) => (value: string) => {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new AppError('bad_request', `filter[${field}] must be a date (YYYY-MM-DD).`);
  return parsed;
};

/** `none` finds the rows without a value; otherwise one value or several separated by commas. */
const orNone =
  (field: string, column: typeof users.ownerId | typeof users.adviserId | typeof users.investorCategory, values: (v: string) => SQL) =>
  (value: string) => {
    const parts = value.split(',').map((v) => v.trim());
    const none = parts.includes('none');
    const rest = parts.filter((p) => p !== 'none').join(',');
    const conditions = [none ? isNull(column) : undefined, rest ? values(rest) : undefined].filter(Boolean) as SQL[];
    if (!conditions.length) throw new AppError('bad_request', `filter[${field}] needs a value.`);
    return conditions.length === 1 ? conditions[0] : or(...conditions)!;
  };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Appropriateness as the list shows it: passed; failed (tried, not passed); not taken. */
const APPROPRIATENESS: Record<(typeof APPROPRIATENESS_STATES)[number], SQL> = {
  passed: eq(users.compliancePassed, true),
  failed: and(eq(users.compliancePassed, false), gt(users.complianceTries, 0))!,
  not_taken: and(eq(users.compliancePassed, false), eq(users.complianceTries, 0))!,
};

/** The users list (the investors list filters role_id=5) and its export share these. Each has an index. */
export const USERS_RESOURCE = listResource(USERS_LIST, {
  filters: {
    role_id: (v) => inArray(users.roleId, idList('role_id', v)),
    ids: chosenIdsFilter(users.id),
    owner_id: orNone('owner_id', users.ownerId, (v) => inArray(users.ownerId, idList('owner_id', v))),
    adviser_id: orNone('adviser_id', users.adviserId, (v) => inArray(users.adviserId, idList('adviser_id', v))),
    search: (v) => {
      const text = v.trim();
      return text
        ? or(sql`${users.name} ilike ${`%${escapeLike(text)}%`}`, sql`${users.email} ilike ${`%${escapeLike(text)}%`}`)
        : undefined;
    },
    email_verified: (v) => {
      if (v === '1') return isNotNull(users.emailVerifiedAt);
      if (v === '0') return isNull(users.emailVerifiedAt);
      throw new AppError('bad_request', 'filter[email_verified] must be 1 or 0.');
    },
    created_from: (v) => gte(users.createdAt, date('created_from')(v)),
    created_to: (v) => lte(users.createdAt, date('created_to')(v)),
    category: orNone('category', users.investorCategory, oneOfFilter('category', users.investorCategory, INVESTOR_CATEGORIES)),
    categorisation_status: oneOfFilter('categorisation_status', users.categorisationStatus, CATEGORISATION_STATUSES),
    kyc_status: oneOfFilter('kyc_status', users.kycStatus, KYC_STATUSES),
    appropriateness: (v) => {
      const states = v.split(',').map((s) => s.trim());
      const unknown = states.find((s) => !(APPROPRIATENESS_STATES as readonly string[]).includes(s));
      if (unknown !== undefined)
        throw new AppError('bad_request', `filter[appropriateness] must be one of ${APPROPRIATENESS_STATES.join(', ')}.`);
      return or(...states.map((s) => APPROPRIATENESS[s as keyof typeof APPROPRIATENESS]));
    },
  },
  sorts: {
    id: users.id,
    name: users.name,
    email: users.email,
    created_at: users.createdAt,
    last_login_at: users.lastLoginAt,
    role_id: users.roleId,
    kyc_status: users.kycStatus,
    investor_category: users.investorCategory,
  },
  defaultSort: '-created_at',
});

export const USERS_EXPORT_RESOURCE: ListResource = { ...USERS_RESOURCE, includes: [], fields: [], appends: [], params: ['format'] };

/**
 * Staff who manage accounts see every user; everyone else with investor rights sees investors
 * only — never staff accounts. Deleted accounts are nobody's to see.
 */
export function visibleUsersScope(viewer: Pick<UserRow, 'roleId'>) {
  const base = isNull(users.deletedAt);
  return can(viewer.roleId, 'settings_users', 'index') ? base : and(base, eq(users.roleId, Role.User));
}

type ExportRow = UserRow & { ownerName: string | null; attributes: Map<number, string> };

const iso = (d: Date | null) => d?.toISOString() ?? null;

const BASE_COLUMNS: ReadonlyArray<ExportColumn<ExportRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Address line 1', value: (r) => r.addressLine1 },
  { header: 'Address line 2', value: (r) => r.addressLine2 },
  { header: 'City', value: (r) => r.city },
  { header: 'Postcode', value: (r) => r.postcode },
  { header: 'Country', value: (r) => r.country },
  { header: 'Date of birth', value: (r) => r.dateOfBirth },
  { header: 'Nationality', value: (r) => r.nationality },
  { header: 'Owner', value: (r) => r.ownerName },
  { header: 'Category', value: (r) => r.investorCategory },
  { header: 'Categorisation status', value: (r) => r.categorisationStatus },
  { header: 'KYC status', value: (r) => r.kycStatus },
  { header: 'Appropriateness', value: (r) => (r.compliancePassed ? 'passed' : r.complianceTries > 0 ? 'failed' : 'not_taken') },
  { header: 'Email verified', value: (r) => iso(r.emailVerifiedAt) },
  { header: 'Last login', value: (r) => iso(r.lastLoginAt) },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
];

/** The filtered list as a file: the list's columns plus one per custom attribute of investors. */
export function usersExport(db: Db, viewer: UserRow, query: ListQuery, attributeList: AttributeRow[]): ExportSpec<ExportRow> {
  const where = and(visibleUsersScope(viewer), query.where);
  const attributeColumns: ExportColumn<ExportRow>[] = attributeList.map((a) => ({
    header: a.name,
    value: (r) => r.attributes.get(a.id) ?? null,
  }));
  const types = new Map(attributeList.map((a) => [a.id, a.type as AttributeType]));
  return {
    filename: 'investors',
    sheet: 'Investors',
    columns: [...BASE_COLUMNS, ...attributeColumns],
    orderedIds: async () =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(where)
          .orderBy(...query.orderBy, asc(users.id))
      ).map((r) => r.id),
    async loadBatch(ids) {
      const [rows, values] = await Promise.all([
        db
          .select()
          .from(users)
          .where(and(idIn(users.id, ids), isNull(users.deletedAt))),
        attributeList.length ? attributeValuesFor(db, 'user', ids) : new Map(),
      ]);
      const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((id): id is number => id != null))];
      const owners = ownerIds.length
        ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ownerIds))
        : [];
      const ownerNames = new Map(owners.map((o) => [o.id, o.name]));
      return rows.map((row) => ({
        ...row,
        ownerName: row.ownerId ? (ownerNames.get(row.ownerId) ?? null) : null,
        attributes: new Map(
          (values.get(row.id) ?? []).map((v: { attribute_id: number; value: Parameters<typeof formatAttributeValue>[1] }) => [
            v.attribute_id,
            formatAttributeValue(types.get(v.attribute_id) ?? 'text', v.value),
          ]),
        ),
      }));
    },
  };
}
