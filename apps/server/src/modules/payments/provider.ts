import Stripe from 'stripe';
import { toMinorUnits } from '@platform/domain';
import type { StripeConfig } from '../../config';

/**
 * A card payment provider (decision 0011): it opens a hosted checkout for one investment's exact
 * amount, and turns the provider's signed notification into "this checkout was paid". The
 * investment's state changes stay in the investments module; a provider only reports.
 */
export interface PaymentProvider {
  name: string;
  startCheckout(input: CheckoutInput): Promise<{ reference: string; url: string }>;
  /** The paid checkout's reference, null for events that are not a completed payment; throws on a bad signature. */
  paidCheckout(rawBody: Buffer, signature: string | undefined): PaidCheckout | null;
}

export interface CheckoutInput {
  investmentId: number;
  amount: string;
  currency: string;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

export interface PaidCheckout {
  reference: string;
  investmentId: number;
  amountMinor: number;
  currency: string;
}

export class BadSignatureError extends Error {}

export function stripeProvider(config: StripeConfig): PaymentProvider {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
  return {
    name: 'stripe',
    async startCheckout(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: input.customerEmail,
          client_reference_id: String(input.investmentId),
          metadata: { investment_id: String(input.investmentId) },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: toMinorUnits(input.amount),
                product_data: { name: input.description },
              },
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        // One checkout per investment and amount, even when the investor presses the button twice.
        { idempotencyKey: `investment-${input.investmentId}-${input.amount}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL.');
      return { reference: session.id, url: session.url };
    },
    paidCheckout(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch {
        throw new BadSignatureError('The payment notification is not signed by the provider.');
      }
      if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return null;
      const session = event.data.object;
      if (session.payment_status !== 'paid') return null;
      return {
        reference: session.id,
        investmentId: Number(session.metadata?.investment_id ?? session.client_reference_id),
        amountMinor: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase(),
      };
    },
  };
}
