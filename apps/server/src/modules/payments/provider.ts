import Stripe from 'stripe';
import { toMinorUnits, type MembershipStatus } from '@platform/domain';
import type { StripeConfig } from '../../config';
import { outsideServiceFailed } from '../../platform/errors';

/**
 * A card payment provider (decisions 0011 and 0058): it opens hosted checkouts — one payment of an
 * investment or a fee, or a recurring membership — changes and cancels memberships, and turns the
 * provider's signed notifications into plain events. State changes stay with the app; a provider
 * only reports.
 */
export interface PaymentProvider {
  name: string;
  startCheckout(input: CheckoutInput): Promise<Checkout>;
  /** The provider's recurring price of a plan, made once per plan. */
  createPlanPrice(plan: PlanPrice): Promise<string>;
  startMembership(input: MembershipCheckoutInput): Promise<Checkout>;
  changeMembershipPrice(subscriptionRef: string, priceRef: string): Promise<void>;
  cancelMembershipAtPeriodEnd(subscriptionRef: string): Promise<void>;
  /** The notification as an event, null for kinds the app does not act on; throws on a bad signature. */
  readEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent | null;
}

/** What a one-off checkout pays for: an investment, or a fee staff asked for. */
export type CheckoutFor = 'investment' | 'fee_request';

export interface CheckoutInput {
  for: CheckoutFor;
  id: number;
  amount: string;
  currency: string;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

export interface PlanPrice {
  id: number;
  name: string;
  amount: string;
  currency: string;
  interval: 'month' | 'year';
}

export interface MembershipCheckoutInput {
  membershipId: number;
  planId: number;
  priceRef: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

export interface Checkout {
  reference: string;
  url: string;
}

interface EventBase {
  eventRef: string;
  type: string;
  /** When the provider made the event: a membership applies only events newer than the last it took. */
  createdAt: Date;
}

export type ProviderEvent = EventBase &
  (
    | { kind: 'checkout_paid'; reference: string; for: CheckoutFor; id: number; amountMinor: number; currency: string }
    | { kind: 'membership_checkout'; reference: string; membershipId: number | null; subscriptionRef: string; customerRef: string | null }
    | {
        kind: 'membership_invoice';
        paid: boolean;
        invoiceRef: string;
        membershipId: number | null;
        subscriptionRef: string;
        amountMinor: number;
        currency: string;
      }
    | {
        kind: 'membership_changed';
        membershipId: number | null;
        subscriptionRef: string;
        status: MembershipStatus;
        priceRef: string | null;
        currentPeriodEnd: Date | null;
        cancelAtPeriodEnd: boolean;
      }
  );

export class BadSignatureError extends Error {}

const METADATA_KEYS: Record<CheckoutFor, string> = { investment: 'investment_id', fee_request: 'fee_request_id' };

/** The provider's subscription states in the app's four. */
const STATUSES: Record<Stripe.Subscription.Status, MembershipStatus> = {
  incomplete: 'pending',
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  paused: 'past_due',
  canceled: 'ended',
  incomplete_expired: 'ended',
};

const refOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const idOf = (value: string | undefined | null) => (value && /^\d+$/.test(value) ? Number(value) : null);
const fromSeconds = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

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

  function membershipEvent(event: Stripe.Event, base: EventBase): ProviderEvent | null {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const subscriptionRef = refOf(session.subscription);
        if (!subscriptionRef) return null;
        return {
          ...base,
          kind: 'membership_checkout',
          reference: session.id,
          membershipId: idOf(session.metadata?.membership_id ?? session.client_reference_id),
          subscriptionRef,
          customerRef: refOf(session.customer),
        };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const details = invoice.parent?.subscription_details;
        const subscriptionRef = refOf(details?.subscription);
        if (!subscriptionRef || !invoice.id) return null;
        const paid = event.type === 'invoice.paid';
        return {
          ...base,
          kind: 'membership_invoice',
          paid,
          invoiceRef: invoice.id,
          membershipId: idOf(details?.metadata?.membership_id),
          subscriptionRef,
          amountMinor: paid ? invoice.amount_paid : invoice.amount_due,
          currency: invoice.currency.toUpperCase(),
        };
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const item = subscription.items?.data?.[0];
        return {
          ...base,
          kind: 'membership_changed',
          membershipId: idOf(subscription.metadata?.membership_id),
          subscriptionRef: subscription.id,
          status: event.type === 'customer.subscription.deleted' ? 'ended' : STATUSES[subscription.status],
          priceRef: item?.price?.id ?? null,
          currentPeriodEnd: fromSeconds(item?.current_period_end),
          cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
        };
      }
      default:
        return null;
    }
  }

  /** A Stripe call that fails answers 503 with nothing changed (the transaction around it rolls back). */
  async function atStripe<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) throw outsideServiceFailed('The card payment provider', error);
      throw error;
    }
  }

  return {
    name: 'stripe',
    startCheckout(input) {
      return atStripe(async () => {
        const metadata = { [METADATA_KEYS[input.for]]: String(input.id) };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            customer_email: input.customerEmail,
            client_reference_id: String(input.id),
            metadata,
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
          // One checkout per payment and amount, even when the investor presses the button twice.
          { idempotencyKey: `${input.for === 'investment' ? 'investment' : 'fee'}-${input.id}-${input.amount}` },
        );
        if (!session.url) throw new Error('Stripe returned a checkout session without a URL.');
        return { reference: session.id, url: session.url };
      });
    },
    createPlanPrice(plan) {
      return atStripe(async () => {
        const price = await stripe.prices.create(
          {
            currency: plan.currency.toLowerCase(),
            unit_amount: toMinorUnits(plan.amount),
            recurring: { interval: plan.interval },
            product_data: { name: plan.name },
          },
          { idempotencyKey: `membership-plan-${plan.id}` },
        );
        return price.id;
      });
    },
    startMembership(input) {
      return atStripe(async () => {
        const metadata = { membership_id: String(input.membershipId) };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer_email: input.customerEmail,
            client_reference_id: String(input.membershipId),
            metadata,
            // Carried onto the subscription and each of its invoices, so any notification finds the membership.
            subscription_data: { metadata },
            line_items: [{ price: input.priceRef, quantity: 1 }],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: `membership-${input.membershipId}-${input.planId}` },
        );
        if (!session.url) throw new Error('Stripe returned a checkout session without a URL.');
        return { reference: session.id, url: session.url };
      });
    },
    changeMembershipPrice(subscriptionRef, priceRef) {
      return atStripe(async () => {
        const subscription = await stripe.subscriptions.retrieve(subscriptionRef);
        const item = subscription.items.data[0];
        await stripe.subscriptions.update(subscriptionRef, {
          items: [{ id: item.id, price: priceRef }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
        });
      });
    },
    cancelMembershipAtPeriodEnd(subscriptionRef) {
      return atStripe(async () => {
        await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
      });
    },
    readEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch {
        throw new BadSignatureError('The payment notification is not signed by the provider.');
      }
      const base: EventBase = { eventRef: event.id, type: event.type, createdAt: new Date((event.created ?? 0) * 1000) };
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        const session = event.data.object;
        if (session.mode === 'subscription') return membershipEvent(event, base);
        if (session.payment_status !== 'paid') return null;
        const feeRequestId = idOf(session.metadata?.fee_request_id);
        return {
          ...base,
          kind: 'checkout_paid',
          reference: session.id,
          for: feeRequestId ? 'fee_request' : 'investment',
          id: feeRequestId ?? Number(session.metadata?.investment_id ?? session.client_reference_id),
          amountMinor: session.amount_total ?? 0,
          currency: (session.currency ?? '').toUpperCase(),
        };
      }
      return membershipEvent(event, base);
    },
  };
}
