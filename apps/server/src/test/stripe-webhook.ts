import type { FastifyInstance } from 'fastify';
import { signed } from './fake-stripe';
import { agent } from './harness';

/** Sends an event to the app's webhook as Stripe would, signed with `secret`. */
export function postStripeEvent(app: FastifyInstance, event: object, secret: string) {
  const payload = JSON.stringify(event);
  return agent(app).request({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    xsrf: false,
    headers: { 'content-type': 'application/json', 'stripe-signature': signed(payload, secret) },
    payload,
  });
}
