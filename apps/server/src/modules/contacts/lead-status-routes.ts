import { z } from 'zod';
import { createLeadStatusBody, dataOf, idParams, leadStatusSchema, noContent, updateLeadStatusBody } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { authorize, authorizeAny } from '../../platform/guards';
import { createLeadStatus, deleteLeadStatus, listLeadStatuses, updateLeadStatus } from './lead-statuses';
import { presentLeadStatus } from './presenter';

const oneLeadStatus = dataOf(leadStatusSchema);

/**
 * Lead statuses (spec §2.2 settings/investor/lead-status), configured under Investor Settings
 * (`settings_investor_type`). Whoever lists contacts may read them, for filters.
 */
export function registerLeadStatusRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/lead-statuses',
    {
      // The lead statuses take no parameters: anything in the query string is a 400 naming it.
      schema: { querystring: z.strictObject({}), response: { 200: dataOf(z.array(leadStatusSchema)) } },
      onRequest: authorizeAny(['investors', 'index'], ['settings_investor_type', 'index']),
    },
    async () => ({ data: (await listLeadStatuses(db)).map(({ row, contacts }) => presentLeadStatus(row, contacts)) }),
  );

  app.post(
    '/api/lead-statuses',
    { schema: { body: createLeadStatusBody, response: { 201: oneLeadStatus } }, onRequest: authorize('settings_investor_type', 'create') },
    async (request, reply) => reply.status(201).send({ data: presentLeadStatus(await createLeadStatus(db, request, request.body)) }),
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/lead-statuses/:id',
    schema: { params: idParams, body: updateLeadStatusBody, response: { 200: oneLeadStatus } },
    onRequest: authorize('settings_investor_type', 'update'),
    handler: async (request) => ({
      data: presentLeadStatus(await updateLeadStatus(db, request, request.params.id, request.body, clock.now())),
    }),
  });

  app.delete(
    '/api/lead-statuses/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorize('settings_investor_type', 'delete') },
    async (request, reply) => {
      await deleteLeadStatus(db, request, request.params.id, clock.now());
      return reply.status(204).send(null);
    },
  );
}
