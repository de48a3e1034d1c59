/**
 * The events a trigger can follow (decision 0066): each is recorded in the same transaction as the
 * change it reports, so nothing is sent for a change that was rolled back.
 */
export const TRIGGER_EVENTS = [
  'investment.reserved',
  'cash_call.issued',
  'payment.received',
  'opportunity.status_changed',
  'update_report.published',
  'investor.categorised',
  'investor.kyc_changed',
] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

export const TRIGGER_EVENT_LABELS: Record<TriggerEvent, string> = {
  'investment.reserved': 'Investment reserved',
  'cash_call.issued': 'Cash call issued',
  'payment.received': 'Payment received',
  'opportunity.status_changed': 'Opportunity status changed',
  'update_report.published': 'Update report published',
  'investor.categorised': 'Investor categorised',
  'investor.kyc_changed': 'KYC state changed',
};

export const TRIGGER_CHANNELS = ['webhook', 'email'] as const;
export type TriggerChannel = (typeof TRIGGER_CHANNELS)[number];

export const TRIGGER_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type TriggerDeliveryStatus = (typeof TRIGGER_DELIVERY_STATUSES)[number];

export const TRIGGER_DELIVERY_STATUS_LABELS: Record<TriggerDeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** The headers of a signed webhook: whoever receives one checks them (decision 0066). */
export const WEBHOOK_HEADERS = {
  signature: 'x-platform-signature',
  timestamp: 'x-platform-timestamp',
  delivery: 'x-platform-delivery',
  event: 'x-platform-event',
} as const;

/** A receiver refuses a webhook whose timestamp is further than this from its own clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** What every API token starts with, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'pat_';
