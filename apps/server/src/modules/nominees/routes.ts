import {
  createNomineeBody,
  fileBody,
  holderDeleteQuery,
  idParams,
  INVESTMENTS_LIST,
  listQuery,
  NOMINEES_LIST,
  nomineeSchema,
  pageOf,
  staffInvestmentSchema,
  updateNomineeBody,
  type Action,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { exportFormat, sendExport } from '../../platform/export';
import { parseListQuery } from '../../platform/list-query';
import { registerResource } from '../../platform/resource';
import { registerSubject } from '../../shared/record-subjects';
import { deleteHolder, heldInvestmentsPage, holderGuard } from '../holders';
import { NOMINEES_EXPORT_RESOURCE, nomineesExport } from './list';
import { presentNominee } from './presenter';
import { createNominee, findNominee, listNominees, NOMINEE, nomineeExists, nomineesEnabled, updateNominee } from './service';

/**
 * Nominees (spec §2.2 /admin/investors/nominees): companies that hold shares for investors. They
 * exist only while `nominee_enabled` is on: with it off every route answers 404.
 */
export function registerNomineeRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const guard = (...actions: Action[]) => holderGuard(db, { label: NOMINEE.label, enabled: nomineesEnabled }, ...actions);
  registerSubject('nominee', nomineeExists);

  registerResource(app, {
    path: '/api/nominees',
    item: nomineeSchema,
    guard,
    list: {
      query: listQuery(NOMINEES_LIST),
      paged: true,
      run: (request, query) => listNominees(db, request, query),
    },
    show: { run: async (_request, id) => presentNominee(await findNominee(db, id)) },
    create: {
      body: createNomineeBody,
      run: async (request, input) => presentNominee(await createNominee(db, request, input)),
    },
    update: {
      body: updateNomineeBody,
      run: async (request, id, input) => presentNominee(await updateNominee(db, request, id, input, clock.now())),
    },
    remove: {
      actions: ['delete', 'delete_unsafe'],
      query: holderDeleteQuery,
      run: (request, id, query) => deleteHolder(ctx, NOMINEE, request, id, query.permanent === '1'),
    },
  });

  app.get(
    '/api/nominees/export',
    {
      schema: { querystring: listQuery({ ...NOMINEES_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: guard('index'),
    },
    async (request, reply) =>
      sendExport(request, reply, exportFormat(request.query), nomineesExport(db, parseListQuery(request.query, NOMINEES_EXPORT_RESOURCE))),
  );

  /** The Transactions tab: investments this nominee holds. */
  app.get(
    '/api/nominees/:id/investments',
    {
      schema: { params: idParams, querystring: listQuery(INVESTMENTS_LIST), response: { 200: pageOf(staffInvestmentSchema) } },
      onRequest: guard('show'),
    },
    async (request) => {
      const nominee = await findNominee(db, request.params.id);
      return heldInvestmentsPage(db, request, NOMINEE.heldBy(nominee.id), request.query, clock.now());
    },
  );
}
