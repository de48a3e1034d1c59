import {
  createInvestmentMethodBody,
  createMethodAccountBody,
  dataOf,
  fileBody,
  holderDeleteQuery,
  idParams,
  INVESTMENT_METHODS_LIST,
  INVESTMENTS_LIST,
  investmentMethodSchema,
  listQuery,
  METHOD_ACCOUNTS_LIST,
  methodAccountParams,
  methodAccountSchema,
  noContent,
  pageOf,
  staffInvestmentSchema,
  updateInvestmentMethodBody,
  updateMethodAccountBody,
  type Action,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { exportFormat, sendExport } from '../../platform/export';
import { parseListQuery } from '../../platform/list-query';
import { registerResource } from '../../platform/resource';
import { registerSubject } from '../../shared/record-subjects';
import { registerUserRelation } from '../../shared/user-presenter';
import { deleteHolder, heldInvestmentsPage, holderGuard } from '../holders';
import { METHODS_EXPORT_RESOURCE, methodsExport } from './list';
import { registerMyMethodAccountRoutes } from './my-accounts';
import { presentAccount, presentMethod, presentUserAccount } from './presenter';
import {
  accountsOfUsers,
  addAccount,
  closeAccount,
  createMethod,
  findMethod,
  INVESTMENT_METHOD,
  listAccounts,
  listMethods,
  methodExists,
  updateAccount,
  updateMethod,
} from './service';

/**
 * Alternative investment methods (spec §2.2 /admin/investors/investment-methods): SIPP, SSAS, ISA,
 * nominee accounts… and each investor's (or lead's) account with one under their reference, the
 * holder of the investments they make through it.
 */
export function registerInvestmentMethodRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const guard = (...actions: Action[]) => holderGuard(db, INVESTMENT_METHOD, ...actions);
  registerSubject('investment_method', methodExists);
  for (const [relation, asLead] of [
    ['investmentMethodEntities', false],
    ['leadInvestmentMethodEntities', true],
  ] as const) {
    registerUserRelation(relation, async (db, userIds, nested) => {
      const byUser = new Map<number, ReturnType<typeof presentUserAccount>[]>();
      for (const row of await accountsOfUsers(db, userIds, asLead)) {
        const userId = row.account.userId as number;
        byUser.set(userId, [...(byUser.get(userId) ?? []), presentUserAccount(row, nested.has('investmentMethod'))]);
      }
      return byUser;
    });
  }

  registerResource(app, {
    path: '/api/investment-methods',
    item: investmentMethodSchema,
    guard,
    list: {
      query: listQuery(INVESTMENT_METHODS_LIST),
      paged: true,
      run: (request, query) => listMethods(db, request, query),
    },
    show: { run: async (_request, id) => presentMethod(db, await findMethod(db, id)) },
    create: {
      body: createInvestmentMethodBody,
      run: async (request, input) => presentMethod(db, await createMethod(db, request, input)),
    },
    update: {
      body: updateInvestmentMethodBody,
      run: async (request, id, input) => presentMethod(db, await updateMethod(db, request, id, input, clock.now())),
    },
    remove: {
      actions: ['delete', 'delete_unsafe'],
      query: holderDeleteQuery,
      run: (request, id, query) => deleteHolder(ctx, INVESTMENT_METHOD, request, id, query.permanent === '1'),
    },
  });

  app.get(
    '/api/investment-methods/export',
    {
      schema: { querystring: listQuery({ ...INVESTMENT_METHODS_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: guard('index'),
    },
    async (request, reply) =>
      sendExport(request, reply, exportFormat(request.query), methodsExport(db, parseListQuery(request.query, METHODS_EXPORT_RESOURCE))),
  );

  /** The Transactions tab: investments made through any of the method's accounts. */
  app.get(
    '/api/investment-methods/:id/investments',
    {
      schema: { params: idParams, querystring: listQuery(INVESTMENTS_LIST), response: { 200: pageOf(staffInvestmentSchema) } },
      onRequest: guard('show'),
    },
    async (request) => {
      const method = await findMethod(db, request.params.id);
      return heldInvestmentsPage(db, request, INVESTMENT_METHOD.heldBy(method.id), request.query, clock.now());
    },
  );

  app.get(
    '/api/investment-methods/:id/entities',
    {
      schema: { params: idParams, querystring: listQuery(METHOD_ACCOUNTS_LIST), response: { 200: pageOf(methodAccountSchema) } },
      onRequest: guard('show'),
    },
    async (request) => listAccounts(db, request, request.params.id, request.query),
  );

  /** Adds an investor's or a lead's account with the method. */
  app.post(
    '/api/investment-methods/:id/entities',
    {
      schema: { params: idParams, body: createMethodAccountBody, response: { 201: dataOf(methodAccountSchema) } },
      onRequest: guard('update'),
    },
    async (request, reply) => {
      const account = await addAccount(db, request, request.params.id, request.body);
      return reply.status(201).send({ data: await presentAccount(db, account) });
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/investment-methods/:id/entities/:entityId',
    schema: { params: methodAccountParams, body: updateMethodAccountBody, response: { 200: dataOf(methodAccountSchema) } },
    onRequest: guard('update'),
    handler: async (request) => {
      const { id, entityId } = request.params;
      const account = await updateAccount(db, request, id, entityId, request.body.reference, clock.now());
      return { data: await presentAccount(db, account) };
    },
  });

  /** Closes an account with the method; one that holds investments stays (409). */
  app.delete(
    '/api/investment-methods/:id/entities/:entityId',
    { schema: { params: methodAccountParams, response: { 204: noContent } }, onRequest: guard('update') },
    async (request, reply) => {
      await closeAccount(db, request, request.params.id, request.params.entityId, clock.now());
      return reply.status(204).send(null);
    },
  );

  registerMyMethodAccountRoutes(app, ctx);
}
