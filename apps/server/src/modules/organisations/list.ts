import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  ORGANISATION_APPLICATION_STATUSES,
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_TYPES,
  ORGANISATION_TYPE_LABELS,
  type OrganisationRole,
  type OrganisationType,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { organisationApplications, organisations, organisationUsers, users } from '../../db/schema';
import type { ExportColumn } from '../../platform/export';
import { containsFilter, idList, oneOfFilter } from '../../platform/list-filters';
import type { ListResource } from '../../platform/list-query';

export const ORGANISATION_FIELDS = [
  'name',
  'type',
  'company_number',
  'country',
  'address',
  'email',
  'phone',
  'users_count',
  'created_at',
  'updated_at',
] as const;
export const ORGANISATION_INCLUDES = ['users'] as const;

export const ORGANISATIONS_RESOURCE: ListResource = {
  name: 'organisations',
  filters: {
    search: (value) => {
      const name = containsFilter(organisations.name)(value);
      const number = containsFilter(organisations.companyNumber)(value);
      return name && number ? or(name, number) : undefined;
    },
    type: oneOfFilter('type', organisations.type, ORGANISATION_TYPES),
    /** Organisations a person acts for (an investor's page). */
    user_id: (value) =>
      inArray(
        organisations.id,
        sql`(select ${organisationUsers.organisationId} from ${organisationUsers} where ${inArray(organisationUsers.userId, idList('user_id', value))})`,
      ),
  },
  sorts: { name: organisations.name, type: organisations.type, created_at: organisations.createdAt },
  defaultSort: 'name',
  includes: ORGANISATION_INCLUDES,
  fields: ORGANISATION_FIELDS,
};

export const APPLICATIONS_RESOURCE: ListResource = {
  name: 'organisation_applications',
  filters: {
    search: containsFilter(organisationApplications.name),
    status: oneOfFilter('status', organisationApplications.status, ORGANISATION_APPLICATION_STATUSES),
    user_id: (value) => inArray(organisationApplications.userId, idList('user_id', value)),
  },
  sorts: { name: organisationApplications.name, created_at: organisationApplications.createdAt, status: organisationApplications.status },
  defaultSort: '-created_at',
};

export interface OrganisationExportRow {
  id: number;
  name: string;
  type: string;
  companyNumber: string | null;
  country: string | null;
  email: string | null;
  phone: string | null;
  people: string | null;
  createdAt: Date;
}

export const ORGANISATION_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<OrganisationExportRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Name', value: (r) => r.name },
  { header: 'Type', value: (r) => ORGANISATION_TYPE_LABELS[r.type as OrganisationType] ?? r.type },
  { header: 'Company number', value: (r) => r.companyNumber },
  { header: 'Country', value: (r) => r.country },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Linked people', value: (r) => r.people },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
];

export async function organisationExportRows(db: Db, ids: number[]): Promise<OrganisationExportRow[]> {
  const rows = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      type: organisations.type,
      companyNumber: organisations.companyNumber,
      country: organisations.country,
      email: organisations.email,
      phone: organisations.phone,
      createdAt: organisations.createdAt,
    })
    .from(organisations)
    .where(and(inArray(organisations.id, ids), isNull(organisations.deletedAt)));
  const links = await db
    .select({ organisationId: organisationUsers.organisationId, name: users.name, role: organisationUsers.role })
    .from(organisationUsers)
    .innerJoin(users, eq(users.id, organisationUsers.userId))
    .where(inArray(organisationUsers.organisationId, ids));
  const people = new Map<number, string[]>();
  for (const link of links)
    (people.get(link.organisationId) ?? people.set(link.organisationId, []).get(link.organisationId)!).push(
      link.role ? `${link.name} (${ORGANISATION_ROLE_LABELS[link.role as OrganisationRole] ?? link.role})` : link.name,
    );
  return rows.map((r) => ({ ...r, people: people.get(r.id)?.join('; ') ?? null }));
}
