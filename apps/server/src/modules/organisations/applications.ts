import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { organisationApplications, organisations } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { idParams } from '@platform/domain';
import { paginate, parseListQuery } from '../../platform/list-query';
import { holderGuard } from '../holders';
import { notifyUser } from '../../shared/notifications';
import { flagOn, loadSettings } from '../../shared/settings';
import { APPLICATIONS_RESOURCE } from './list';
import { presentApplications, type ApplicationRow, type OrganisationRow } from './presenter';
import { approveSchema, rejectSchema } from './schemas';
import { linkUser } from './service';

/** Applications exist only while organisation links are enabled (spec §2.2, enableOrganisationLinks). */
export const applicationsFeature = {
  label: 'organisation application',
  enabled: async (db: Db) => flagOn(await loadSettings(db), 'organisation_links_enabled'),
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Staff decide organisation applications (spec §2.2 /admin/investors/organisation-applications):
 * approving links the applicant in the role asked for (or another) to the organisation named, to
 * one on file with the same company number, or to a new one made from the application; rejecting
 * needs a reason. Either way the investor is notified. A decision is final: deciding twice is 409.
 */
export function registerApplicationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  findOrganisation: (id: number) => Promise<OrganisationRow>,
) {
  const { db, clock } = ctx;
  const guard = (action: 'index' | 'show' | 'update') => holderGuard(db, applicationsFeature, action);

  app.get('/api/organisation-applications', { onRequest: guard('index') }, async (request) => {
    const query = parseListQuery(request.query as Record<string, unknown>, APPLICATIONS_RESOURCE);
    query.orderBy.push(asc(organisationApplications.id));
    const where = and(isNull(organisationApplications.deletedAt), query.where);
    return paginate<ApplicationRow, object>(
      db.select().from(organisationApplications).where(where).$dynamic(),
      db.select({ total: count() }).from(organisationApplications).where(where).$dynamic(),
      query,
      request,
      (rows) => presentApplications(db, rows),
    );
  });

  async function find(id: number) {
    const [row] = await db
      .select()
      .from(organisationApplications)
      .where(and(eq(organisationApplications.id, id), isNull(organisationApplications.deletedAt)));
    if (!row) throw notFound('organisation application');
    return row;
  }

  const present = async (row: ApplicationRow) => ({ data: (await presentApplications(db, [row]))[0] });

  app.get('/api/organisation-applications/:id', { schema: { params: idParams }, onRequest: guard('show') }, async (request) =>
    present(await find(idParams.parse(request.params).id)),
  );

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

  app.post(
    '/api/organisation-applications/:id/approve',
    { schema: { params: idParams }, onRequest: guard('update') },
    async (request: FastifyRequest) => {
      const { id } = idParams.parse(request.params);
      const input = parseFields(approveSchema, await readFormFields(request));
      await find(id);
      if (input.organisation_id)
        await findOrganisation(input.organisation_id).catch(() => {
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
        await linkUser(tx, { organisationId: organisation.id, userId: before.userId, role: input.role ?? before.role }, request, {
          applicationId: id,
        });
        const [after] = await tx
          .update(organisationApplications)
          .set({
            status: 'approved',
            organisationId: organisation.id,
            role: input.role ?? before.role,
            decidedBy: request.user!.id,
            decidedAt: now,
            updatedAt: now,
          })
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
      return present(decided.after);
    },
  );

  app.post(
    '/api/organisation-applications/:id/reject',
    { schema: { params: idParams }, onRequest: guard('update') },
    async (request: FastifyRequest) => {
      const { id } = idParams.parse(request.params);
      const input = parseFields(rejectSchema, await readFormFields(request));
      await find(id);
      const now = clock.now();
      const after = await db.transaction(async (tx) => {
        const before = await lockPending(tx, id);
        const [row] = await tx
          .update(organisationApplications)
          .set({ status: 'rejected', reason: input.reason, decidedBy: request.user!.id, decidedAt: now, updatedAt: now })
          .where(eq(organisationApplications.id, id))
          .returning();
        await recordActivity(tx, {
          request,
          action: 'rejected',
          subjectType: 'organisation_application',
          subjectId: id,
          before,
          after: row,
        });
        return row;
      });
      await notifyUser(ctx, after.userId, {
        message: `Your application to act for <strong>${escapeHtml(after.name)}</strong> was not approved: ${escapeHtml(input.reason)}`,
        icon: 'organisation_application',
        cta: '/investor/profile/organisation-apply',
      });
      return present(after);
    },
  );
}
