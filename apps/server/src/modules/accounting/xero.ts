import type { XeroConfig } from '../../config';
import { type AccountingGrant, type AccountingService, AccountingServiceError, type AccountingSession, NoTenantError } from './service';

const TIMEOUT_MS = 15_000;

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/**
 * Xero (decision 0059): sign-in at login.xero.com, tokens at identity.xero.com/connect/token (client
 * id and secret as Basic auth), the organisation from api.xero.com/connections, records through the
 * Accounting API (`/api.xro/2.0/...`, JSON arrays `Contacts`, `Invoices`, `Payments`, the
 * organisation in `Xero-tenant-id`). Creating calls carry an `Idempotency-Key`.
 */
export function xeroService(config: XeroConfig): AccountingService {
  const basic = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;

  async function call(url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new AccountingServiceError(
        `Xero could not be reached (${(err as Error).name === 'TimeoutError' ? 'timed out' : 'no answer'}).`,
      );
    }
    const text = await response.text();
    const body = text ? safeJson(text) : null;
    if (!response.ok) throw new AccountingServiceError(`Xero answered ${response.status}: ${errorText(body) ?? response.statusText}`);
    return body;
  }

  const identity = (path: string, form: Record<string, string>) =>
    call(`${config.identityUrl}${path}`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  const grant = (answer: TokenAnswer): AccountingGrant => ({
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresIn: answer.expires_in,
  });

  const api = async (session: AccountingSession, method: string, path: string, body: unknown, idempotencyKey: string | null) =>
    call(`${config.apiUrl}/api.xro/2.0/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'xero-tenant-id': session.tenantId,
        accept: 'application/json',
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
    });

  /** The id of the first record of a `{ Contacts: [...] }`-style answer. */
  const firstId = (answer: unknown, list: string, id: string): string => {
    const value = (answer as Record<string, Array<Record<string, unknown>>> | null)?.[list]?.[0]?.[id];
    if (typeof value !== 'string') throw new AccountingServiceError(`Xero's answer had no ${id}.`);
    return value;
  };

  return {
    name: 'xero',
    authoriseUrl(state, redirectUri) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        scope: config.scopes,
        state,
      });
      return `${config.loginUrl}/identity/connect/authorize?${query}`;
    },
    async exchangeCode(code, redirectUri) {
      const tokens = grant(
        (await identity('/connect/token', { grant_type: 'authorization_code', code, redirect_uri: redirectUri })) as TokenAnswer,
      );
      const connections = (await call(`${config.apiUrl}/connections`, {
        headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' },
      })) as Array<{ tenantId: string; tenantName?: string | null; tenantType?: string }>;
      const tenant = connections.find((c) => c.tenantType === undefined || c.tenantType === 'ORGANISATION');
      if (!tenant) throw new NoTenantError('No Xero organisation was connected.');
      return { ...tokens, tenantId: tenant.tenantId, tenantName: tenant.tenantName ?? null };
    },
    async refresh(refreshToken) {
      return grant((await identity('/connect/token', { grant_type: 'refresh_token', refresh_token: refreshToken })) as TokenAnswer);
    },
    async revoke(refreshToken) {
      await identity('/connect/revocation', { token: refreshToken });
    },
    async upsertContact(session, contact) {
      const answer = await api(
        session,
        'POST',
        'Contacts',
        {
          Contacts: [
            {
              ...(contact.externalId ? { ContactID: contact.externalId } : {}),
              ContactNumber: contact.number,
              Name: contact.name,
              EmailAddress: contact.email,
            },
          ],
        },
        null,
      );
      return firstId(answer, 'Contacts', 'ContactID');
    },
    async createInvoice(session, invoice) {
      const answer = await api(
        session,
        'PUT',
        'Invoices',
        {
          Invoices: [
            {
              Type: 'ACCREC',
              Contact: { ContactID: invoice.contactId },
              Date: invoice.issuedOn,
              DueDate: invoice.dueOn,
              Reference: invoice.reference,
              CurrencyCode: invoice.currency,
              Status: 'AUTHORISED',
              LineAmountTypes: 'NoTax',
              LineItems: [
                { Description: invoice.description, Quantity: 1, UnitAmount: Number(invoice.amount), AccountCode: config.salesAccountCode },
              ],
            },
          ],
        },
        invoice.idempotencyKey,
      );
      return firstId(answer, 'Invoices', 'InvoiceID');
    },
    async createPayment(session, payment) {
      const answer = await api(
        session,
        'PUT',
        'Payments',
        {
          Payments: [
            {
              Invoice: { InvoiceID: payment.invoiceId },
              Account: { Code: config.bankAccountCode },
              Date: payment.paidOn,
              Amount: Number(payment.amount),
              ...(payment.reference ? { Reference: payment.reference } : {}),
            },
          ],
        },
        payment.idempotencyKey,
      );
      return firstId(answer, 'Payments', 'PaymentID');
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Xero's own words for a refusal: validation messages, a message, or an OAuth error (never a token). */
function errorText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as {
    Message?: string;
    Detail?: string;
    error?: string;
    Elements?: Array<{ ValidationErrors?: Array<{ Message?: string }> }>;
  };
  const validation = (b.Elements ?? []).flatMap((e) => (e.ValidationErrors ?? []).map((v) => v.Message)).filter(Boolean);
  if (validation.length) return validation.join(' ');
  return b.Message ?? b.Detail ?? b.error ?? null;
}
