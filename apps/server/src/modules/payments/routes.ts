import Decimal from 'decimal.js';
import { cardCheckoutSchema, dataOf, errorBody, formatMoney, fromMinorUnits, idParams, webhookReceivedSchema } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { utcDate } from '../../platform/clock';
import { AppError, validationError } from '../../platform/errors';
import { investorOnly, requireInvestor } from '../../platform/guards';
import { findInvestorInvestment, investorOpportunityOf, recordPayment } from '../investments';
import { findCheckedOutInvestment, recordCheckout } from './service';
import { notifyUser } from '../../shared/notifications';
import { BadSignatureError, stripeProvider, type PaymentProvider } from './provider';

/** Card payments (decision 0011): the investor pays an investment through the provider's hosted checkout. */
export function registerPaymentRoutes(
  app: App,
  ctx: AppContext,
  provider: PaymentProvider | null = ctx.config.stripe ? stripeProvider(ctx.config.stripe) : null,
) {
  const { db, clock, config } = ctx;

  app.post(
    '/api/investments/:id/stripe',
    {
      schema: { params: idParams, response: { 200: dataOf(cardCheckoutSchema) } },
      onRequest: investorOnly,
      config: { idempotent: true },
    },
    async (request) => {
      const user = requireInvestor(request);
      const investment = await findInvestorInvestment(db, user.id, request.params.id);
      if (!provider) throw validationError({ payment_method: ['Card payments are not available. Please pay by bank transfer.'] });
      if (investment.status !== 'reserved' && investment.status !== 'cash_call') {
        throw validationError({ status: ['Only a reserved investment or one with a cash call can be paid by card.'] });
      }
      const opportunity = await investorOpportunityOf(db, investment.opportunityId);
      const back = `${config.appUrl}/investor/investments/${opportunity.slug}`;
      const checkout = await provider.startCheckout({
        investmentId: investment.id,
        // What is still to pay: a bank transfer may have paid part already.
        amount: new Decimal(investment.amount).minus(investment.receivedAmount).toFixed(2),
        currency: investment.currency,
        description: `${opportunity.name} (${investment.paymentReference})`,
        customerEmail: user.email,
        successUrl: `${back}?payment=done`,
        cancelUrl: `${back}?payment=cancelled`,
      });
      await recordCheckout(db, investment.id, checkout.reference, clock.now());
      return { data: { url: checkout.url } };
    },
  );

  // The provider's signature is checked over the exact bytes it sent, so this route reads the raw body.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // No `body` schema: the signature is checked over the raw bytes, which the parser above keeps as a Buffer.
    scope.post(
      '/api/payments/stripe/webhook',
      { schema: { response: { 200: webhookReceivedSchema, 400: errorBody } }, config: { signedWebhook: true } },
      async (request, reply) => {
        if (!provider) throw new AppError('not_found', 'Card payments are not configured.');
        let paid: ReturnType<PaymentProvider['paidCheckout']>;
        try {
          paid = provider.paidCheckout(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
        } catch (error) {
          if (error instanceof BadSignatureError) return reply.status(400).send({ message: error.message });
          throw error;
        }
        if (!paid) return { received: true as const };
        const investment = await findCheckedOutInvestment(db, paid.investmentId, paid.reference);
        // A payment we did not start, or in another currency, is logged for staff and never moves money.
        if (!investment || investment.currency !== paid.currency || paid.amountMinor <= 0) {
          request.log.warn({ reference: paid.reference, investmentId: paid.investmentId }, 'card payment does not match an investment');
          return { received: true as const };
        }
        const now = clock.now();
        // The checkout's reference is unique in the ledger: a notification delivered again records nothing.
        const { payment } = await db.transaction((tx) =>
          recordPayment(tx, {
            investmentId: investment.id,
            amount: fromMinorUnits(paid.amountMinor),
            currency: paid.currency,
            method: 'card',
            provider: provider.name,
            providerReference: paid.reference,
            receivedOn: utcDate(now),
            recordedBy: null,
            now,
            action: 'paid_by_card',
            request,
          }),
        );
        if (!payment) return { received: true as const };
        const opportunity = await investorOpportunityOf(db, investment.opportunityId);
        await notifyUser(ctx, investment.userId, {
          message: `We have received your card payment of <strong>${formatMoney({ amount: payment.amount, currency: payment.currency })}</strong>.`,
          icon: 'investment_opportunity_invested',
          cta: `/investor/investments/${opportunity.slug}`,
        });
        return { received: true as const };
      },
    );
  });
}
