import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { investmentMethodEntities, investmentMethods, nominees, organisationUsers, organisations } from '../../db/schema';
import { investorOnly, requireInvestor } from '../../platform/guards';
import { flagOn, loadSettings } from '../../shared/settings';

/**
 * How the signed-in investor may hold an investment (spec §2.3 /investor/investments/{slug}/investor-type):
 * their organisations, their investment-method accounts, and the nominees when the tenant offers them.
 */
export function registerHolderRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/my/holders', { onRequest: investorOnly }, async (request) => {
    const user = requireInvestor(request);
    const [orgs, entities, settings] = await Promise.all([
      db
        .select({ id: organisations.id, name: organisations.name })
        .from(organisationUsers)
        .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
        .where(and(eq(organisationUsers.userId, user.id), isNull(organisations.deletedAt)))
        .orderBy(asc(organisations.name)),
      db
        .select({ id: investmentMethodEntities.id, method: investmentMethods.name, reference: investmentMethodEntities.reference })
        .from(investmentMethodEntities)
        .innerJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investmentMethodId))
        .where(
          and(
            eq(investmentMethodEntities.userId, user.id),
            isNull(investmentMethodEntities.deletedAt),
            isNull(investmentMethods.deletedAt),
          ),
        )
        .orderBy(asc(investmentMethods.name)),
      loadSettings(db),
    ]);
    const nomineeRows = flagOn(settings, 'nominee_enabled')
      ? await db
          .select({ id: nominees.id, name: nominees.name })
          .from(nominees)
          .where(isNull(nominees.deletedAt))
          .orderBy(asc(nominees.name))
      : [];
    return {
      data: {
        organisations: orgs,
        investment_method_entities: entities.map((e) => ({ id: e.id, name: e.reference ? `${e.method} (${e.reference})` : e.method })),
        nominees: nomineeRows,
      },
    };
  });
}
