import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { type createOrganisationBody, type Organisation, Role, type updateOrganisationBody } from '@platform/domain';
import type { Db } from '../../db/client';
import { investments, organisationApplications, organisations, organisationUsers, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { type ListQuery, type Page, paginate } from '../../platform/list-query';
import type { DeletableHolder } from '../holders';
import { liveOrganisations } from './list';
import { type OrganisationRow, presentOrganisationsWith } from './presenter';

type OrganisationInput = z.output<typeof updateOrganisationBody>;

/** Form input → organisation columns; only the fields sent are written (an edit may send a few). */
function organisationColumns(input: OrganisationInput) {
  return {
    name: input.name,
    type: input.type,
    companyNumber: input.company_number,
    country: input.country,
    address: input.address,
    email: input.email,
    phone: input.phone,
  };
}

/** How the holders' delete sees an organisation: its links go with it, its applications stay. */
export const ORGANISATION_HOLDER: DeletableHolder = {
  subject: 'organisation',
  label: 'organisation',
  table: organisations,
  heldBy: (id) => eq(investments.organisationId, id),
  purge: async (tx, id) => {
    await tx.delete(organisationUsers).where(eq(organisationUsers.organisationId, id));
    // Applications stay, as the record of what was asked and decided; they no longer point here.
    await tx.update(organisationApplications).set({ organisationId: null }).where(eq(organisationApplications.organisationId, id));
  },
};

/** Whether a live organisation has this id (records attached to one check it). */
export async function organisationExists(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(liveOrganisations(eq(organisations.id, id)));
  return rows.length > 0;
}

/** A live organisation; 404 otherwise. */
export async function findOrganisation(db: Db, id: number): Promise<OrganisationRow> {
  const [row] = await db
    .select()
    .from(organisations)
    .where(liveOrganisations(eq(organisations.id, id)));
  if (!row) throw notFound('organisation');
  return row;
}

export async function listOrganisations(db: Db, request: FastifyRequest, query: ListQuery): Promise<Page<Organisation>> {
  query.orderBy.push(asc(organisations.id));
  const where = liveOrganisations(query.where);
  return paginate<OrganisationRow, Organisation>(
    db.select().from(organisations).where(where).$dynamic(),
    db.select({ total: count() }).from(organisations).where(where).$dynamic(),
    query,
    request,
    (rows) => presentOrganisationsWith(db, rows, query.includes),
  );
}

export async function createOrganisation(
  db: Db,
  request: FastifyRequest,
  input: z.output<typeof createOrganisationBody>,
): Promise<OrganisationRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(organisations)
      .values({ ...organisationColumns(input), name: input.name })
      .returning();
    await recordActivity(tx, { request, action: 'created', subjectType: 'organisation', subjectId: row.id, after: row });
    return row;
  });
}

export async function updateOrganisation(
  db: Db,
  request: FastifyRequest,
  id: number,
  input: OrganisationInput,
  now: Date,
): Promise<OrganisationRow> {
  await findOrganisation(db, id);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(organisations).where(eq(organisations.id, id)).for('update');
    if (before.deletedAt) throw notFound('organisation');
    const [after] = await tx
      .update(organisations)
      .set({ ...organisationColumns(input), updatedAt: now })
      .where(eq(organisations.id, id))
      .returning();
    await recordActivity(tx, { request, action: 'updated', subjectType: 'organisation', subjectId: id, before, after });
    return after;
  });
}

/**
 * Links a person to an organisation in a role, or changes their role if already linked; logged on
 * the organisation. The unique (organisation, user) index makes a concurrent second link a no-op.
 */
export async function linkUser(
  tx: Db,
  link: { organisationId: number; userId: number; role: string },
  request: FastifyRequest,
  via?: { applicationId: number },
) {
  const [before] = await tx
    .select()
    .from(organisationUsers)
    .where(and(eq(organisationUsers.organisationId, link.organisationId), eq(organisationUsers.userId, link.userId)))
    .for('update');
  const [after] = before
    ? await tx.update(organisationUsers).set({ role: link.role }).where(eq(organisationUsers.id, before.id)).returning()
    : await tx
        .insert(organisationUsers)
        .values(link)
        .onConflictDoUpdate({ target: [organisationUsers.organisationId, organisationUsers.userId], set: { role: link.role } })
        .returning();
  await recordActivity(tx, {
    request,
    action: before ? 'user_role_changed' : 'user_linked',
    subjectType: 'organisation',
    subjectId: link.organisationId,
    before: before ?? null,
    after: via ? { ...after, application_id: via.applicationId } : after,
  });
  return after;
}

/** Staff link a live investor (never a member of staff) to the organisation. */
export async function linkInvestor(db: Db, request: FastifyRequest, organisationId: number, input: { user_id: number; role: string }) {
  await findOrganisation(db, organisationId);
  const [person] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.user_id), eq(users.roleId, Role.User), isNull(users.deletedAt)));
  if (!person) throw validationError({ user_id: ['Choose an investor: this person could not be found.'] });
  await db.transaction(async (tx) => {
    await linkUser(tx, { organisationId, userId: input.user_id, role: input.role }, request);
  });
}

export async function changeLinkedRole(db: Db, request: FastifyRequest, organisationId: number, userId: number, role: string) {
  await findOrganisation(db, organisationId);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(organisationUsers)
      .where(and(eq(organisationUsers.organisationId, organisationId), eq(organisationUsers.userId, userId)))
      .for('update');
    if (!before) throw notFound('link');
    const [after] = await tx.update(organisationUsers).set({ role }).where(eq(organisationUsers.id, before.id)).returning();
    await recordActivity(tx, {
      request,
      action: 'user_role_changed',
      subjectType: 'organisation',
      subjectId: organisationId,
      before,
      after,
    });
  });
}

export async function unlinkUser(db: Db, request: FastifyRequest, organisationId: number, userId: number) {
  await findOrganisation(db, organisationId);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .delete(organisationUsers)
      .where(and(eq(organisationUsers.organisationId, organisationId), eq(organisationUsers.userId, userId)))
      .returning();
    if (!before) throw notFound('link');
    await recordActivity(tx, { request, action: 'user_unlinked', subjectType: 'organisation', subjectId: organisationId, before });
  });
}

/** The live organisations people act for, with each person's role. */
const organisationsOf = (db: Db, userIds: number[]) =>
  db
    .select({ organisation: organisations, role: organisationUsers.role, userId: organisationUsers.userId })
    .from(organisationUsers)
    .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
    .where(and(inArray(organisationUsers.userId, userIds), isNull(organisations.deletedAt)))
    .$dynamic();

export async function myOrganisations(db: Db, userId: number) {
  return organisationsOf(db, [userId]).orderBy(asc(organisations.name));
}

/** The organisations of a page of users (`include=organisations`): user id → `{ id, name, type, role }`. */
export async function organisationsOfUsers(db: Db, userIds: number[]) {
  const byUser = new Map<number, { id: number; name: string; type: string; role: string | null }[]>();
  for (const { organisation, role, userId } of await organisationsOf(db, userIds).orderBy(asc(organisations.name))) {
    byUser.set(userId, [...(byUser.get(userId) ?? []), { id: organisation.id, name: organisation.name, type: organisation.type, role }]);
  }
  return byUser;
}

/** One organisation the person acts for; 404 for any other. */
export async function myOrganisation(db: Db, userId: number, id: number) {
  const [row] = await organisationsOf(db, [userId]).where(
    and(eq(organisationUsers.userId, userId), eq(organisations.id, id), isNull(organisations.deletedAt)),
  );
  if (!row) throw notFound('organisation');
  return row;
}

/** Whether a person acts for a live organisation. */
export async function actsFor(db: Db, userId: number, organisationId: number): Promise<boolean> {
  const rows = await db
    .select({ id: organisationUsers.id })
    .from(organisationUsers)
    .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
    .where(and(eq(organisationUsers.userId, userId), eq(organisations.id, organisationId), isNull(organisations.deletedAt)));
  return rows.length > 0;
}
