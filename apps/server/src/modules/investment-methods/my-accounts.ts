import { dataOf, idParams, myMethodAccountDetailSchema, myMethodAccountSchema, publicDocumentSchema } from '@platform/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import { investorOnly, requireInvestor } from '../../platform/guards';
import { publicDocumentsOf, registerPortalDocuments } from '../records';
import { presentMyAccount } from './presenter';
import { findMyAccount, holdsAccountWith, myAccounts, myInvestmentsThrough } from './service';

/**
 * The investor's own accounts with investment methods (spec §2.3 /investor/profile/investmentmethod_{id}):
 * the method, their reference, what they invested through it, and the method's documents shared
 * with its account holders. Another person's account is 404.
 */
export function registerMyMethodAccountRoutes(app: App, { db }: AppContext) {
  registerPortalDocuments('investment_method', holdsAccountWith);

  app.get(
    '/api/my/investment-method-entities',
    { schema: { response: { 200: dataOf(z.array(myMethodAccountSchema)) } }, onRequest: investorOnly },
    async (request) => ({ data: (await myAccounts(db, requireInvestor(request).id)).map(presentMyAccount) }),
  );

  app.get(
    '/api/my/investment-method-entities/:id',
    { schema: { params: idParams, response: { 200: dataOf(myMethodAccountDetailSchema) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const row = await findMyAccount(db, user.id, request.params.id);
      const held = await myInvestmentsThrough(db, user.id, row.account.id);
      return { data: { ...presentMyAccount(row), investments: held } };
    },
  );

  app.get(
    '/api/my/investment-method-entities/:id/documents',
    { schema: { params: idParams, response: { 200: dataOf(z.array(publicDocumentSchema)) } }, onRequest: investorOnly },
    async (request) => {
      const row = await findMyAccount(db, requireInvestor(request).id, request.params.id);
      return { data: await publicDocumentsOf(db, { type: 'investment_method', id: row.method.id }) };
    },
  );
}
