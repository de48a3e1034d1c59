import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks the part of Xero the accounting integration uses (decision 0059):
 * the sign-in page (approves at once and sends the browser back with a code), the token and
 * revocation endpoints of identity.xero.com, api.xero.com/connections, and Contacts, Invoices and
 * Payments of the Accounting API in its JSON shapes, honouring `Idempotency-Key`. Tests point
 * XERO_LOGIN_URL, XERO_IDENTITY_URL and XERO_API_URL at it and read what it received.
 */
export interface FakeXero {
  url: string;
  clientId: string;
  clientSecret: string;
  tenantId: string;
  /** Every API call (not the sign-in), in order. */
  requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders; body: string }>;
  contacts: Map<string, Record<string, unknown>>;
  invoices: Map<string, Record<string, unknown>>;
  payments: Map<string, Record<string, unknown>>;
  /** Tokens the server has handed out and not revoked. */
  liveAccessTokens: Set<string>;
  liveRefreshTokens: Set<string>;
  /** Seconds each access token lasts. */
  expiresIn: number;
  /** The next `times` calls to a path answer this status with a Xero-style validation error. */
  failNext(path: string, status: number, times?: number): void;
  close(): Promise<void>;
}

export async function startFakeXero(port = 0): Promise<FakeXero> {
  const codes = new Set<string>();
  const failures = new Map<string, { status: number; times: number }>();
  const idempotent = new Map<string, unknown>();
  const fake: FakeXero = {
    url: '',
    close: async () => {},
    clientId: 'fake-xero-client',
    clientSecret: 'fake-xero-secret',
    tenantId: randomUUID(),
    requests: [],
    contacts: new Map(),
    invoices: new Map(),
    payments: new Map(),
    liveAccessTokens: new Set(),
    liveRefreshTokens: new Set(),
    expiresIn: 1800,
    failNext(path, status, times = 1) {
      failures.set(path, { status, times });
    },
  };

  const send = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body === undefined ? '' : JSON.stringify(body));
  };
  const validation = (message: string) => ({
    ErrorNumber: 10,
    Type: 'ValidationException',
    Message: 'A validation exception occurred',
    Elements: [{ ValidationErrors: [{ Message: message }] }],
  });
  const tokens = () => {
    const access = `access-${randomUUID()}`;
    const refresh = `refresh-${randomUUID()}`;
    fake.liveAccessTokens.add(access);
    fake.liveRefreshTokens.add(refresh);
    return { access_token: access, refresh_token: refresh, expires_in: fake.expiresIn, token_type: 'Bearer', scope: 'offline_access' };
  };
  const envelope = (list: string, items: unknown[]) => ({
    Id: randomUUID(),
    Status: 'OK',
    ProviderName: 'Investor platform',
    DateTimeUTC: `/Date(${Date.now()})/`,
    [list]: items,
  });

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const path = url.pathname;
      if (path === '/identity/connect/authorize') {
        // Xero shows its consent page; this one consents at once.
        const code = `code-${randomUUID()}`;
        codes.add(code);
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        back.searchParams.set('scope', url.searchParams.get('scope') ?? '');
        response.writeHead(302, { location: back.toString() });
        response.end();
        return;
      }
      fake.requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body: raw });
      const failure = failures.get(path);
      if (failure && failure.times > 0) {
        failure.times--;
        return send(response, failure.status, validation(`The service is failing on purpose (${failure.status}).`));
      }
      if (path.startsWith('/connect/')) {
        const basic = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`;
        if (request.headers.authorization !== basic) return send(response, 401, { error: 'invalid_client' });
        const form = new URLSearchParams(raw);
        if (path === '/connect/revocation') {
          fake.liveRefreshTokens.delete(form.get('token') ?? '');
          return send(response, 200, undefined);
        }
        if (path !== '/connect/token') return send(response, 404, { error: 'not_found' });
        if (form.get('grant_type') === 'authorization_code' && codes.delete(form.get('code') ?? '')) return send(response, 200, tokens());
        if (form.get('grant_type') === 'refresh_token' && fake.liveRefreshTokens.delete(form.get('refresh_token') ?? ''))
          return send(response, 200, tokens());
        return send(response, 400, { error: 'invalid_grant' });
      }
      const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!fake.liveAccessTokens.has(bearer)) return send(response, 401, { Type: 'Unauthorized', Detail: 'TokenExpired: token expired' });
      if (path === '/connections')
        return send(response, 200, [
          {
            id: randomUUID(),
            authEventId: randomUUID(),
            tenantId: fake.tenantId,
            tenantType: 'ORGANISATION',
            tenantName: 'Demo Company (UK)',
          },
        ]);
      if (request.headers['xero-tenant-id'] !== fake.tenantId)
        return send(response, 403, { Type: 'AuthorizationUnsuccessful', Detail: 'Unknown tenant' });
      const key = request.headers['idempotency-key'] as string | undefined;
      if (key && idempotent.has(`${path}:${key}`)) return send(response, 200, idempotent.get(`${path}:${key}`));
      const body = JSON.parse(raw || '{}') as Record<string, Array<Record<string, unknown>>>;
      let answer: unknown;
      if (path === '/api.xro/2.0/Contacts' && request.method === 'POST') {
        const saved = (body.Contacts ?? []).map((contact) => {
          const id = (contact.ContactID as string | undefined) ?? randomUUID();
          const record = { ...fake.contacts.get(id), ...contact, ContactID: id, ContactStatus: 'ACTIVE' };
          fake.contacts.set(id, record);
          return record;
        });
        answer = envelope('Contacts', saved);
      } else if (path === '/api.xro/2.0/Invoices' && request.method === 'PUT') {
        const invoices = body.Invoices ?? [];
        const contactId = (invoices[0]?.Contact as { ContactID?: string } | undefined)?.ContactID;
        if (!contactId || !fake.contacts.has(contactId)) return send(response, 400, validation('The contact could not be found.'));
        answer = envelope(
          'Invoices',
          invoices.map((invoice) => {
            const id = randomUUID();
            const lines = invoice.LineItems as Array<{ UnitAmount: number; Quantity: number }>;
            const total = lines.reduce((sum, line) => sum + line.UnitAmount * line.Quantity, 0);
            const record = {
              ...invoice,
              InvoiceID: id,
              InvoiceNumber: `INV-${String(fake.invoices.size + 1).padStart(4, '0')}`,
              Total: total,
              AmountDue: total,
            };
            fake.invoices.set(id, record);
            return record;
          }),
        );
      } else if (path === '/api.xro/2.0/Payments' && request.method === 'PUT') {
        const payments = body.Payments ?? [];
        const invoiceId = (payments[0]?.Invoice as { InvoiceID?: string } | undefined)?.InvoiceID;
        if (!invoiceId || !fake.invoices.has(invoiceId)) return send(response, 400, validation('The invoice could not be found.'));
        answer = envelope(
          'Payments',
          payments.map((payment) => {
            const record = { ...payment, PaymentID: randomUUID(), Status: 'AUTHORISED' };
            fake.payments.set(record.PaymentID, record);
            return record;
          }),
        );
      } else {
        return send(response, 404, { Type: 'NotFound', Message: `No route for ${request.method} ${path}` });
      }
      if (key) idempotent.set(`${path}:${key}`, answer);
      return send(response, 200, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/** The server settings that point the app at a fake Xero. */
export const fakeXeroEnv = (xero: FakeXero) => ({
  XERO_CLIENT_ID: xero.clientId,
  XERO_CLIENT_SECRET: xero.clientSecret,
  XERO_LOGIN_URL: xero.url,
  XERO_IDENTITY_URL: xero.url,
  XERO_API_URL: xero.url,
});
