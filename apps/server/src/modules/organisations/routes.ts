import { z } from 'zod';
import {
  type Action,
  createOrganisationBody,
  dataOf,
  fileBody,
  holderDeleteQuery,
  idParams,
  INVESTMENTS_LIST,
  linkedUserSchema,
  linkUserBody,
  listQuery,
  noContent,
  ORGANISATIONS_LIST,
  organisationIncludeQuery,
  organisationLinkParams,
  organisationSchema,
  pageOf,
  staffInvestmentSchema,
  updateLinkBody,
  updateOrganisationBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { exportFormat, sendExport } from '../../platform/export';
import { parseListQuery } from '../../platform/list-query';
import { registerResource } from '../../platform/resource';
import { registerSubject } from '../../shared/record-subjects';
import { parseIncludes, registerUserRelation } from '../../shared/user-presenter';
import { deleteHolder, heldInvestmentsPage, holderGuard } from '../holders';
import { registerApplicationRoutes } from './applications';
import { ORGANISATIONS_EXPORT_RESOURCE, ORGANISATIONS_RESOURCE, organisationsExport } from './list';
import { registerMyOrganisationRoutes } from './my-organisations';
import { linkedUsers, type OrganisationRow, presentOrganisationsWith } from './presenter';
import {
  changeLinkedRole,
  createOrganisation,
  findOrganisation,
  linkInvestor,
  listOrganisations,
  ORGANISATION_HOLDER,
  organisationExists,
  organisationsOfUsers,
  unlinkUser,
  updateOrganisation,
} from './service';

const people = dataOf(z.array(linkedUserSchema));

/**
 * Organisations (spec §2.2 /admin/investors/organisations): companies, trusts… investors invest
 * through, with the people who act for them and their role. Permission event 'investors'
 * (decision 0012); delete and the Transactions tab are the holders' own. Applications to act for
 * one, and the investor's own view, are registered from here too.
 */
export function registerOrganisationRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const guard = (...actions: Action[]) => holderGuard(db, ORGANISATION_HOLDER, ...actions);
  const present = async (row: OrganisationRow, includes: ReadonlySet<string> = new Set()) =>
    (await presentOrganisationsWith(db, [row], includes))[0];
  const peopleOf = async (id: number) => ({ data: (await linkedUsers(db, [id])).get(id) ?? [] });
  registerUserRelation('organisations', organisationsOfUsers);

  registerSubject('organisation', organisationExists);

  registerResource(app, {
    path: '/api/organisations',
    item: organisationSchema,
    guard,
    list: {
      query: listQuery(ORGANISATIONS_LIST),
      paged: true,
      run: (request, query) => listOrganisations(db, request, parseListQuery(query, ORGANISATIONS_RESOURCE)),
    },
    show: {
      query: organisationIncludeQuery,
      run: async (_request, id, query) =>
        present(await findOrganisation(db, id), parseIncludes(query.include, ORGANISATIONS_LIST.includes)),
    },
    create: { body: createOrganisationBody, run: async (request, body) => present(await createOrganisation(db, request, body)) },
    update: {
      body: updateOrganisationBody,
      run: async (request, id, body) => present(await updateOrganisation(db, request, id, body, clock.now())),
    },
    remove: {
      actions: ['delete', 'delete_unsafe'],
      query: holderDeleteQuery,
      run: (request, id, query) => deleteHolder(ctx, ORGANISATION_HOLDER, request, id, query.permanent === '1'),
    },
  });

  app.get(
    '/api/organisations/export',
    {
      schema: { querystring: listQuery({ ...ORGANISATIONS_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: guard('index'),
    },
    async (request, reply) =>
      sendExport(
        request,
        reply,
        exportFormat(request.query),
        organisationsExport(db, parseListQuery(request.query, ORGANISATIONS_EXPORT_RESOURCE)),
      ),
  );

  /** The Transactions tab: the investments held through the organisation. */
  app.get(
    '/api/organisations/:id/investments',
    {
      schema: { params: idParams, querystring: listQuery(INVESTMENTS_LIST), response: { 200: pageOf(staffInvestmentSchema) } },
      onRequest: guard('show'),
    },
    async (request) => {
      const { id } = request.params;
      await findOrganisation(db, id);
      return heldInvestmentsPage(db, request, ORGANISATION_HOLDER.heldBy(id), request.query, clock.now());
    },
  );

  app.get(
    '/api/organisations/:id/users',
    { schema: { params: idParams, response: { 200: people } }, onRequest: guard('show') },
    async (request) => {
      await findOrganisation(db, request.params.id);
      return peopleOf(request.params.id);
    },
  );

  /** Links an investor to the organisation in a role; linking again changes the role. */
  app.post(
    '/api/organisations/:id/users',
    { schema: { params: idParams, body: linkUserBody, response: { 201: people } }, onRequest: guard('update') },
    async (request, reply) => {
      await linkInvestor(db, request, request.params.id, request.body);
      return reply.status(201).send(await peopleOf(request.params.id));
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/organisations/:id/users/:userId',
    schema: { params: organisationLinkParams, body: updateLinkBody, response: { 200: people } },
    onRequest: guard('update'),
    handler: async (request) => {
      const { id, userId } = request.params;
      await changeLinkedRole(db, request, id, userId, request.body.role);
      return peopleOf(id);
    },
  });

  app.delete(
    '/api/organisations/:id/users/:userId',
    { schema: { params: organisationLinkParams, response: { 204: noContent } }, onRequest: guard('update') },
    async (request, reply) => {
      const { id, userId } = request.params;
      await unlinkUser(db, request, id, userId);
      return reply.status(204).send(null);
    },
  );

  registerApplicationRoutes(app, ctx);
  registerMyOrganisationRoutes(app, ctx);
}
