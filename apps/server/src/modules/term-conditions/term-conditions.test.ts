import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, OpportunityStatus, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, investments, notifications, opportunityInvitations, termConditionAcceptances, termConditions } from '../../db/schema';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow, setFlags } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let investor: Awaited<ReturnType<typeof signedIn>>;
type Client = typeof admin.client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Sam Staff' });
  investor = await signedIn(t, Role.User, { name: 'Ivy Investor' });
});
afterAll(() => t.close());
beforeEach(() =>
  setFlags(t, { investment_terms_enabled: true, market_sounding_enabled: false, compliance_test_enabled: false, nominee_enabled: false }),
);

const publish = async (opportunityId: number, body: string, client: Client = admin.client) => {
  const response = await client.post('/api/term-conditions', { opportunity_id: opportunityId, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; version: number; body: string };
};
const current = async (client: Client, opportunityId: number) => client.get(`/api/term-conditions/current?opportunity_id=${opportunityId}`);
const reserve = (client: Client, payload: Record<string, unknown>) => client.post('/api/investments/investor', payload);
const mine = async (client: Client, investmentId: number) => (await client.get(`/api/my/investments/${investmentId}`)).json().data;

describe('access', () => {
  it('answers 401 signed out, and 403 to roles without the opportunity permission', async () => {
    const opportunity = await createOpportunityRow(t);
    const version = await publish(opportunity.id, '<p>Terms</p>');
    const staffRoutes: Array<[string, string, 'show' | 'update']> = [
      ['GET', `/api/term-conditions?opportunity_id=${opportunity.id}`, 'show'],
      ['GET', `/api/term-conditions/${version.id}`, 'show'],
      ['POST', '/api/term-conditions', 'update'],
      ['PATCH', `/api/term-conditions/${version.id}`, 'update'],
    ];
    const investorRoutes: Array<[string, string]> = [
      ['GET', '/api/my/term-conditions'],
      ['POST', '/api/my/investments/1/term-conditions'],
    ];
    const anonymous = agent(t.app);
    for (const [method, url] of [
      ...staffRoutes,
      ...investorRoutes,
      ['GET', `/api/term-conditions/current?opportunity_id=${opportunity.id}`],
    ]) {
      expect((await anonymous.request({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} })).statusCode, url).toBe(
        401,
      );
    }
    for (const [method, url] of staffRoutes)
      expect((await investor.client.request({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} })).statusCode).toBe(
        403,
      );
    for (const roleId of ROLE_IDS.filter((r) => r !== Role.User)) {
      const { client } = await signedIn(t, roleId);
      for (const [method, url, action] of staffRoutes) {
        const payload = method === 'GET' ? undefined : { opportunity_id: opportunity.id, body: '<p>x</p>' };
        const status = (await client.request({ method: method as 'GET', url, payload })).statusCode;
        if (can(roleId, 'live_opportunities', action)) expect(status, `role ${roleId} ${method} ${url}`).not.toBe(403);
        else expect(status, `role ${roleId} ${method} ${url}`).toBe(403);
      }
      for (const [method, url] of investorRoutes)
        expect((await client.request({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} })).statusCode).toBe(403);
    }
  });

  it('shows investors the terms only of opportunities they may see (404 otherwise)', async () => {
    const draft = await createOpportunityRow(t, { status: OpportunityStatus.Draft });
    const internal = await createOpportunityRow(t, { status: OpportunityStatus.LiveInternal });
    const open = await createOpportunityRow(t);
    for (const o of [draft, internal, open]) await publish(o.id, `<p>Terms of ${o.name}</p>`);
    expect((await current(investor.client, draft.id)).statusCode).toBe(404);
    expect((await current(investor.client, internal.id)).statusCode).toBe(404);
    expect((await current(investor.client, 2_000_000_000)).statusCode).toBe(404);
    await t.db.insert(opportunityInvitations).values({ opportunityId: internal.id, userId: investor.user.id });
    expect((await current(investor.client, internal.id)).json().data.body).toBe(`<p>Terms of ${internal.name}</p>`);
    expect((await current(investor.client, open.id)).json().data).toMatchObject({ opportunity_id: open.id, version: 1 });
    // Staff read a Draft's terms too.
    expect((await current(admin.client, draft.id)).json().data.version).toBe(1);
  });
});

describe('versions', () => {
  it('numbers versions, sanitises the text, lists them newest first with the current one marked', async () => {
    const opportunity = await createOpportunityRow(t);
    expect((await current(admin.client, opportunity.id)).json().data).toBeNull();
    const first = await publish(opportunity.id, '<p onclick="steal()">First <script>alert(1)</script>terms</p>');
    expect(first.version).toBe(1);
    expect(first.body).toBe('<p>First terms</p>');
    const second = await publish(opportunity.id, '<p>Second terms</p>');
    expect(second.version).toBe(2);
    const list = (await admin.client.get(`/api/term-conditions?opportunity_id=${opportunity.id}`)).json().data;
    expect(list.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(list[0]).toMatchObject({ acceptances: 0, editable: true, created_by: { id: admin.user.id, name: 'Sam Staff' } });
    expect((await current(investor.client, opportunity.id)).json().data).toMatchObject({ id: second.id, version: 2 });
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'term_condition'), eq(activityLog.subjectId, String(second.id))));
    expect(logged.map((l) => l.action)).toEqual(['published']);
  });

  it('refuses empty terms and unknown fields with field messages', async () => {
    const opportunity = await createOpportunityRow(t);
    for (const body of ['', '   ', '<p><br></p>', '<script>x</script>']) {
      const response = await admin.client.post('/api/term-conditions', { opportunity_id: opportunity.id, body });
      expect(response.statusCode, body).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['body']);
    }
    const stray = await admin.client.post('/api/term-conditions', { opportunity_id: opportunity.id, body: '<p>x</p>', version: 9 });
    expect(stray.statusCode).toBe(422);
    expect((await admin.client.post('/api/term-conditions', { opportunity_id: 2_000_000_000, body: '<p>x</p>' })).statusCode).toBe(404);
  });

  it('corrects a version nobody accepted, and never one an investor accepted (409, and the database refuses too)', async () => {
    const opportunity = await createOpportunityRow(t);
    const version = await publish(opportunity.id, '<p>Draft wording</p>');
    const corrected = await admin.client.patch(`/api/term-conditions/${version.id}`, { body: '<p>Final wording</p>' });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().data).toMatchObject({ body: '<p>Final wording</p>', editable: true });
    const reserved = await reserve(investor.client, {
      opportunity_id: opportunity.id,
      amount: '1000',
      accept_terms: true,
      term_condition_id: version.id,
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const refused = await admin.client.patch(`/api/term-conditions/${version.id}`, { body: '<p>Changed after acceptance</p>' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/accepted by investors/);
    const shown = (await admin.client.get(`/api/term-conditions/${version.id}`)).json().data;
    expect(shown).toMatchObject({ body: '<p>Final wording</p>', acceptances: 1, editable: false });
    await expect(t.db.update(termConditions).set({ body: 'tampered' }).where(eq(termConditions.id, version.id))).rejects.toThrow();
    await expect(t.db.delete(termConditionAcceptances).where(eq(termConditionAcceptances.termConditionId, version.id))).rejects.toThrow();
  });
});

describe('accepting terms', () => {
  it('records the exact version accepted with the reservation: who, when, from where', async () => {
    const opportunity = await createOpportunityRow(t);
    const version = await publish(opportunity.id, '<p>Version one</p>');
    const missing = await reserve(investor.client, { opportunity_id: opportunity.id, amount: '1000', accept_terms: true });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['term_condition_id']);
    const unticked = await reserve(investor.client, { opportunity_id: opportunity.id, amount: '1000', term_condition_id: version.id });
    expect(Object.keys(unticked.json().errors)).toEqual(['accept_terms']);
    const reserved = await reserve(investor.client, {
      opportunity_id: opportunity.id,
      amount: '1000',
      accept_terms: true,
      term_condition_id: version.id,
    });
    expect(reserved.statusCode).toBe(201);
    const data = reserved.json().data;
    expect(data).toMatchObject({ terms_version: 1, terms_accepted_at: expect.any(String), terms_to_accept: null });
    const [acceptance] = await t.db.select().from(termConditionAcceptances).where(eq(termConditionAcceptances.investmentId, data.id));
    expect(acceptance).toMatchObject({ termConditionId: version.id, userId: investor.user.id, ip: expect.any(String) });
    const staff = (await admin.client.get(`/api/investments/${data.id}`)).json().data;
    expect(staff).toMatchObject({ terms_version: 1, terms_accepted_at: data.terms_accepted_at });
  });

  it('answers 409 naming the current version when the investor accepted a stale one, and 422 for another opportunity’s terms', async () => {
    const opportunity = await createOpportunityRow(t);
    const other = await createOpportunityRow(t);
    const first = await publish(opportunity.id, '<p>One</p>');
    const foreign = await publish(other.id, '<p>Other</p>');
    await publish(opportunity.id, '<p>Two</p>');
    const stale = await reserve(investor.client, {
      opportunity_id: opportunity.id,
      amount: '1000',
      accept_terms: true,
      term_condition_id: first.id,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('These terms (version 1) have been replaced by version 2. Read the new terms and accept them.');
    const wrong = await reserve(investor.client, {
      opportunity_id: opportunity.id,
      amount: '1000',
      accept_terms: true,
      term_condition_id: foreign.id,
    });
    expect(wrong.statusCode).toBe(422);
    // Nothing was reserved by either attempt.
    expect(await t.db.select().from(investments).where(eq(investments.opportunityId, opportunity.id))).toEqual([]);
  });

  it('asks only unpaid investments to accept a new version: notification, action, acceptance', async () => {
    const opportunity = await createOpportunityRow(t, { name: 'Harbour Robotics' });
    const v1 = await publish(opportunity.id, '<p>One</p>');
    const unpaid = (
      await reserve(investor.client, { opportunity_id: opportunity.id, amount: '1000', accept_terms: true, term_condition_id: v1.id })
    ).json().data;
    const payer = await signedIn(t, Role.User, { name: 'Paula Paid' });
    const paid = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: payer.user.id, amount: '2000.00', status: 'paid' });
    const before = await t.db.select().from(notifications).where(eq(notifications.userId, investor.user.id));

    const v2 = await publish(opportunity.id, '<p>Two</p>');
    const note = (await t.db.select().from(notifications).where(eq(notifications.userId, investor.user.id))).filter(
      (n) => !before.some((b) => b.id === n.id),
    );
    expect(note.map((n) => n.data)).toEqual([
      {
        message:
          'The investment terms of <strong>Harbour Robotics</strong> have changed. Read version 2 and accept it for your investment.',
        icon: 'investment_terms',
        cta: `/investor/investments/${opportunity.slug}`,
      },
    ]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, payer.user.id))).toEqual([]);
    expect(await mine(investor.client, unpaid.id)).toMatchObject({ terms_version: 1, terms_to_accept: 2 });
    expect(await mine(payer.client, paid.id)).toMatchObject({ terms_to_accept: null });

    // A paid investment cannot take them; the stale version is refused; the current one is recorded.
    const paidTry = await payer.client.post(`/api/my/investments/${paid.id}/term-conditions`, { term_condition_id: v2.id });
    expect(paidTry.statusCode).toBe(422);
    const staleTry = await investor.client.post(`/api/my/investments/${unpaid.id}/term-conditions`, { term_condition_id: v1.id });
    expect(staleTry.statusCode).toBe(409);
    const accepted = await investor.client.post(`/api/my/investments/${unpaid.id}/term-conditions`, { term_condition_id: v2.id });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data).toMatchObject({
      investment_id: unpaid.id,
      version: 2,
      body: '<p>Two</p>',
      opportunity: { id: opportunity.id },
    });
    expect(await mine(investor.client, unpaid.id)).toMatchObject({ terms_version: 2, terms_to_accept: null });
    const staff = (await admin.client.get(`/api/investments?filter[opportunity_id]=${opportunity.id}`)).json().data;
    expect(staff.map((i: { id: number; terms_version: number | null }) => [i.id, i.terms_version]).sort()).toEqual(
      [
        [unpaid.id, 2],
        [paid.id, null],
      ].sort(),
    );
  });

  it('keeps each investor to their own investments, and the documents list holds every accepted text', async () => {
    const opportunity = await createOpportunityRow(t, { name: 'Quay Foods' });
    const v1 = await publish(opportunity.id, '<p>First</p>');
    const reserved = (
      await reserve(investor.client, { opportunity_id: opportunity.id, amount: '1000', accept_terms: true, term_condition_id: v1.id })
    ).json().data;
    const v2 = await publish(opportunity.id, '<p>Second</p>');
    const stranger = await signedIn(t, Role.User);
    expect(
      (await stranger.client.post(`/api/my/investments/${reserved.id}/term-conditions`, { term_condition_id: v2.id })).statusCode,
    ).toBe(404);
    await investor.client.post(`/api/my/investments/${reserved.id}/term-conditions`, { term_condition_id: v2.id });
    const documents = (await investor.client.get('/api/my/term-conditions'))
      .json()
      .data.filter((d: { opportunity: { id: number } }) => d.opportunity.id === opportunity.id);
    expect(documents.map((d: { version: number; body: string }) => [d.version, d.body])).toEqual([
      [2, '<p>Second</p>'],
      [1, '<p>First</p>'],
    ]);
    expect((await stranger.client.get('/api/my/term-conditions')).json().data).toEqual([]);
  });

  it('asks nothing while the terms flag is off', async () => {
    await setFlags(t, { investment_terms_enabled: false });
    const opportunity = await createOpportunityRow(t);
    await publish(opportunity.id, '<p>One</p>');
    const reserved = await reserve(investor.client, { opportunity_id: opportunity.id, amount: '1000' });
    expect(reserved.statusCode).toBe(201);
    const before = (await t.db.select().from(notifications).where(eq(notifications.userId, investor.user.id))).length;
    await publish(opportunity.id, '<p>Two</p>');
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, investor.user.id))).toHaveLength(before);
    expect(await mine(investor.client, reserved.json().data.id)).toMatchObject({ terms_to_accept: null });
  });
});
