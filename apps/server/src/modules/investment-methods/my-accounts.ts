import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { INVESTMENT_METHOD_TYPE_LABELS, type InvestmentMethodType } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { investmentMethodEntities, investmentMethods, investments } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { investorOnly, requireInvestor } from '../../platform/guards';
import { idParams } from '@platform/domain';
import { myInvestmentsHeld } from '../holders';
import { publicDocumentsOf, registerPortalDocuments } from '../records';

/**
 * The investor's own accounts with investment methods (spec §2.3 /investor/profile/investmentmethod_{id}):
 * the method, their reference, and what they invested through it. Another person's account is 404.
 */
export function registerMyMethodAccountRoutes(app: FastifyInstance, { db }: AppContext) {
  const accounts = (userId: number) =>
    db
      .select({ account: investmentMethodEntities, method: investmentMethods })
      .from(investmentMethodEntities)
      .innerJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investmentMethodId))
      .where(
        and(eq(investmentMethodEntities.userId, userId), isNull(investmentMethodEntities.deletedAt), isNull(investmentMethods.deletedAt)),
      )
      .$dynamic();

  const present = ({
    account,
    method,
  }: {
    account: typeof investmentMethodEntities.$inferSelect;
    method: typeof investmentMethods.$inferSelect;
  }) => ({
    id: account.id,
    reference: account.reference,
    method: {
      id: method.id,
      name: method.name,
      type: method.type,
      type_label: INVESTMENT_METHOD_TYPE_LABELS[method.type as InvestmentMethodType] ?? method.type,
      provider: method.provider,
    },
    created_at: account.createdAt.toISOString(),
  });

  const account = async (userId: number, id: number) =>
    (
      await accounts(userId).where(
        and(
          eq(investmentMethodEntities.userId, userId),
          eq(investmentMethodEntities.id, id),
          isNull(investmentMethodEntities.deletedAt),
          isNull(investmentMethods.deletedAt),
        ),
      )
    )[0];

  // Account holders read the method's public documents (spec §2.3 investmentmethod-documents_{id}).
  registerPortalDocuments('investment_method', async (tx, userId, methodId) => {
    const rows = await tx
      .select({ id: investmentMethodEntities.id })
      .from(investmentMethodEntities)
      .innerJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investmentMethodId))
      .where(
        and(
          eq(investmentMethodEntities.userId, userId),
          eq(investmentMethods.id, methodId),
          isNull(investmentMethodEntities.deletedAt),
          isNull(investmentMethods.deletedAt),
        ),
      );
    return rows.length > 0;
  });

  app.get(
    '/api/my/investment-method-entities/:id/documents',
    { schema: { params: idParams }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const row = await account(user.id, idParams.parse(request.params).id);
      if (!row) throw notFound('account');
      return { data: await publicDocumentsOf(db, { type: 'investment_method', id: row.method.id }) };
    },
  );

  app.get('/api/my/investment-method-entities', { onRequest: investorOnly }, async (request) => {
    const user = requireInvestor(request);
    return { data: (await accounts(user.id).orderBy(asc(investmentMethods.name), asc(investmentMethodEntities.id))).map(present) };
  });

  app.get('/api/my/investment-method-entities/:id', { schema: { params: idParams }, onRequest: investorOnly }, async (request) => {
    const user = requireInvestor(request);
    const { id } = idParams.parse(request.params);
    const row = await account(user.id, id);
    if (!row) throw notFound('account');
    return { data: { ...present(row), investments: await myInvestmentsHeld(db, user.id, eq(investments.investmentMethodEntityId, id)) } };
  });
}
