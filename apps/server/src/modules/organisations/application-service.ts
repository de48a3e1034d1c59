import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { approveApplicationBody, organisationApplicationBody, StaffOrganisationApplication } from '@platform/domain';
import type { Db } from '../../db/client';
import { organisationApplications, organisations } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form';
import { type ListQuery, type Page, paginate } from '../../platform/list-query';
import { withStoredFiles } from '../../platform/storage';
import { storeDocument } from '../records';
import { notifyUser } from '../../shared/notifications';
import { flagOn, loadSettings } from '../../shared/settings';
import { type ApplicationRow, presentApplications } from './presenter';
import { findOrganisation, linkUser } from './service';
import { escapeHtml } from '../../platform/html';

/** Applications exist only while organisation links are enabled (spec §2.2, enableOrganisationLinks). */
export const applicationsFeature = {
  label: 'organisation application',
  enabled: async (db: Db) => flagOn(await loadSettings(db), 'organisation_links_enabled'),
};

/** Where an applicant's supporting documents are filed on their (private) investor record. */
const APPLICATION_DOCUMENTS_FOLDER = 'Organisation applications';

const liveApplications = (where?: SQL) => and(isNull(organisationApplications.deletedAt), where);

export async function listApplications(db: Db, request: FastifyRequest, query: ListQuery): Promise<Page<StaffOrganisationApplication>> {
  query.orderBy.push(asc(organisationApplications.id));
  const where = liveApplications(query.where);
  return paginate<ApplicationRow, StaffOrganisationApplication>(
    db.select().from(organisationApplications).where(where).$dynamic(),
    db.select({ total: count() }).from(organisationApplications).where(where).$dynamic(),
    query,
    request,
    (rows) => presentApplications(db, rows),
  );
}

/** A live application; 404 otherwise. */
export async function findApplication(db: Db, id: number): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(organisationApplications)
    .where(liveApplications(eq(organisationApplications.id, id)));
  if (!row) throw notFound('organisation application');
  return row;
}

/** A decision is final: deciding an application already decided is a conflict. */
async function lockPending(tx: Db, id: number) {
  const [row] = await tx.select().from(organisationApplications).where(eq(organisationApplications.id, id)).for('update');
  if (row.status !== 'pending') throw new AppError('conflict', `This application was already ${row.status}.`);
  return row;
}

/** An organisation on file with the same company number (spaces and case ignored), if any. */
async function sameCompanyNumber(tx: Db, companyNumber: string | null) {
  if (!companyNumber?.trim()) return undefined;
  const [row] = await tx
    .select()
    .from(organisations)
    .where(
      and(
        isNull(organisations.deletedAt),
        sql`upper(replace(${organisations.companyNumber}, ' ', '')) = ${companyNumber.replace(/\s/g, '').toUpperCase()}`,
      ),
    )
    .orderBy(asc(organisations.id))
    .limit(1);
  return row;
}

/**
 * Approving links the applicant, in the role asked for or the one staff choose, to the organisation
 * staff name, else to one on file with the same company number, else to a new one made from the
 * application; the investor is notified.
 */
export async function approveApplication(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  input: z.output<typeof approveApplicationBody>,
): Promise<ApplicationRow> {
  const { db, clock } = ctx;
  await findApplication(db, id);
  if (input.organisation_id)
    await findOrganisation(db, input.organisation_id).catch(() => {
      throw validationError({ organisation_id: ['Choose an organisation on file: this one could not be found.'] });
    });
  const now = clock.now();
  const decided = await db.transaction(async (tx) => {
    const before = await lockPending(tx, id);
    let organisation = input.organisation_id
      ? (await tx.select().from(organisations).where(eq(organisations.id, input.organisation_id)))[0]
      : await sameCompanyNumber(tx, before.companyNumber);
    if (!organisation) {
      [organisation] = await tx
        .insert(organisations)
        .values({ name: before.name, type: before.type, companyNumber: before.companyNumber })
        .returning();
      await recordActivity(tx, {
        request,
        action: 'created',
        subjectType: 'organisation',
        subjectId: organisation.id,
        after: { ...organisation, application_id: id },
      });
    }
    const role = input.role ?? before.role;
    await linkUser(tx, { organisationId: organisation.id, userId: before.userId, role }, request, { applicationId: id });
    const [after] = await tx
      .update(organisationApplications)
      .set({ status: 'approved', organisationId: organisation.id, role, decidedBy: request.user!.id, decidedAt: now, updatedAt: now })
      .where(eq(organisationApplications.id, id))
      .returning();
    await recordActivity(tx, { request, action: 'approved', subjectType: 'organisation_application', subjectId: id, before, after });
    return { after, organisation };
  });
  await notifyUser(ctx, decided.after.userId, {
    message: `Your application to act for <strong>${escapeHtml(decided.organisation.name)}</strong> was approved.`,
    icon: 'organisation_application',
    cta: `/investor/profile/organisation_${decided.organisation.id}`,
  });
  return decided.after;
}

/** Rejecting records the reason, which the investor is told. */
export async function rejectApplication(ctx: AppContext, request: FastifyRequest, id: number, reason: string): Promise<ApplicationRow> {
  const { db, clock } = ctx;
  await findApplication(db, id);
  const now = clock.now();
  const after = await db.transaction(async (tx) => {
    const before = await lockPending(tx, id);
    const [row] = await tx
      .update(organisationApplications)
      .set({ status: 'rejected', reason, decidedBy: request.user!.id, decidedAt: now, updatedAt: now })
      .where(eq(organisationApplications.id, id))
      .returning();
    await recordActivity(tx, { request, action: 'rejected', subjectType: 'organisation_application', subjectId: id, before, after: row });
    return row;
  });
  await notifyUser(ctx, after.userId, {
    message: `Your application to act for <strong>${escapeHtml(after.name)}</strong> was not approved: ${escapeHtml(reason)}`,
    icon: 'organisation_application',
    cta: '/investor/profile/organisation-apply',
  });
  return after;
}

/** The investor's own applications, newest first. */
export async function myApplications(db: Db, userId: number): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(organisationApplications)
    .where(liveApplications(eq(organisationApplications.userId, userId)))
    .orderBy(desc(organisationApplications.createdAt), desc(organisationApplications.id));
}

/**
 * Files an investor's application with its supporting document, privately on their investor record.
 * One pending application per organisation name: a second is a field error on the name.
 */
export async function applyForOrganisation(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
  input: z.output<typeof organisationApplicationBody>,
  file: UploadedFile,
): Promise<ApplicationRow> {
  const { db } = ctx;
  const [pending] = await db
    .select({ id: organisationApplications.id })
    .from(organisationApplications)
    .where(
      liveApplications(
        and(
          eq(organisationApplications.userId, userId),
          eq(organisationApplications.status, 'pending'),
          eq(organisationApplications.name, input.name),
        ),
      ),
    );
  if (pending) throw validationError({ name: ['You already have an application for this organisation waiting for a decision.'] });
  return withStoredFiles(ctx.storage, (storage) =>
    db.transaction(async (tx) => {
      const document = await storeDocument({ db: tx, storage }, request, {
        subject: { type: 'investor', id: userId },
        file,
        name: `${input.name} — supporting document`.slice(0, 200),
        visibility: 'private',
        folder: { name: APPLICATION_DOCUMENTS_FOLDER },
        origin: 'application',
      });
      const [row] = await tx
        .insert(organisationApplications)
        .values({
          userId,
          name: input.name,
          type: input.type,
          companyNumber: input.company_number ?? null,
          role: input.role,
          documentId: (document as { id: number }).id,
        })
        .returning();
      await recordActivity(tx, { request, action: 'created', subjectType: 'organisation_application', subjectId: row.id, after: row });
      return row;
    }),
  );
}
