import { asc, count, eq, inArray } from 'drizzle-orm';
import {
  type LinkedUser,
  type MyOrganisation,
  type Organisation,
  ORGANISATION_APPLICATION_STATUS_LABELS,
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_TYPE_LABELS,
  type OrganisationApplication,
  type OrganisationApplicationStatus,
  type OrganisationRole,
  type OrganisationType,
  type StaffOrganisationApplication,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { documents, type organisationApplications, organisations, organisationUsers, users } from '../../db/schema';
import { namesById } from '../../platform/lookup';

export type OrganisationRow = typeof organisations.$inferSelect;
export type ApplicationRow = typeof organisationApplications.$inferSelect;

const roleLabel = (role: string) => ORGANISATION_ROLE_LABELS[role as OrganisationRole] ?? role;
const typeLabel = (type: string) => ORGANISATION_TYPE_LABELS[type as OrganisationType] ?? type;

function presentOrganisation(row: OrganisationRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    type_label: typeLabel(row.type),
    company_number: row.companyNumber,
    country: row.country,
    address: row.address,
    email: row.email,
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The people linked to each organisation, with their role in it; one query for the page. */
export async function linkedUsers(db: Db, organisationIds: number[]) {
  if (!organisationIds.length) return new Map<number, LinkedUser[]>();
  const rows = await db
    .select({
      organisationId: organisationUsers.organisationId,
      id: users.id,
      name: users.name,
      email: users.email,
      role: organisationUsers.role,
      linkedAt: organisationUsers.createdAt,
    })
    .from(organisationUsers)
    .innerJoin(users, eq(users.id, organisationUsers.userId))
    .where(inArray(organisationUsers.organisationId, organisationIds))
    .orderBy(asc(users.name));
  const byOrganisation = new Map<number, LinkedUser[]>();
  for (const { organisationId, linkedAt, ...user } of rows) {
    const list = byOrganisation.get(organisationId) ?? [];
    list.push({ ...user, role_label: user.role ? roleLabel(user.role) : null, linked_at: linkedAt.toISOString() });
    byOrganisation.set(organisationId, list);
  }
  return byOrganisation;
}

export async function presentOrganisationsWith(db: Db, rows: OrganisationRow[], includes: ReadonlySet<string>): Promise<Organisation[]> {
  const ids = rows.map((r) => r.id);
  const [counts, people] = await Promise.all([
    ids.length
      ? db
          .select({ id: organisationUsers.organisationId, total: count() })
          .from(organisationUsers)
          .where(inArray(organisationUsers.organisationId, ids))
          .groupBy(organisationUsers.organisationId)
      : [],
    includes.has('users') ? linkedUsers(db, ids) : null,
  ]);
  const countById = new Map(counts.map((c) => [c.id, Number(c.total)]));
  return rows.map((row) => ({
    ...presentOrganisation(row),
    users_count: countById.get(row.id) ?? 0,
    ...(people ? { users: people.get(row.id) ?? [] } : {}),
  }));
}

/** Applications for staff: the applicant, the supporting document, the decision and who made it. */
export async function presentApplications(db: Db, rows: ApplicationRow[]): Promise<StaffOrganisationApplication[]> {
  const documentIds = rows.map((r) => r.documentId).filter((id): id is number => id != null);
  const [applicants, deciders, docs, orgs] = await Promise.all([
    rows.length
      ? db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))]))
      : [],
    namesById(
      db,
      users,
      rows.map((r) => r.decidedBy),
    ),
    documentIds.length
      ? db
          .select({ id: documents.id, name: documents.name, deletedAt: documents.deletedAt })
          .from(documents)
          .where(inArray(documents.id, documentIds))
      : [],
    namesById(
      db,
      organisations,
      rows.map((r) => r.organisationId),
    ),
  ]);
  const applicantById = new Map(applicants.map((a) => [a.id, a]));
  const documentById = new Map(
    docs.filter((d) => !d.deletedAt).map((d) => [d.id, { id: d.id, name: d.name, download_url: `/api/documents/${d.id}/download` }]),
  );
  return rows.map((row) => ({
    ...presentApplicationCommon(row),
    user: applicantById.get(row.userId) ?? null,
    document: (row.documentId && documentById.get(row.documentId)) || null,
    organisation: (row.organisationId && orgs.get(row.organisationId)) || null,
    decided_by: (row.decidedBy && deciders.get(row.decidedBy)) || null,
  }));
}

/** What both the applicant and staff see of an application. */
export function presentApplicationCommon(row: ApplicationRow): OrganisationApplication {
  return {
    id: row.id,
    user_id: row.userId,
    organisation_id: row.organisationId,
    name: row.name,
    type: row.type,
    type_label: typeLabel(row.type),
    company_number: row.companyNumber,
    role: row.role,
    role_label: roleLabel(row.role),
    status: row.status as OrganisationApplicationStatus,
    status_label: ORGANISATION_APPLICATION_STATUS_LABELS[row.status as OrganisationApplicationStatus] ?? row.status,
    reason: row.reason,
    decided_at: row.decidedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** One of the investor's organisations, with the role they act in. */
export function presentMyOrganisation({ organisation, role }: { organisation: OrganisationRow; role: string | null }): MyOrganisation {
  return { ...presentOrganisation(organisation), my_role: role, my_role_label: role ? roleLabel(role) : null };
}
