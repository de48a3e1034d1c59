// The accounting integration's names and words (decision 0059); the routes' schemas are in contract/accounting.ts.

/** The accounting services the firm can connect (decision 0059). */
export const ACCOUNTING_SERVICES = ['xero'] as const;
export type AccountingServiceName = (typeof ACCOUNTING_SERVICES)[number];
export const ACCOUNTING_SERVICE_LABELS: Record<AccountingServiceName, string> = { xero: 'Xero' };

/**
 * What goes to the accounting service: investors as contacts, cash calls as invoices, payments received
 * against them as payments, and fees and membership payments taken by card as receipts (a paid invoice).
 */
export const ACCOUNTING_SYNC_KINDS = ['contact', 'invoice', 'payment', 'receipt'] as const;
export type AccountingSyncKind = (typeof ACCOUNTING_SYNC_KINDS)[number];
export const ACCOUNTING_SYNC_KIND_LABELS: Record<AccountingSyncKind, string> = {
  contact: 'Contact',
  invoice: 'Invoice',
  payment: 'Payment',
  receipt: 'Fee or membership',
};

export const ACCOUNTING_SYNC_STATUSES = ['pending', 'sent', 'failed'] as const;
export type AccountingSyncStatus = (typeof ACCOUNTING_SYNC_STATUSES)[number];
export const ACCOUNTING_SYNC_STATUS_LABELS: Record<AccountingSyncStatus, string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed' };

/** Why a sign-in came back without a connection; the settings page reads it from `?error=`. */
export const ACCOUNTING_CONNECT_ERRORS = {
  state: 'The sign-in link had expired or was not started here. Connect again.',
  denied: 'The accounting service did not grant access.',
  service: 'The accounting service could not be reached or refused the sign-in. Try again shortly.',
  tenant: 'No organisation was chosen in the accounting service.',
} as const;
export type AccountingConnectError = keyof typeof ACCOUNTING_CONNECT_ERRORS;
