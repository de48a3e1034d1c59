import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role, ROLE_IDS } from '@platform/domain';
import { activityLog, investmentOpportunities, investments, notifications, opportunityInvitations, users } from '../../db/schema';
import { agent, createUser, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createMethodEntityFor, createNominee, createOrganisationFor } from '../../test/investments';
import { createInvestmentRow, createOpportunityRow, setFlags } from '../../test/opportunities';
import { referenceCodes } from './service';

let t: TestApp;
let investor: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  investor = await signedIn(t, Role.User, { name: 'Ivy Investor' });
});
afterAll(() => t.close());
beforeEach(() =>
  setFlags(t, {
    nominee_enabled: false,
    investment_terms_enabled: false,
    hide_bank_details: false,
    hide_payment_reference: false,
    market_sounding_enabled: false,
    compliance_test_enabled: false,
  }),
);

const reserve = (client: typeof investor.client, payload: Record<string, unknown>) => client.post('/api/investments/investor', payload);
const committedOf = async (id: number) =>
  (await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, id)))[0].committedAmount;
const fieldsOf = (response: { json(): { errors?: Record<string, string[]> } }) => Object.keys(response.json().errors ?? {});

describe('access', () => {
  const routes: Array<[string, string]> = [
    ['POST', '/api/investments/investor'],
    ['GET', '/api/my/investments'],
    ['GET', '/api/my/investments/1'],
    ['POST', '/api/my/investments/1/cancel'],
    ['GET', '/api/my/portfolio'],
    ['GET', '/api/my/portfolio/1'],
  ];

  it('answers 401 logged out and 403 to every staff role on the investor routes', async () => {
    for (const [method, url] of routes) {
      expect(
        (await agent(t.app).request({ method: method as 'GET', url, payload: method === 'POST' ? {} : undefined })).statusCode,
        url,
      ).toBe(401);
    }
    for (const roleId of ROLE_IDS.filter((r) => r !== Role.User)) {
      const { client } = await signedIn(t, roleId);
      for (const [method, url] of routes) {
        expect(
          (await client.request({ method: method as 'GET', url, payload: method === 'POST' ? {} : undefined })).statusCode,
          `role ${roleId} ${url}`,
        ).toBe(403);
      }
    }
  });
});

describe('POST /api/investments/investor', () => {
  it('reserves an allocation: exact money, whole shares, a readable reference, notification and log', async () => {
    const opportunity = await createOpportunityRow(t, { name: 'Acme Ltd Seed', sharePrice: '2.500000' });
    const response = await reserve(investor.client, { opportunity_id: opportunity.id, amount: '5001.99' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      opportunity_id: opportunity.id,
      amount: '5001.99',
      currency: 'GBP',
      share_price: '2.500000',
      shares: '2000.000000',
      status: 'reserved',
      type: 'investor',
      holder_type: 'personal',
      category: 'My Reserved Allocations',
      opportunity: { name: 'Acme Ltd Seed', slug: opportunity.slug },
    });
    expect(data.payment_reference).toMatch(new RegExp(`^INV-${opportunity.id}-[A-Z2-7]{6}$`));
    expect(await committedOf(opportunity.id)).toBe('5001.99');
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, investor.user.id));
    expect(note.data).toMatchObject({ icon: 'investment_opportunity_invested', cta: `/investor/investments/${opportunity.slug}` });
    expect(note.data.message).toContain('You reserved <strong>£5,001.99</strong> in <strong>Acme Ltd Seed</strong>.');
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'investment'), eq(activityLog.subjectId, String(data.id))));
    expect(logs.map((l) => l.action)).toEqual(['reserved']);
  });

  it('answers 422 on the field at fault', async () => {
    const opportunity = await createOpportunityRow(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: '1000' }, 'opportunity_id'],
      [{ opportunity_id: opportunity.id }, 'amount'],
      [{ opportunity_id: opportunity.id, amount: '1000.001' }, 'amount'],
      [{ opportunity_id: opportunity.id, amount: '-1000' }, 'amount'],
      [{ opportunity_id: opportunity.id, amount: '1000', holder_type: 'spouse' }, 'holder_type'],
      [{ opportunity_id: opportunity.id, amount: '1000', holder_type: 'organisation' }, 'organisation_id'],
      [
        { opportunity_id: opportunity.id, amount: '1000', holder_type: 'investment_method', investment_method_entity_id: '' },
        'investment_method_entity_id',
      ],
      [{ opportunity_id: opportunity.id, amount: '1000', surprise: 1 }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const response = await reserve(investor.client, payload);
      expect({ field, status: response.statusCode, errors: fieldsOf(response) }).toEqual({ field, status: 422, errors: [field] });
    }
  });

  it('404s an opportunity the investor may not see, and refuses one that takes no reservations', async () => {
    const draft = await createOpportunityRow(t, { status: 1 });
    const internal = await createOpportunityRow(t, { status: 3 });
    expect((await reserve(investor.client, { opportunity_id: draft.id, amount: '1000' })).statusCode).toBe(404);
    expect((await reserve(investor.client, { opportunity_id: internal.id, amount: '1000' })).statusCode).toBe(404);
    await t.db.insert(opportunityInvitations).values({ opportunityId: internal.id, userId: investor.user.id });
    expect((await reserve(investor.client, { opportunity_id: internal.id, amount: '1000' })).statusCode).toBe(201);

    const closed = await createOpportunityRow(t, { status: 4 });
    await createInvestmentRow(t, { opportunityId: closed.id, userId: investor.user.id, amount: '1000.00' });
    const response = await reserve(investor.client, { opportunity_id: closed.id, amount: '1000' });
    expect(response.statusCode).toBe(422);
    expect(fieldsOf(response)).toEqual(['opportunity_id']);
  });

  it('requires the market sounding to be accepted first', async () => {
    await setFlags(t, { market_sounding_enabled: true });
    const opportunity = await createOpportunityRow(t, { marketSoundingRequired: true });
    const refused = await reserve(investor.client, { opportunity_id: opportunity.id, amount: '1000' });
    expect(refused.statusCode).toBe(403);
    expect((await investor.client.post(`/api/market-sounding/${opportunity.id}/accept`, {})).statusCode).toBe(200);
    expect((await reserve(investor.client, { opportunity_id: opportunity.id, amount: '1000' })).statusCode).toBe(201);
  });

  it('passes the compliance gate first: no investing before the appropriateness test is passed', async () => {
    const opportunity = await createOpportunityRow(t);
    const newcomer = await signedIn(t, Role.User, { compliancePassed: false });
    await setFlags(t, { compliance_test_enabled: true });
    const refused = await reserve(newcomer.client, { opportunity_id: opportunity.id, amount: '1000' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'appropriateness', message: 'You must pass the appropriateness test before investing.' });
    expect(await committedOf(opportunity.id)).toBe('0.00');
    await t.db.update(users).set({ compliancePassed: true }).where(eq(users.id, newcomer.user.id));
    expect((await reserve(newcomer.client, { opportunity_id: opportunity.id, amount: '1000' })).statusCode).toBe(201);
  });

  it('keeps to the minimum and to the maximum per investor across their investments, naming the limits', async () => {
    const opportunity = await createOpportunityRow(t, {
      minimumInvestment: '1000.00',
      maximumInvestment: '50000.00',
      targetRaise: '500000.00',
    });
    const low = await reserve(investor.client, { opportunity_id: opportunity.id, amount: '999.99' });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.amount[0]).toBe('The minimum investment is £1,000.00: invest at least £1,000.00 and at most £50,000.00.');
    const high = await reserve(investor.client, { opportunity_id: opportunity.id, amount: '50000.01' });
    expect(high.json().errors.amount[0]).toBe(
      'The maximum investment is £50,000.00 per investor: invest at least £1,000.00 and at most £50,000.00.',
    );

    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount: '45000.00' });
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount: '9000.00', status: 'cancelled' });
    const over = await reserve(investor.client, { opportunity_id: opportunity.id, amount: '5000.01' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount[0]).toBe(
      'The maximum investment is £50,000.00 per investor. You have £45,000.00 committed already, so at most £5,000.00 more.',
    );
    expect((await reserve(investor.client, { opportunity_id: opportunity.id, amount: '5000' })).statusCode).toBe(201);
  });

  it('never takes more than remains of the raise (maximum raise, else target)', async () => {
    const opportunity = await createOpportunityRow(t, { targetRaise: '100000.00', maximumRaise: null, maximumInvestment: '90000.00' });
    const other = await createUser(t.ctx);
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: other.id, amount: '98000.00' });
    const response = await reserve(investor.client, { opportunity_id: opportunity.id, amount: '2000.01' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ amount: ['Only £2,000.00 remains available.'] });
    expect((await reserve(investor.client, { opportunity_id: opportunity.id, amount: '2000' })).statusCode).toBe(201);
    expect(await committedOf(opportunity.id)).toBe('100000.00');
    const full = await reserve(investor.client, { opportunity_id: opportunity.id, amount: '1000' });
    expect(full.json().errors.amount[0]).toMatch(/fully subscribed/);

    const euro = await createOpportunityRow(t, {
      currency: 'EUR',
      targetRaise: '10000.00',
      maximumRaise: '12000.00',
      maximumInvestment: '12000.00',
    });
    await createInvestmentRow(t, { opportunityId: euro.id, userId: other.id, amount: '11500.00' });
    const euros = await reserve(investor.client, { opportunity_id: euro.id, amount: '1000' });
    expect(euros.json().errors.amount[0]).toBe('Only €500.00 remains available.');
  });

  it('lets the investor hold it only through their own organisation or method account', async () => {
    const opportunity = await createOpportunityRow(t);
    const stranger = await createUser(t.ctx);
    const mine = await createOrganisationFor(t, investor.user.id, 'Ivy Holdings Ltd');
    const theirs = await createOrganisationFor(t, stranger.id);
    const unlinked = await createOrganisationFor(t, null);
    const myPension = await createMethodEntityFor(t, investor.user.id);
    const theirPension = await createMethodEntityFor(t, stranger.id);

    const viaOrg = await reserve(investor.client, {
      opportunity_id: opportunity.id,
      amount: '1000',
      holder_type: 'organisation',
      organisation_id: mine.id,
      nominee_id: 5,
    });
    expect(viaOrg.statusCode).toBe(201);
    expect(viaOrg.json().data).toMatchObject({ holder_type: 'organisation', organisation_id: mine.id, nominee_id: null, type: 'org' });
    for (const org of [theirs, unlinked]) {
      const refused = await reserve(investor.client, {
        opportunity_id: opportunity.id,
        amount: '1000',
        holder_type: 'organisation',
        organisation_id: org.id,
      });
      expect(fieldsOf(refused)).toEqual(['organisation_id']);
    }
    const viaPension = await reserve(investor.client, {
      opportunity_id: opportunity.id,
      amount: '1000',
      holder_type: 'investment_method',
      investment_method_entity_id: String(myPension.id),
    });
    expect(viaPension.json().data).toMatchObject({
      holder_type: 'investment_method',
      investment_method_entity_id: myPension.id,
      type: 'pension',
    });
    const refused = await reserve(investor.client, {
      opportunity_id: opportunity.id,
      amount: '1000',
      holder_type: 'investment_method',
      investment_method_entity_id: theirPension.id,
    });
    expect(fieldsOf(refused)).toEqual(['investment_method_entity_id']);
  });

  it('offers nominees only when the nominee flag is on', async () => {
    const opportunity = await createOpportunityRow(t);
    const nominee = await createNominee(t);
    const off = await reserve(investor.client, {
      opportunity_id: opportunity.id,
      amount: '1000',
      holder_type: 'nominee',
      nominee_id: nominee.id,
    });
    expect(fieldsOf(off)).toEqual(['holder_type']);
    await setFlags(t, { nominee_enabled: true });
    expect(
      fieldsOf(
        await reserve(investor.client, { opportunity_id: opportunity.id, amount: '1000', holder_type: 'nominee', nominee_id: 999999 }),
      ),
    ).toEqual(['nominee_id']);
    const on = await reserve(investor.client, {
      opportunity_id: opportunity.id,
      amount: '1000',
      holder_type: 'nominee',
      nominee_id: nominee.id,
    });
    expect(on.statusCode).toBe(201);
    expect(on.json().data).toMatchObject({ holder_type: 'nominee', nominee_id: nominee.id });
  });

  it('asks for no acceptance while the opportunity has no terms published (the flag on)', async () => {
    const opportunity = await createOpportunityRow(t);
    await setFlags(t, { investment_terms_enabled: true });
    const form = new FormData();
    form.append('opportunity_id', String(opportunity.id));
    form.append('amount', '1000.50');
    const reserved = await reserve(investor.client, form as never);
    expect(reserved.statusCode).toBe(201);
    expect(reserved.json().data).toMatchObject({ terms_version: null, terms_accepted_at: null, terms_to_accept: null });
  });

  it('retries a payment reference that is already taken', async () => {
    const opportunity = await createOpportunityRow(t);
    const taken = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount: '1000.00' });
    await t.db
      .update(investments)
      .set({ paymentReference: `INV-${opportunity.id}-AAAAAA` })
      .where(eq(investments.id, taken.id));
    const codes = ['AAAAAA', 'AAAAAA', 'BBBBBB'];
    const original = referenceCodes.next;
    referenceCodes.next = () => codes.shift() ?? original();
    try {
      const response = await reserve(investor.client, { opportunity_id: opportunity.id, amount: '1000' });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.payment_reference).toBe(`INV-${opportunity.id}-BBBBBB`);
    } finally {
      referenceCodes.next = original;
    }
    expect(await committedOf(opportunity.id)).toBe('2000.00');
  });
});

describe('the investor reading and cancelling their investments', () => {
  let reader: Awaited<ReturnType<typeof signedIn>>;
  let opportunity: Awaited<ReturnType<typeof createOpportunityRow>>;
  let reservedId: number;
  let calledId: number;
  let privateId: number;
  let othersId: number;

  beforeAll(async () => {
    reader = await signedIn(t, Role.User);
    opportunity = await createOpportunityRow(t, {
      name: 'Readable plc',
      bankAccountName: 'Readable Client Account',
      bankSortCode: '12-34-56',
      bankAccountNumber: '12345678',
    });
    const second = await createOpportunityRow(t);
    reservedId = (await createInvestmentRow(t, { opportunityId: opportunity.id, userId: reader.user.id, amount: '2000.00' })).id;
    calledId = (await createInvestmentRow(t, { opportunityId: second.id, userId: reader.user.id, amount: '3000.00', status: 'cash_call' }))
      .id;
    privateId = (
      await createInvestmentRow(t, { opportunityId: opportunity.id, userId: reader.user.id, amount: '4000.00', type: 'private_manual' })
    ).id;
    othersId = (await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount: '1000.00' })).id;
  });

  it('lists only their own, never staff-only records, with category, filters and payment instructions', async () => {
    const body = (await reader.client.get('/api/my/investments?sort=amount')).json();
    expect(body.data.map((i: { id: number }) => i.id)).toEqual([reservedId, calledId]);
    expect(body.meta.total).toBe(2);
    expect(body.data[0]).toMatchObject({
      category: 'My Reserved Allocations',
      opportunity: { id: opportunity.id, name: 'Readable plc', slug: opportunity.slug, currency: 'GBP' },
      payment_instructions: {
        amount: '2000.00',
        currency: 'GBP',
        account_name: 'Readable Client Account',
        sort_code: '12-34-56',
        account_number: '12345678',
        reference: expect.any(String),
      },
    });
    expect(body.data[1].category).toBe('Cash Call - Awaiting Payment');
    const called = (await reader.client.get('/api/my/investments?filter[status]=cash_call')).json();
    expect(called.data.map((i: { id: number }) => i.id)).toEqual([calledId]);
    const byOpportunity = (await reader.client.get(`/api/my/investments?filter[opportunity_id]=${opportunity.id}`)).json();
    expect(byOpportunity.data.map((i: { id: number }) => i.id)).toEqual([reservedId]);
    expect((await reader.client.get('/api/my/investments?filter[user_id]=1')).statusCode).toBe(400);
    expect((await reader.client.get('/api/my/investments?filter[status]=lost')).statusCode).toBe(400);
  });

  it('hides bank details and the payment reference when the flags say so', async () => {
    await setFlags(t, { hide_bank_details: true });
    let data = (await reader.client.get(`/api/my/investments/${reservedId}`)).json().data;
    expect(data.payment_instructions).toEqual({ amount: '2000.00', currency: 'GBP', reference: data.payment_reference });
    await setFlags(t, { hide_bank_details: false, hide_payment_reference: true });
    data = (await reader.client.get(`/api/my/investments/${reservedId}`)).json().data;
    expect(data).not.toHaveProperty('payment_reference');
    expect(data.payment_instructions).not.toHaveProperty('reference');
    expect(data.payment_instructions.account_number).toBe('12345678');
  });

  it('gives investors outside the UK the IBAN and BIC, with international bank details on', async () => {
    const instructions = async () => (await reader.client.get(`/api/my/investments/${reservedId}`)).json().data.payment_instructions;
    const uk = { account_name: 'Readable Client Account', sort_code: '12-34-56', account_number: '12345678' };
    const abroad = { account_name: 'Readable Client Account', iban: 'GB29NWBK60161331926819', bic: 'NWBKGB2L' };
    await t.db
      .update(investmentOpportunities)
      .set({ bankIban: abroad.iban, bankBic: abroad.bic })
      .where(eq(investmentOpportunities.id, opportunity.id));
    await t.db.update(users).set({ country: 'France' }).where(eq(users.id, reader.user.id));
    try {
      await setFlags(t, { intl_bank_details_enabled: false });
      expect(await instructions()).toMatchObject(uk);
      expect(await instructions()).not.toHaveProperty('iban');
      await setFlags(t, { intl_bank_details_enabled: true });
      expect(await instructions()).toMatchObject(abroad);
      expect(await instructions()).not.toHaveProperty('sort_code');
      // An investor in the UK, or one whose country is not known, pays into the UK account.
      for (const country of ['United Kingdom', null]) {
        await t.db.update(users).set({ country }).where(eq(users.id, reader.user.id));
        expect(await instructions(), String(country)).toMatchObject(uk);
      }
      // An opportunity without an IBAN has only its UK account to offer.
      await t.db.update(users).set({ country: 'France' }).where(eq(users.id, reader.user.id));
      await t.db.update(investmentOpportunities).set({ bankIban: null }).where(eq(investmentOpportunities.id, opportunity.id));
      expect(await instructions()).toMatchObject(uk);
    } finally {
      await setFlags(t, { intl_bank_details_enabled: false });
      await t.db.update(users).set({ country: null }).where(eq(users.id, reader.user.id));
    }
  });

  it("404s another investor's investment and staff-only records", async () => {
    expect((await reader.client.get(`/api/my/investments/${othersId}`)).statusCode).toBe(404);
    expect((await reader.client.get(`/api/my/investments/${privateId}`)).statusCode).toBe(404);
    expect((await reader.client.post(`/api/my/investments/${othersId}/cancel`, {})).statusCode).toBe(404);
    expect((await reader.client.get('/api/my/investments/999999')).statusCode).toBe(404);
  });

  it('cancels a reservation and gives its money back to the raise; nothing further along', async () => {
    const before = await committedOf(opportunity.id);
    const response = await reader.client.post(`/api/my/investments/${reservedId}/cancel`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'cancelled', category: 'Reserve An Allocation' });
    expect(Number(await committedOf(opportunity.id))).toBe(Number(before) - 2000);
    const again = await reader.client.post(`/api/my/investments/${reservedId}/cancel`, {});
    expect(again.statusCode).toBe(422);
    const called = await reader.client.post(`/api/my/investments/${calledId}/cancel`, {});
    expect(called.statusCode).toBe(422);
    expect(fieldsOf(called)).toEqual(['status']);
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'investment'), eq(activityLog.subjectId, String(reservedId))));
    expect(logs.map((l) => l.action)).toEqual(['cancelled']);
  });
});

describe('GET /api/my/portfolio', () => {
  it('groups paid and completed investments per opportunity and values them at the share price', async () => {
    const holder = await signedIn(t, Role.User);
    const acme = await createOpportunityRow(t, { name: 'Acme', status: 5, sharePrice: '2.500000' });
    const beta = await createOpportunityRow(t, { name: 'Beta', status: 4, sharePrice: null });
    const euro = await createOpportunityRow(t, { name: 'Euro', status: 5, currency: 'EUR', sharePrice: '3.000000' });
    const add = async (
      opportunityId: number,
      amount: string,
      status: string,
      shares: string | null,
      sharePrice: string | null,
      type = 'investor',
    ) => {
      const row = await createInvestmentRow(t, { opportunityId, userId: holder.user.id, amount, status, type });
      await t.db
        .update(investments)
        .set({ shares, sharePrice, currency: opportunityId === euro.id ? 'EUR' : 'GBP', paidAt: new Date('2024-01-15T10:00:00Z') })
        .where(eq(investments.id, row.id));
    };
    // Bought 4,000 at £1.25 and 1,000 at £2.00: £7,000 for 5,000 shares now priced £2.50.
    await add(acme.id, '5000.00', 'completed', '4000.000000', '1.250000');
    await add(acme.id, '2000.00', 'paid', '1000.000000', '2.000000');
    await add(acme.id, '9999.00', 'reserved', '1.000000', '2.000000');
    await add(acme.id, '8888.00', 'paid', '1.000000', '2.000000', 'private_manual');
    await add(beta.id, '1500.00', 'paid', null, null);
    await add(euro.id, '1000.00', 'completed', '400.000000', '2.500000');
    const other = await createUser(t.ctx);
    const othersOnly = await createOpportunityRow(t, { status: 5 });
    await createInvestmentRow(t, { opportunityId: othersOnly.id, userId: other.id, amount: '1000.00', status: 'completed' });

    const body = (await holder.client.get('/api/my/portfolio')).json();
    expect(body.data.map((h: { opportunity: { name: string } }) => h.opportunity.name)).toEqual(['Acme', 'Beta', 'Euro']);
    expect(body.data[0]).toMatchObject({
      opportunity_id: acme.id,
      currency: 'GBP',
      investments_count: 2,
      cost: '7000.00',
      shares: '5000.000000',
      share_price: '2.500000',
      current_value: '12500.00',
      gain: '5500.00',
      multiple: '1.79',
      valued_at: 'share_price',
    });
    expect(body.data[1]).toMatchObject({ cost: '1500.00', current_value: '1500.00', gain: '0.00', multiple: '1.00', valued_at: 'cost' });
    expect(body.data[2]).toMatchObject({ currency: 'EUR', cost: '1000.00', current_value: '1200.00', gain: '200.00', multiple: '1.20' });
    expect(body.totals).toEqual([
      { currency: 'GBP', cost: '8500.00', current_value: '14000.00', realised: '0.00', gain: '5500.00', multiple: '1.65' },
      { currency: 'EUR', cost: '1000.00', current_value: '1200.00', realised: '0.00', gain: '200.00', multiple: '1.20' },
    ]);

    // The IRR is on the holding's page only.
    expect(body.data[0]).not.toHaveProperty('irr');
    const one = (await holder.client.get(`/api/my/portfolio/${acme.id}`)).json().data;
    expect(one.cost).toBe('7000.00');
    expect(one).toHaveProperty('irr');
    expect(one.investments.map((i: { amount: string; status: string }) => [i.amount, i.status])).toEqual([
      ['5000.00', 'completed'],
      ['2000.00', 'paid'],
    ]);
    expect((await holder.client.get(`/api/my/portfolio/${othersOnly.id}`)).statusCode).toBe(404);
    expect((await holder.client.get('/api/my/portfolio/999999')).statusCode).toBe(404);
  });
});
