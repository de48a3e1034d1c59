import Decimal from 'decimal.js';
import type { FastifyRequest } from 'fastify';
import { cardCheckoutSchema, dataOf, errorBody, formatMoney, fromMinorUnits, idParams, webhookReceivedSchema } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { utcDate } from '../../platform/clock';
import { AppError, validationError } from '../../platform/errors';
import { investorOnly, requireInvestor } from '../../platform/guards';
import { findInvestorInvestment, investorOpportunityOf, recordPayment } from '../investments';
import { findCheckedOutInvestment, recordCheckout } from './service';
import { notifyUser } from '../../shared/notifications';
import { BadSignatureError, stripeProvider, type PaymentProvider, type ProviderEvent } from './provider';
import { registerMembershipRoutes } from './membership-routes';
import { claimProviderEvent } from './card-ledger';
import { applyMembershipEvent, type Told } from './memberships';
import { applyPaidFee } from './fees';

/**
 * Card payments (decisions 0011, 0058): the investor pays an investment through the provider's hosted
 * checkout; memberships and fees (membership-routes.ts); the provider's signed notifications.
 */
export function registerPaymentRoutes(
  app: App,
  ctx: AppContext,
  provider: PaymentProvider | null = ctx.config.stripe ? stripeProvider(ctx.config.stripe) : null,
) {
  const { db, clock, config } = ctx;
  registerMembershipRoutes(app, ctx, provider);

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
        for: 'investment',
        id: investment.id,
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
        let event: ProviderEvent | null;
        try {
          event = provider.readEvent(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
        } catch (error) {
          if (error instanceof BadSignatureError) return reply.status(400).send({ message: error.message });
          throw error;
        }
        if (event) await takeEvent(event, request);
        return { received: true as const };
      },
    );
  });

  /**
   * One signed event, taken once (its id is kept in the same transaction as its effect) and
   * acknowledged whatever it said, so the provider stops sending it; one that matches nothing of
   * ours is logged for staff and never moves money. The investor is told after the commit.
   */
  async function takeEvent(event: ProviderEvent, request: FastifyRequest) {
    const card = provider!;
    const now = clock.now();
    const told = await db.transaction(async (tx) => {
      if (!(await claimProviderEvent(tx, card.name, event, now))) return undefined;
      if (event.kind !== 'checkout_paid') return applyMembershipEvent(tx, card.name, event, now);
      if (event.for === 'fee_request') return applyPaidFee(tx, card.name, event, now);
      return applyPaidInvestment(tx, card.name, event, now, request);
    });
    if (told === null) {
      request.log.warn({ event: event.eventRef, type: event.type }, 'payment notification matched nothing to apply');
      return;
    }
    if (told) await notifyUser(ctx, told.userId, { message: told.message, icon: 'investment_opportunity_invested', cta: told.cta ?? null });
  }

  /** A paid checkout of an investment: recorded only when it is the checkout opened for it, in its currency. */
  async function applyPaidInvestment(
    tx: Db,
    providerName: string,
    paid: Extract<ProviderEvent, { kind: 'checkout_paid' }>,
    now: Date,
    request: FastifyRequest,
  ): Promise<Told | undefined | null> {
    const investment = await findCheckedOutInvestment(tx, paid.id, paid.reference);
    if (!investment || investment.currency !== paid.currency || paid.amountMinor <= 0) return null;
    // The checkout's reference is unique in the ledger: a notification delivered again records nothing.
    const { payment } = await recordPayment(tx, {
      investmentId: investment.id,
      amount: fromMinorUnits(paid.amountMinor),
      currency: paid.currency,
      method: 'card',
      provider: providerName,
      providerReference: paid.reference,
      receivedOn: utcDate(now),
      recordedBy: null,
      now,
      action: 'paid_by_card',
      request,
    });
    if (!payment) return undefined;
    const opportunity = await investorOpportunityOf(tx, investment.opportunityId);
    return {
      userId: investment.userId,
      message: `We have received your card payment of <strong>${formatMoney({ amount: payment.amount, currency: payment.currency })}</strong>.`,
      cta: `/investor/investments/${opportunity.slug}`,
    };
  }
}
