import { dataOf, HOLDER_PERMISSION_EVENT, idParams, myHoldersSchema } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { authorize, investorOnly, requireInvestor } from '../../platform/guards';
import { myHolders } from './mine';

/**
 * How the signed-in investor may hold an investment (spec §2.3 /investor/investments/{slug}/investor-type):
 * their organisations, their investment-method accounts, and the nominees when the tenant offers them.
 */
export function registerHolderRoutes(app: App, { db }: AppContext) {
  app.get('/api/my/holders', { schema: { response: { 200: dataOf(myHoldersSchema) } }, onRequest: investorOnly }, async (request) => ({
    data: await myHolders(db, requireInvestor(request).id),
  }));

  // The same for staff editing an investor's saved ownership choices (decision 0054): any user id answers their own links.
  app.get(
    '/api/users/:id/holders',
    { schema: { params: idParams, response: { 200: dataOf(myHoldersSchema) } }, onRequest: authorize(HOLDER_PERMISSION_EVENT, 'show') },
    async (request) => ({ data: await myHolders(db, request.params.id) }),
  );
}
