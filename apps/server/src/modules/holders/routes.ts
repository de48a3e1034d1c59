import { dataOf, myHoldersSchema } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { investorOnly, requireInvestor } from '../../platform/guards';
import { myHolders } from './mine';

/**
 * How the signed-in investor may hold an investment (spec §2.3 /investor/investments/{slug}/investor-type):
 * their organisations, their investment-method accounts, and the nominees when the tenant offers them.
 */
export function registerHolderRoutes(app: App, { db }: AppContext) {
  app.get('/api/my/holders', { schema: { response: { 200: dataOf(myHoldersSchema) } }, onRequest: investorOnly }, async (request) => ({
    data: await myHolders(db, requireInvestor(request).id),
  }));
}
