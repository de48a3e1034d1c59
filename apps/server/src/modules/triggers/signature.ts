import { createHmac } from 'node:crypto';
import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from '@platform/domain';
import { safeEqual } from '../../platform/crypto';

/**
 * The webhook signature (decision 0066): `v1=` and the hex HMAC-SHA256, under the trigger's secret,
 * of the timestamp (Unix seconds), a full stop and the exact body bytes. Signing the timestamp with
 * the body stops an old delivery being sent again with a new time.
 */
export const webhookSignature = (secret: string, timestamp: number, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** The headers of one sending of `body`. */
export function signedWebhookHeaders(
  secret: string,
  { deliveryId, event, timestamp, body }: { deliveryId: string; event: string; timestamp: number; body: string },
) {
  return {
    'content-type': 'application/json',
    [WEBHOOK_HEADERS.signature]: webhookSignature(secret, timestamp, body),
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.delivery]: deliveryId,
    [WEBHOOK_HEADERS.event]: event,
  };
}

export type WebhookVerdict = { ok: true; deliveryId: string } | { ok: false; reason: 'unsigned' | 'bad_signature' | 'stale' | 'replayed' };

/**
 * What a receiver does with a webhook, as the decision record and /api/docs describe it: check the
 * signature over timestamp and body, refuse a timestamp further than the tolerance from its clock,
 * and refuse a delivery id it has already accepted (`seen`, kept at least as long as the tolerance).
 * The tests receive webhooks through it.
 */
export function verifyWebhook(input: {
  secret: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  nowSeconds: number;
  seen: Set<string>;
  toleranceSeconds?: number;
}): WebhookVerdict {
  const header = (name: string) => {
    const value = input.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const signature = header(WEBHOOK_HEADERS.signature);
  const timestamp = Number(header(WEBHOOK_HEADERS.timestamp));
  const deliveryId = header(WEBHOOK_HEADERS.delivery);
  if (!signature || !Number.isInteger(timestamp) || !deliveryId) return { ok: false, reason: 'unsigned' };
  if (!safeEqual(webhookSignature(input.secret, timestamp, input.body), signature)) return { ok: false, reason: 'bad_signature' };
  if (Math.abs(input.nowSeconds - timestamp) > (input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' };
  if (input.seen.has(deliveryId)) return { ok: false, reason: 'replayed' };
  input.seen.add(deliveryId);
  return { ok: true, deliveryId };
}
