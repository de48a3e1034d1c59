import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe (decisions 0011, 0058): it answers the API calls the app makes in
 * Stripe's wire format, so the real SDK runs against it, and it serves a hosted checkout page
 * whose "Pay" button completes the checkout and sends the signed notifications Stripe would.
 * API tests read the requests it got and sign their own events; the browser journeys pay through
 * its page (e2e/support/serve.ts starts it beside the app).
 */
export interface FakeStripe {
  url: string;
  requests: Array<{ method: string; path: string; body: URLSearchParams; idempotencyKey?: string }>;
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** Completes a checkout as the investor paying would; with a webhook, sends its notifications. */
  pay(sessionId: string): Promise<{ session: FakeSession; events: StripeEvent[] }>;
  /** While set, API calls whose path starts with this answer 500 as Stripe does when it fails; null ends the outage. */
  failCallsTo(pathPrefix: string | null): void;
  close(): Promise<void>;
}

export interface FakeSession {
  id: string;
  mode: 'payment' | 'subscription';
  amountMinor: number;
  currency: string;
  metadata: Record<string, string>;
  price?: string;
  successUrl: string;
  subscription?: string;
}

export interface FakeSubscription {
  id: string;
  customer: string;
  price: string;
  metadata: Record<string, string>;
  status: Stripe.Subscription.Status;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number;
}

export type StripeEvent = { id: string; object: 'event'; type: string; created: number; data: { object: Record<string, unknown> } };

const signer = new Stripe('sk_test_fake');
/** The Stripe-Signature header of a payload, as Stripe signs it with the webhook's secret. */
export const signed = (payload: string, secret: string) => signer.webhooks.generateTestHeaderString({ payload, secret });

let events = 0;
/** A Stripe event around an object; `created` (seconds) orders events, as Stripe's own do. */
export function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)): StripeEvent {
  return { id: `evt_test_${++events}_${Date.now()}`, object: 'event', type, created, data: { object } };
}

export function sessionObject(session: FakeSession, paid = true): Record<string, unknown> {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: session.mode,
    payment_status: paid ? 'paid' : 'unpaid',
    amount_total: session.amountMinor,
    currency: session.currency,
    metadata: session.metadata,
    client_reference_id: Object.values(session.metadata)[0] ?? null,
    subscription: session.subscription ?? null,
    customer: session.subscription ? `cus_for_${session.subscription}` : null,
  };
}

export function subscriptionObject(s: FakeSubscription): Record<string, unknown> {
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    metadata: s.metadata,
    items: {
      object: 'list',
      data: [{ id: `si_${s.id}`, object: 'subscription_item', price: { id: s.price }, current_period_end: s.currentPeriodEnd }],
    },
  };
}

export function invoiceObject(input: { id: string; subscription: FakeSubscription; amountMinor: number; currency: string; paid: boolean }) {
  return {
    id: input.id,
    object: 'invoice',
    currency: input.currency,
    amount_due: input.amountMinor,
    amount_paid: input.paid ? input.amountMinor : 0,
    status: input.paid ? 'paid' : 'open',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: input.subscription.id, metadata: input.subscription.metadata },
    },
  };
}

const DAY = 24 * 60 * 60;

export async function startFakeStripe(options: { port?: number; webhook?: { url: string; secret: string } } = {}): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const prices = new Map<string, { amountMinor: number; currency: string; interval: string }>();
  let counter = 0;
  let base = '';
  let failing: string | null = null;

  async function send(event: StripeEvent) {
    if (!options.webhook) return;
    const payload = JSON.stringify(event);
    await fetch(options.webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signed(payload, options.webhook.secret),
      },
      body: payload,
    });
  }

  const metadataOf = (body: URLSearchParams, prefix: string) =>
    Object.fromEntries(
      [...body.entries()].filter(([key]) => key.startsWith(`${prefix}[`)).map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
    );

  function api(method: string, path: string, body: URLSearchParams): [number, unknown] {
    if (failing && path.startsWith(failing))
      return [500, { error: { type: 'api_error', message: 'An error occurred with our connection to Stripe.' } }];
    if (method === 'POST' && path === '/v1/prices') {
      const id = `price_test_${++counter}`;
      prices.set(id, {
        amountMinor: Number(body.get('unit_amount')),
        currency: body.get('currency') ?? 'gbp',
        interval: body.get('recurring[interval]') ?? 'month',
      });
      return [200, { id, object: 'price', unit_amount: Number(body.get('unit_amount')), currency: body.get('currency') }];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++counter}`;
      const mode = body.get('mode') === 'subscription' ? 'subscription' : 'payment';
      const price = body.get('line_items[0][price]') ?? undefined;
      const session: FakeSession = {
        id,
        mode,
        amountMinor: price ? (prices.get(price)?.amountMinor ?? 0) : Number(body.get('line_items[0][price_data][unit_amount]')),
        currency: price ? (prices.get(price)?.currency ?? 'gbp') : (body.get('line_items[0][price_data][currency]') ?? 'gbp'),
        metadata: metadataOf(body, 'metadata'),
        price,
        successUrl: body.get('success_url') ?? '',
      };
      sessions.set(id, session);
      return [200, { ...sessionObject(session, false), url: `${base}/pay/${id}` }];
    }
    const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    const found = subscription && subscriptions.get(subscription[1]);
    if (found && method === 'GET') return [200, subscriptionObject(found)];
    if (found && method === 'POST') {
      if (body.has('items[0][price]')) found.price = body.get('items[0][price]')!;
      if (body.has('cancel_at_period_end')) found.cancelAtPeriodEnd = body.get('cancel_at_period_end') === 'true';
      void send(stripeEvent('customer.subscription.updated', subscriptionObject(found)));
      return [200, subscriptionObject(found)];
    }
    return [404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }];
  }

  async function pay(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No checkout ${sessionId}`);
    const sent: StripeEvent[] = [];
    if (session.mode === 'subscription' && session.price) {
      const id = `sub_test_${++counter}`;
      const interval = prices.get(session.price)?.interval === 'year' ? 365 : 30;
      const created: FakeSubscription = {
        id,
        customer: `cus_for_${id}`,
        price: session.price,
        metadata: session.metadata,
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: Math.floor(Date.now() / 1000) + interval * DAY,
      };
      subscriptions.set(id, created);
      session.subscription = id;
      sent.push(
        stripeEvent('checkout.session.completed', sessionObject(session)),
        stripeEvent(
          'invoice.paid',
          invoiceObject({
            id: `in_test_${++counter}`,
            subscription: created,
            amountMinor: session.amountMinor,
            currency: session.currency,
            paid: true,
          }),
        ),
        stripeEvent('customer.subscription.updated', subscriptionObject(created)),
      );
    } else {
      sent.push(stripeEvent('checkout.session.completed', sessionObject(session)));
    }
    for (const event of sent) await send(event);
    return { session, events: sent };
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const method = request.method ?? 'GET';
      const body = new URLSearchParams(raw);
      const page = /^\/pay\/([\w-]+)$/.exec(path);
      if (page && method === 'GET') {
        const session = sessions.get(page[1]);
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(
          `<!doctype html><html lang="en"><head><title>Checkout</title></head><body><main><h1>Test checkout</h1>` +
            `<p>${session ? `${(session.amountMinor / 100).toFixed(2)} ${session.currency.toUpperCase()}` : 'Unknown checkout'}</p>` +
            `<form method="post"><button type="submit">Pay</button></form></main></body></html>`,
        );
        return;
      }
      if (page && method === 'POST') {
        pay(page[1]).then(
          ({ session }) => {
            response.statusCode = 303;
            response.setHeader('location', session.successUrl);
            response.end();
          },
          (error: Error) => {
            response.statusCode = 404;
            response.end(error.message);
          },
        );
        return;
      }
      requests.push({ method, path, body, idempotencyKey: request.headers['idempotency-key'] as string | undefined });
      const [status, answer] = api(method, path, body);
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    sessions,
    subscriptions,
    pay,
    failCallsTo: (pathPrefix) => {
      failing = pathPrefix;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
