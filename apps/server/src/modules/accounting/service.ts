import type { AccountingServiceName } from '@platform/domain';

/**
 * An accounting service the firm can connect (decision 0059). Xero is the first; another service
 * implements the same calls. Sign-in is OAuth 2.0's authorisation-code flow: the service's page,
 * then `exchangeCode` with what it sends back, `refresh` before the access token runs out and
 * `revoke` on disconnect. The records calls take the organisation's session and answer the
 * service's own id for what they wrote; an id given back to them updates rather than creates.
 */
export interface AccountingService {
  name: AccountingServiceName;
  authoriseUrl(state: string, redirectUri: string): string;
  /** Trades the sign-in's code for tokens and reads which organisation was connected. */
  exchangeCode(code: string, redirectUri: string): Promise<AccountingGrant & { tenantId: string; tenantName: string | null }>;
  refresh(refreshToken: string): Promise<AccountingGrant>;
  revoke(refreshToken: string): Promise<void>;
  upsertContact(session: AccountingSession, contact: AccountingContact): Promise<string>;
  createInvoice(session: AccountingSession, invoice: AccountingInvoice): Promise<string>;
  createPayment(session: AccountingSession, payment: AccountingPayment): Promise<string>;
}

export interface AccountingGrant {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lasts from now. */
  expiresIn: number;
}

export interface AccountingSession {
  accessToken: string;
  tenantId: string;
}

export interface AccountingContact {
  /** The service's id when the contact was sent before: the call updates it. */
  externalId: string | null;
  /** Our own number for the investor, kept on the contact. */
  number: string;
  name: string;
  email: string;
}

export interface AccountingInvoice {
  /** Sent with the request so a retry after a lost answer creates nothing twice. */
  idempotencyKey: string;
  contactId: string;
  reference: string;
  description: string;
  amount: string;
  currency: string;
  issuedOn: string;
  dueOn: string;
}

export interface AccountingPayment {
  idempotencyKey: string;
  invoiceId: string;
  amount: string;
  paidOn: string;
  reference: string | null;
}

/** The service refused or could not be reached; the message is safe to show staff (no tokens). */
export class AccountingServiceError extends Error {}

/** Signed in, but no organisation was chosen to connect. */
export class NoTenantError extends AccountingServiceError {}
