import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  ORGANISATION_APPLICATION_STATUSES,
  ORGANISATION_APPLICATIONS_LIST,
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_TYPES,
  ORGANISATION_TYPE_LABELS,
  ORGANISATIONS_LIST,
  type OrganisationRole,
  type OrganisationType,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { organisationApplications, organisations, organisationUsers, users } from '../../db/schema';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import { containsFilter, idList, oneOfFilter } from '../../platform/list-filters';
import { type ListQuery, type ListResource, listResource } from '../../platform/list-query';

/** Organisations not deleted, narrowed by a list's filters. */
export const liveOrganisations = (where?: SQL) => and(isNull(organisations.deletedAt), where);

export const ORGANISATIONS_RESOURCE = listResource(ORGANISATIONS_LIST, {
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
});

export const ORGANISATIONS_EXPORT_RESOURCE: ListResource = { ...ORGANISATIONS_RESOURCE, params: ['format'] };

export const APPLICATIONS_RESOURCE = listResource(ORGANISATION_APPLICATIONS_LIST, {
  filters: {
    search: containsFilter(organisationApplications.name),
    status: oneOfFilter('status', organisationApplications.status, ORGANISATION_APPLICATION_STATUSES),
    user_id: (value) => inArray(organisationApplications.userId, idList('user_id', value)),
  },
  sorts: { name: organisationApplications.name, created_at: organisationApplications.createdAt, status: organisationApplications.status },
  defaultSort: '-created_at',
});

interface OrganisationExportRow {
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

const EXPORT_COLUMNS: ReadonlyArray<ExportColumn<OrganisationExportRow>> = [
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

async function organisationExportRows(db: Db, ids: number[]): Promise<OrganisationExportRow[]> {
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
    .where(liveOrganisations(inArray(organisations.id, ids)));
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

/** The filtered list as a spreadsheet, in list order, with the people linked to each. */
export function organisationsExport(db: Db, query: ListQuery): ExportSpec<OrganisationExportRow> {
  return {
    filename: 'organisations',
    sheet: 'Organisations',
    columns: EXPORT_COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(organisations.id, [...query.orderBy, asc(organisations.id)]) })
          .from(organisations)
          .where(liveOrganisations(query.where)),
      ),
    loadBatch: (ids) => organisationExportRows(db, ids),
  };
}
