import {
  type Action,
  approveApplicationBody,
  dataOf,
  idParams,
  listQuery,
  ORGANISATION_APPLICATIONS_LIST,
  rejectApplicationBody,
  staffOrganisationApplicationSchema,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { parseListQuery } from '../../platform/list-query';
import { registerResource } from '../../platform/resource';
import { holderGuard } from '../holders';
import { applicationsFeature, approveApplication, findApplication, listApplications, rejectApplication } from './application-service';
import { APPLICATIONS_RESOURCE } from './list';
import { type ApplicationRow, presentApplications } from './presenter';

const decided = { 200: dataOf(staffOrganisationApplicationSchema) };

/**
 * Staff decide organisation applications (spec §2.2 /admin/investors/organisation-applications):
 * approving links the applicant to an organisation, rejecting needs a reason; either way the
 * investor is notified. A decision is final: deciding twice is 409.
 */
export function registerApplicationRoutes(app: App, ctx: AppContext) {
  const { db } = ctx;
  const guard = (...actions: Action[]) => holderGuard(db, applicationsFeature, ...actions);
  const present = async (row: ApplicationRow) => (await presentApplications(db, [row]))[0];

  registerResource(app, {
    path: '/api/organisation-applications',
    item: staffOrganisationApplicationSchema,
    guard,
    list: {
      query: listQuery(ORGANISATION_APPLICATIONS_LIST),
      paged: true,
      run: (request, query) => listApplications(db, request, parseListQuery(query, APPLICATIONS_RESOURCE)),
    },
    show: { run: async (_request, id) => present(await findApplication(db, id)) },
  });

  app.post(
    '/api/organisation-applications/:id/approve',
    { schema: { params: idParams, body: approveApplicationBody, response: decided }, onRequest: guard('update') },
    async (request) => ({ data: await present(await approveApplication(ctx, request, request.params.id, request.body)) }),
  );

  app.post(
    '/api/organisation-applications/:id/reject',
    { schema: { params: idParams, body: rejectApplicationBody, response: decided }, onRequest: guard('update') },
    async (request) => ({ data: await present(await rejectApplication(ctx, request, request.params.id, request.body.reason)) }),
  );
}
