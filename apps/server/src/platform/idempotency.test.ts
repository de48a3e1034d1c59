import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { idempotencyKeys, investments } from '../db/schema';
import { createTestApp, signedIn, type TestApp } from '../test/harness';
import { signedInInvestors } from '../test/investments';
import { createInvestmentRow, createOpportunityRow } from '../test/opportunities';
import { systemClock } from './clock';
import { IDEMPOTENCY_TTL_MS, pruneIdempotencyKeys } from './idempotency';

/**
 * Decision 0019: money-moving POSTs honour an Idempotency-Key, so a double submit, a retry after a
 * timeout or a replayed request makes one record. The card route talks to a local stand-in for
 * Stripe's API that can be told to fail, to show a failed answer is not kept.
 */
const stripeApi = { failing: false, sessions: 0 };
const fakeStripe = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.setHeader('content-type', 'application/json');
    if (stripeApi.failing) {
      response.statusCode = 500;
      response.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is having a bad day.' } }));
      return;
    }
    const id = `cs_test_${++stripeApi.sessions}`;
    response.end(
      JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/pay/${id}`, payment_status: 'unpaid' }),
    );
  });
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => fakeStripe.listen(0, '127.0.0.1', resolve));
  const { port } = fakeStripe.address() as AddressInfo;
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_platform', STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_API_URL: `http://127.0.0.1:${port}` },
  });
});
afterAll(async () => {
  await t.close();
  fakeStripe.close();
});

const RESERVE = '/api/investments/investor';

async function reservationsOf(userId: number) {
  const [row] = await t.db.select({ n: count() }).from(investments).where(eq(investments.userId, userId));
  return row.n;
}

/** An opportunity where one investor may hold at most five reservations of 1,000. */
const cappedOpportunity = () =>
  createOpportunityRow(t, { targetRaise: '100000.00', minimumInvestment: '1000.00', maximumInvestment: '5000.00' });

describe('a reservation sent with an Idempotency-Key', () => {
  it('makes one record and 50 identical answers when 50 identical requests race', async () => {
    const opportunity = await cappedOpportunity();
    const [investor] = await signedInInvestors(t, 1);
    const key = crypto.randomUUID();

    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        investor.post(RESERVE, { opportunity_id: opportunity.id, amount: '1000.00' }, { 'idempotency-key': key }),
      ),
    );

    expect(await reservationsOf(investor.user.id)).toBe(1);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
  }, 60_000);

  it('replays the first answer to a later repeat, without running the request again', async () => {
    const opportunity = await cappedOpportunity();
    const [investor] = await signedInInvestors(t, 1);
    const body = { opportunity_id: opportunity.id, amount: '2000.00' };
    const first = await investor.post(RESERVE, body, { 'idempotency-key': 'reserve-once' });
    // The same fields in another order are the same request.
    const again = await investor.post(
      RESERVE,
      { amount: '2000.00', opportunity_id: opportunity.id },
      { 'idempotency-key': 'reserve-once' },
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await reservationsOf(investor.user.id)).toBe(1);
  });

  it('makes separate records for different keys, within the investor cap', async () => {
    const opportunity = await cappedOpportunity();
    const [investor] = await signedInInvestors(t, 1);
    const responses = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        investor.post(RESERVE, { opportunity_id: opportunity.id, amount: '1000.00' }, { 'idempotency-key': `attempt-${i}` }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(2);
    expect(await reservationsOf(investor.user.id)).toBe(5);
  });

  it('refuses a key reused with a different body (422) and creates nothing for it', async () => {
    const opportunity = await cappedOpportunity();
    const [investor] = await signedInInvestors(t, 1);
    expect(
      (await investor.post(RESERVE, { opportunity_id: opportunity.id, amount: '1000.00' }, { 'idempotency-key': 'k-1' })).statusCode,
    ).toBe(201);
    const reused = await investor.post(RESERVE, { opportunity_id: opportunity.id, amount: '3000.00' }, { 'idempotency-key': 'k-1' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.idempotency_key[0]).toMatch(/already used for a different request/);
    expect(await reservationsOf(investor.user.id)).toBe(1);
  });

  it('keeps keys per user: another investor with the same key and body gets their own record', async () => {
    const opportunity = await cappedOpportunity();
    const [first, second] = await signedInInvestors(t, 2);
    const body = { opportunity_id: opportunity.id, amount: '1000.00' };
    const mine = await first.post(RESERVE, body, { 'idempotency-key': 'shared-key' });
    const theirs = await second.post(RESERVE, body, { 'idempotency-key': 'shared-key' });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect(await reservationsOf(first.user.id)).toBe(1);
    expect(await reservationsOf(second.user.id)).toBe(1);
  });

  it('replays a refusal too: the answer to that request was final', async () => {
    const opportunity = await cappedOpportunity();
    const [investor] = await signedInInvestors(t, 1);
    const body = { opportunity_id: opportunity.id, amount: '9000.00' };
    const refused = await investor.post(RESERVE, body, { 'idempotency-key': 'too-much' });
    const again = await investor.post(RESERVE, body, { 'idempotency-key': 'too-much' });
    expect(refused.statusCode).toBe(422);
    expect(again.statusCode).toBe(422);
    expect(again.body).toBe(refused.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('answers 400 naming the header for a key that is too long or not printable', async () => {
    const opportunity = await cappedOpportunity();
    const [investor] = await signedInInvestors(t, 1);
    for (const key of ['x'.repeat(256), 'two words', '']) {
      const response = await investor.post(RESERVE, { opportunity_id: opportunity.id, amount: '1000.00' }, { 'idempotency-key': key });
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json().message).toMatch(/Idempotency-Key/);
    }
    expect(
      (await investor.post(RESERVE, { opportunity_id: opportunity.id, amount: '1000.00' }, { 'idempotency-key': 'x'.repeat(255) }))
        .statusCode,
    ).toBe(201);
    expect(await reservationsOf(investor.user.id)).toBe(1);
  });

  it('changes nothing for requests without a key', async () => {
    const opportunity = await cappedOpportunity();
    const [investor] = await signedInInvestors(t, 1);
    const body = { opportunity_id: opportunity.id, amount: '1000.00' };
    expect((await investor.post(RESERVE, body)).statusCode).toBe(201);
    expect((await investor.post(RESERVE, body)).statusCode).toBe(201);
    expect(await reservationsOf(investor.user.id)).toBe(2);
  });
});

describe('keys on the other money routes', () => {
  it('makes one staff transaction for a repeated manual entry', async () => {
    const opportunity = await createOpportunityRow(t);
    const staff = await signedIn(t, Role.SuperAdmin);
    const [investor] = await signedInInvestors(t, 1);
    const body = {
      opportunity_id: opportunity.id,
      user_id: investor.user.id,
      amount: '1500.00',
      type: 'private_manual',
      status: 'reserved',
    };
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const responses = await Promise.all([1, 2, 3].map(() => staff.client.post('/api/investments/manual', body, { headers })));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(await reservationsOf(investor.user.id)).toBe(1);
  });

  it('reads a multipart form once and tells two different forms apart', async () => {
    const opportunity = await cappedOpportunity();
    const investor = await signedIn(t, Role.User);
    const form = (amount: string) => {
      const boundary = `----form${crypto.randomUUID()}`;
      const payload = [
        `--${boundary}\r\nContent-Disposition: form-data; name="opportunity_id"\r\n\r\n${opportunity.id}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n${amount}`,
        `--${boundary}--\r\n`,
      ].join('\r\n');
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': 'multipart-key' } };
    };
    const first = form('1000.00');
    const created = await investor.client.post(RESERVE, first.payload, { headers: first.headers });
    expect(created.statusCode).toBe(201);
    // The same fields under another boundary are the same form.
    const same = form('1000.00');
    const replayed = await investor.client.post(RESERVE, same.payload, { headers: same.headers });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const other = form('2000.00');
    expect((await investor.client.post(RESERVE, other.payload, { headers: other.headers })).statusCode).toBe(422);
    expect(await reservationsOf(investor.user.id)).toBe(1);
  });

  it('does not keep a failed (5xx) answer, so the retry with the same key runs', async () => {
    const opportunity = await createOpportunityRow(t);
    const investor = await signedIn(t, Role.User);
    const investment = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount: '1000.00' });
    const headers = { 'idempotency-key': 'pay-by-card' };
    stripeApi.failing = true;
    const failed = await investor.client
      .post(`/api/investments/${investment.id}/stripe`, {}, { headers })
      .finally(() => (stripeApi.failing = false));
    // The card provider failed: 503, nothing changed, and nothing kept under the key.
    expect(failed.statusCode).toBe(503);
    const retried = await investor.client.post(`/api/investments/${investment.id}/stripe`, {}, { headers });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json().data.url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\//);
  });

  it('scopes a key to its route: the same key on another money route runs there', async () => {
    const opportunity = await createOpportunityRow(t);
    const staff = await signedIn(t, Role.SuperAdmin);
    const investor = await signedIn(t, Role.User);
    const investment = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount: '1000.00' });
    const headers = { 'idempotency-key': 'staff-move' };
    const called = await staff.client.post(`/api/investments/${investment.id}/cash-call`, {}, { headers });
    const paid = await staff.client.post(`/api/investments/${investment.id}/mark-paid`, {}, { headers });
    expect(called.json().data.status).toBe('cash_call');
    expect(paid.json().data.status).toBe('paid');
    expect(paid.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('expiry', () => {
  it('frees a key after 24 hours and prunes it', async () => {
    const opportunity = await cappedOpportunity();
    const [investor] = await signedInInvestors(t, 1);
    const send = () => investor.post(RESERVE, { opportunity_id: opportunity.id, amount: '1000.00' }, { 'idempotency-key': 'daily' });
    const mine = eq(idempotencyKeys.userId, investor.user.id);
    const age = (ms: number) =>
      t.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`${idempotencyKeys.createdAt} - make_interval(secs => ${ms / 1000})` })
        .where(mine);

    await send();
    await age(IDEMPOTENCY_TTL_MS - 60_000);
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    await pruneIdempotencyKeys(t.db, systemClock);
    expect(await t.db.select().from(idempotencyKeys).where(mine)).toHaveLength(1);

    await age(120_000);
    expect((await send()).headers['idempotent-replayed']).toBeUndefined();
    expect(await reservationsOf(investor.user.id)).toBe(2);

    await age(IDEMPOTENCY_TTL_MS + 60_000);
    await pruneIdempotencyKeys(t.db, systemClock);
    expect(await t.db.select().from(idempotencyKeys).where(mine)).toHaveLength(0);
  });
});
