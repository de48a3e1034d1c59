import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
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
import { alias } from 'drizzle-orm/pg-core';
import { attributeValues, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type ExportColumn, type ExportSpec, isoInstantText, packedIds, unpackIds } from '../../platform/export';
import { chosenIdsFilter, idIn, idList, oneOfFilter } from '../../platform/list-filters';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';
import type { UserRow } from '../../platform/session';
import type { AttributeRow } from '../attributes';
import { decode } from '../../shared/attribute-values';

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
  types: { investor: eq(users.roleId, Role.User), staff: ne(users.roleId, Role.User) },
});

export const USERS_EXPORT_RESOURCE: ListResource = {
  ...USERS_RESOURCE,
  keyset: false,
  includes: [],
  fields: [],
  appends: [],
  params: ['format'],
};

/**
 * Staff who manage accounts see every user; everyone else with investor rights sees investors
 * only — never staff accounts. Deleted accounts are nobody's to see.
 */
export function visibleUsersScope(viewer: Pick<UserRow, 'roleId'>) {
  const base = isNull(users.deletedAt);
  return can(viewer.roleId, 'settings_users', 'index') ? base : and(base, eq(users.roleId, Role.User));
}

/** The owner's row beside the investor's; the batch's SQL names it `owner`. */
const owner = alias(users, 'owner');

/** An attribute's value in an export batch, read by the column named `attributeKey(i)`. */
const attributeKey = (index: number) => `a${index}` as const;

/**
 * An export batch's rows with every column already text, the owner's name and each custom
 * attribute's stored value joined in: PostgreSQL does the per-row work and Node only writes it
 * (decision 0049). One query a batch, and the driver's rows are used as they come, with no mapping
 * of each column.
 */
async function exportRows(db: Db, ids: number[], attributeIds: readonly number[]) {
  const attributeColumns = attributeIds.map(
    (attributeId, index) =>
      sql`, (select ${attributeValues.value} from ${attributeValues} where ${attributeValues.attributeId} = ${attributeId}
        and ${attributeValues.subjectType} = 'user' and ${attributeValues.subjectId} = ${users.id}) as ${sql.identifier(attributeKey(index))}`,
  );
  const result = await db.execute(sql`
    select ${users.id} as id, ${users.name} as name, ${users.email} as email, ${users.phone} as phone,
      ${users.addressLine1} as address_line1, ${users.addressLine2} as address_line2, ${users.city} as city,
      ${users.postcode} as postcode, ${users.country} as country, ${users.dateOfBirth}::text as date_of_birth,
      ${users.nationality} as nationality, ${owner.name} as owner_name, ${users.investorCategory} as investor_category,
      ${users.categorisationStatus} as categorisation_status, ${users.kycStatus} as kyc_status,
      case when ${users.compliancePassed} then 'passed' when ${users.complianceTries} > 0 then 'failed' else 'not_taken' end
        as appropriateness,
      ${isoInstantText(users.emailVerifiedAt)} as email_verified_at, ${isoInstantText(users.lastLoginAt)} as last_login_at,
      ${isoInstantText(users.createdAt)} as created_at ${sql.join(attributeColumns)}
    from ${users} left join ${users} as ${sql.identifier('owner')} on ${owner.id} = ${users.ownerId}
    where ${idIn(users.id, ids)} and ${users.deletedAt} is null`);
  return (result as unknown as { rows: ExportRow[] }).rows;
}

type Text = string | null;
interface ExportRow {
  id: number;
  name: string;
  email: string;
  phone: Text;
  address_line1: Text;
  address_line2: Text;
  city: Text;
  postcode: Text;
  country: Text;
  date_of_birth: Text;
  nationality: Text;
  owner_name: Text;
  investor_category: Text;
  categorisation_status: Text;
  kyc_status: string;
  appropriateness: string;
  email_verified_at: Text;
  last_login_at: Text;
  created_at: string;
  /** Each custom attribute's stored value (JSON text), by its place in the export's columns. */
  [attribute: `a${number}`]: Text;
}

const BASE_COLUMNS: ReadonlyArray<ExportColumn<ExportRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Address line 1', value: (r) => r.address_line1 },
  { header: 'Address line 2', value: (r) => r.address_line2 },
  { header: 'City', value: (r) => r.city },
  { header: 'Postcode', value: (r) => r.postcode },
  { header: 'Country', value: (r) => r.country },
  { header: 'Date of birth', value: (r) => r.date_of_birth },
  { header: 'Nationality', value: (r) => r.nationality },
  { header: 'Owner', value: (r) => r.owner_name },
  { header: 'Category', value: (r) => r.investor_category },
  { header: 'Categorisation status', value: (r) => r.categorisation_status },
  { header: 'KYC status', value: (r) => r.kyc_status },
  { header: 'Appropriateness', value: (r) => r.appropriateness },
  { header: 'Email verified', value: (r) => r.email_verified_at },
  { header: 'Last login', value: (r) => r.last_login_at },
  { header: 'Created', value: (r) => r.created_at },
];

/** The filtered list as a file: the list's columns plus one per custom attribute of investors. */
export function usersExport(db: Db, viewer: UserRow, query: ListQuery, attributeList: AttributeRow[]): ExportSpec<ExportRow> {
  const where = and(visibleUsersScope(viewer), query.where);
  const attributeColumns: ExportColumn<ExportRow>[] = attributeList.map((a, index) => {
    const key = attributeKey(index);
    const type = a.type as AttributeType;
    return { header: a.name, value: (r) => (r[key] === null ? null : formatAttributeValue(type, decode(r[key]))) };
  });
  const attributeIds = attributeList.map((a) => a.id);
  return {
    filename: 'investors',
    sheet: 'Investors',
    columns: [...BASE_COLUMNS, ...attributeColumns],
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(users.id, [...query.orderBy, asc(users.id)]) })
          .from(users)
          .where(where),
      ),
    loadBatch: (ids) => exportRows(db, ids, attributeIds),
  };
}
