import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { Role } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { investments, organisationApplications, organisations, organisationUsers, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { idParam, idParams } from '@platform/domain';
import { registerHolderResource } from '../holders';
import { ORGANISATION_EXPORT_COLUMNS, ORGANISATION_INCLUDES, ORGANISATIONS_RESOURCE, organisationExportRows } from './list';
import { linkedUsers, presentOrganisationsWith, type OrganisationRow } from './presenter';
import { createOrganisationSchema, linkUserSchema, updateLinkSchema, updateOrganisationSchema, type OrganisationInput } from './schemas';
import { registerApplicationRoutes } from './applications';
import { registerMyOrganisationRoutes } from './my-organisations';
import { linkUser, organisationColumns } from './service';

const linkParams = idParams.extend({ userId: idParam });

/**
 * Organisations (spec §2.2 /admin/investors/organisations): companies, trusts… investors invest
 * through, with the people who act for them and their role. Applications to act for one, and the
 * investor's own view, are registered from here too.
 */
export function registerOrganisationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const { find, guard } = registerHolderResource<
    OrganisationRow,
    OrganisationInput,
    Awaited<ReturnType<typeof organisationExportRows>>[number]
  >(app, ctx, {
    subject: 'organisation',
    label: 'organisation',
    path: '/api/organisations',
    table: organisations,
    list: ORGANISATIONS_RESOURCE,
    includes: ORGANISATION_INCLUDES,
    createSchema: createOrganisationSchema,
    updateSchema: updateOrganisationSchema,
    columns: organisationColumns,
    present: presentOrganisationsWith,
    heldBy: (id) => eq(investments.organisationId, id),
    exportColumns: ORGANISATION_EXPORT_COLUMNS,
    exportRows: organisationExportRows,
    purge: async (tx, id) => {
      await tx.delete(organisationUsers).where(eq(organisationUsers.organisationId, id));
      // Applications stay, as the record of what was asked and decided; they no longer point here.
      await tx.update(organisationApplications).set({ organisationId: null }).where(eq(organisationApplications.organisationId, id));
    },
  });

  const params = (raw: unknown) => linkParams.parse(raw);

  app.get('/api/organisations/:id/users', { schema: { params: idParams }, onRequest: guard('show') }, async (request) => {
    const { id } = idParams.parse(request.params);
    await find(id);
    return { data: (await linkedUsers(db, [id])).get(id) ?? [] };
  });

  /** Links an investor to the organisation in a role; linking again changes the role. */
  app.post('/api/organisations/:id/users', { schema: { params: idParams }, onRequest: guard('update') }, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const input = parseFields(linkUserSchema, await readFormFields(request));
    await find(id);
    const [person] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.user_id), eq(users.roleId, Role.User), isNull(users.deletedAt)));
    if (!person) throw validationError({ user_id: ['Choose an investor: this person could not be found.'] });
    await db.transaction(async (tx) => {
      await linkUser(tx, { organisationId: id, userId: input.user_id, role: input.role }, request);
    });
    return reply.status(201).send({ data: (await linkedUsers(db, [id])).get(id) ?? [] });
  });

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/organisations/:id/users/:userId',
    schema: { params: linkParams },
    onRequest: guard('update'),
    handler: async (request) => {
      const { id, userId } = params(request.params);
      const input = parseFields(updateLinkSchema, await readFormFields(request));
      await find(id);
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(organisationUsers)
          .where(and(eq(organisationUsers.organisationId, id), eq(organisationUsers.userId, userId)))
          .for('update');
        if (!before) throw notFound('link');
        const [after] = await tx.update(organisationUsers).set({ role: input.role }).where(eq(organisationUsers.id, before.id)).returning();
        await recordActivity(tx, { request, action: 'user_role_changed', subjectType: 'organisation', subjectId: id, before, after });
      });
      return { data: (await linkedUsers(db, [id])).get(id) ?? [] };
    },
  });

  app.delete(
    '/api/organisations/:id/users/:userId',
    { schema: { params: linkParams }, onRequest: guard('update') },
    async (request, reply) => {
      const { id, userId } = params(request.params);
      await find(id);
      await db.transaction(async (tx) => {
        const [before] = await tx
          .delete(organisationUsers)
          .where(and(eq(organisationUsers.organisationId, id), eq(organisationUsers.userId, userId)))
          .returning();
        if (!before) throw notFound('link');
        await recordActivity(tx, { request, action: 'user_unlinked', subjectType: 'organisation', subjectId: id, before });
      });
      return reply.status(204).send();
    },
  );

  registerApplicationRoutes(app, ctx, find);
  registerMyOrganisationRoutes(app, ctx);
}
