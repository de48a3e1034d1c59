import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { formatMoney, toMinorUnits } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { investmentOpportunities, investments } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, validationError } from '../../platform/errors';
import { investorOnly, requireInvestor } from '../../platform/guards';
import { idParams } from '@platform/domain';
import { findInvestorInvestment, moveInvestment } from '../investments/service';
import { notifyUser } from '../../shared/notifications';
import { BadSignatureError, stripeProvider, type PaymentProvider } from './provider';

/** Card payments (decision 0011): the investor pays an investment through the provider's hosted checkout. */
export function registerPaymentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  provider: PaymentProvider | null = ctx.config.stripe ? stripeProvider(ctx.config.stripe) : null,
) {
  const { db, clock, config } = ctx;

  app.post(
    '/api/investments/:id/stripe',
    { schema: { params: idParams }, onRequest: investorOnly, config: { idempotent: true } },
    async (request) => {
      const user = requireInvestor(request);
      const investment = await findInvestorInvestment(db, user.id, idParams.parse(request.params).id);
      if (!provider) throw validationError({ payment_method: ['Card payments are not available. Please pay by bank transfer.'] });
      if (investment.status !== 'reserved' && investment.status !== 'cash_call') {
        throw validationError({ status: ['Only a reserved investment or one with a cash call can be paid by card.'] });
      }
      const [opportunity] = await db
        .select({ name: investmentOpportunities.name, slug: investmentOpportunities.slug })
        .from(investmentOpportunities)
        .where(eq(investmentOpportunities.id, investment.opportunityId));
      const back = `${config.appUrl}/investor/investments/${opportunity.slug}`;
      const checkout = await provider.startCheckout({
        investmentId: investment.id,
        amount: investment.amount,
        currency: investment.currency,
        description: `${opportunity.name} (${investment.paymentReference})`,
        customerEmail: user.email,
        successUrl: `${back}?payment=done`,
        cancelUrl: `${back}?payment=cancelled`,
      });
      await db
        .update(investments)
        .set({ paymentProviderRef: checkout.reference, updatedAt: clock.now() })
        .where(eq(investments.id, investment.id));
      return { data: { url: checkout.url } };
    },
  );

  // The provider's signature is checked over the exact bytes it sent, so this route reads the raw body.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/payments/stripe/webhook', { config: { signedWebhook: true } }, async (request, reply) => {
      if (!provider) throw new AppError('not_found', 'Card payments are not configured.');
      let paid;
      try {
        paid = provider.paidCheckout(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
      } catch (error) {
        if (error instanceof BadSignatureError) return reply.status(400).send({ message: error.message });
        throw error;
      }
      if (!paid) return { received: true };
      const [investment] = await db
        .select()
        .from(investments)
        .where(and(eq(investments.id, paid.investmentId), eq(investments.paymentProviderRef, paid.reference)));
      // A payment we did not start, or for another amount, is logged for staff and never moves money.
      if (!investment || toMinorUnits(investment.amount) !== paid.amountMinor || investment.currency !== paid.currency) {
        request.log.warn({ reference: paid.reference, investmentId: paid.investmentId }, 'card payment does not match an investment');
        return { received: true };
      }
      // Providers deliver a notification more than once: an investment already paid stays as it is.
      if (investment.status !== 'reserved' && investment.status !== 'cash_call') return { received: true };
      const { after, opportunity } = await db.transaction(async (tx) => {
        const moved = await moveInvestment(tx, investment.id, 'paid', clock.now(), { onlyFrom: ['reserved', 'cash_call'] });
        await recordActivity(tx, {
          request,
          action: 'paid_by_card',
          subjectType: 'investment',
          subjectId: investment.id,
          before: moved.before,
          after: moved.after,
        });
        return moved;
      });
      await notifyUser(ctx, after.userId, {
        message: `We have received your card payment of <strong>${formatMoney({ amount: after.amount, currency: after.currency })}</strong>.`,
        icon: 'investment_opportunity_invested',
        cta: `/investor/investments/${opportunity.slug}`,
      });
      return { received: true };
    });
  });
}
