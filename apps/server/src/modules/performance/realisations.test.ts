import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { investments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow, setFlags } from '../../test/opportunities';

const clock = fixedClock(new Date('2026-11-20T09:00:00Z'));
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
  await setFlags(t, { cap_table_enabled: true });
});
afterAll(() => t.close());

type Holder = Awaited<ReturnType<typeof signedIn>>;

/** A completed company: Ann bought 1,000 shares and Bob 3,000, both at £1.00 on 2024-01-01. */
async function heldCompany() {
  const opportunity = await createOpportunityRow(t, { status: 5, sharePrice: '1.000000' });
  const holders: Holder[] = [];
  for (const shares of [1000, 3000]) {
    const holder = await signedIn(t, Role.User);
    const row = await createInvestmentRow(t, {
      opportunityId: opportunity.id,
      userId: holder.user.id,
      amount: `${shares}.00`,
      status: 'completed',
    });
    await t.db
      .update(investments)
      .set({ shares: `${shares}.000000`, sharePrice: '1.000000', paidAt: new Date('2024-01-01T12:00:00Z') })
      .where(eq(investments.id, row.id));
    holders.push(holder);
  }
  return { opportunity, ann: holders[0], bob: holders[1] };
}

const outcome = async (opportunityId: number, body: Record<string, unknown>) =>
  (await admin.client.post('/api/company-outcomes', { opportunity_id: opportunityId, ...body })).json().data;
const figuresOf = async (opportunityId: number, holder: Holder) =>
  (await admin.client.get(`/api/investment-opportunities/${opportunityId}/performance`))
    .json()
    .data.holders.find((h: { user_id: number }) => h.user_id === holder.user.id);

describe("holders' realised proceeds", () => {
  it('records every holder’s part of a partial realisation and then the exit, once each, and counts them everywhere', async () => {
    const { opportunity, ann, bob } = await heldCompany();
    const base = `/api/investment-opportunities/${opportunity.id}/realisations`;
    const partial = await outcome(opportunity.id, { date: '2025-06-01', kind: 'partial-realisation', price: '2' });
    expect((await admin.client.post(`${base}/from-outcome`, { outcome_id: partial.id })).json().errors.percentage).toBeDefined();

    // A quarter of each holding at £2.00: Ann sells 250 shares for £500, Bob 750 for £1,500.
    const recorded = await admin.client.post(`${base}/from-outcome`, { outcome_id: partial.id, percentage: '25' });
    expect(recorded.statusCode).toBe(201);
    expect(
      recorded.json().data.map((r: { user: { id: number }; shares: string; proceeds: string }) => [r.user.id, r.shares, r.proceeds]),
    ).toEqual([
      [ann.user.id, '250.000000', '500.00'],
      [bob.user.id, '750.000000', '1500.00'],
    ]);
    expect((await admin.client.post(`${base}/from-outcome`, { outcome_id: partial.id, percentage: '25' })).statusCode).toBe(409);
    // Ann keeps 750 shares, valued at the realisation price of £2: £1,500 plus £500 realised on £1,000.
    expect(await figuresOf(opportunity.id, ann)).toMatchObject({
      shares_held: '750',
      realised: '500.00',
      current_value: '1500.00',
      gain: '1000.00',
      moic: '2.00',
    });

    // The exit at £3.00 sells what is left: Ann 750 shares for £2,250.
    const exit = await outcome(opportunity.id, { date: '2026-01-15', kind: 'exit', price: '3' });
    await admin.client.post(`${base}/from-outcome`, { outcome_id: exit.id });
    expect(await figuresOf(opportunity.id, ann)).toMatchObject({
      shares_held: '0',
      realised: '2750.00',
      current_value: '0.00',
      gain: '1750.00',
      moic: '2.75',
    });
    const holding = (await ann.client.get(`/api/my/portfolio/${opportunity.id}`)).json().data;
    expect(holding).toMatchObject({ shares: '0.000000', current_value: '0.00', realised: '2750.00', gain: '1750.00', multiple: '2.75' });
    const portfolio = (await ann.client.get('/api/my/portfolio')).json();
    expect(portfolio.totals).toEqual([
      { currency: 'GBP', cost: '1000.00', current_value: '0.00', realised: '2750.00', gain: '1750.00', multiple: '2.75' },
    ]);
    const listed = (await admin.client.get(base)).json().data;
    expect(listed).toHaveLength(4);
    expect(listed[0]).toMatchObject({ user: { id: ann.user.id }, outcome_id: partial.id, date: '2025-06-01' });

    // Proceeds hang on their outcome: it cannot go while they stand; deleting them undoes the figures.
    expect((await admin.client.request({ method: 'DELETE', url: `/api/company-outcomes/${exit.id}` })).statusCode).toBe(409);
    for (const r of listed.filter((r: { outcome_id: number }) => r.outcome_id === exit.id)) {
      expect((await admin.client.request({ method: 'DELETE', url: `${base}/${r.id}` })).statusCode).toBe(204);
      expect((await admin.client.request({ method: 'DELETE', url: `${base}/${r.id}` })).statusCode).toBe(404);
    }
    expect(await figuresOf(opportunity.id, ann)).toMatchObject({ shares_held: '750', realised: '500.00', current_value: '2250.00' });
    expect((await admin.client.request({ method: 'DELETE', url: `/api/company-outcomes/${exit.id}` })).statusCode).toBe(204);
  });

  it('records one holder’s own sale, never more shares than held on its date, and shows the shares left on the cap table', async () => {
    const { opportunity, ann } = await heldCompany();
    const base = `/api/investment-opportunities/${opportunity.id}/realisations`;
    const key = `${ann.user.id}:personal:0`;
    const tooMany = await admin.client.post(base, { holder_key: key, date: '2025-03-01', shares: '1000.5', proceeds: '900' });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.shares).toEqual([`${ann.user.name} held 1000 shares on 2025-03-01: a sale cannot be larger.`]);
    expect(
      (await admin.client.post(base, { holder_key: key, date: '2023-12-31', shares: '1', proceeds: '1' })).json().errors.shares,
    ).toBeDefined();
    expect(
      (await admin.client.post(base, { holder_key: key, date: '2026-12-01', shares: '1', proceeds: '1' })).json().errors.date,
    ).toBeDefined();
    expect(
      (await admin.client.post(base, { holder_key: '999999:personal:0', date: '2025-03-01', shares: '1', proceeds: '1' })).json().errors
        .holder_key,
    ).toBeDefined();
    const missing = await admin.client.post(base, {});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['date', 'holder_key', 'proceeds', 'shares']);

    const register = (await admin.client.get(base)).json().holders;
    expect(register).toHaveLength(2);
    expect(register).toEqual(
      expect.arrayContaining([
        { key, user: { id: ann.user.id, name: ann.user.name }, held_through: null, shares_held: '1000.000000', relief_ends_on: null },
        expect.objectContaining({ shares_held: '3000.000000' }),
      ]),
    );
    const sold = await admin.client.post(base, {
      holder_key: key,
      date: '2025-03-01',
      shares: '400',
      proceeds: '600',
      note: 'Secondary sale',
    });
    expect(sold.statusCode).toBe(201);
    expect((await admin.client.get(base)).json().holders.find((h: { key: string }) => h.key === key).shares_held).toBe('600.000000');
    expect(sold.json().data).toMatchObject({
      holder_key: key,
      user: { id: ann.user.id, name: ann.user.name },
      shares: '400.000000',
      proceeds: '600.00',
      outcome_id: null,
    });
    // A second sale may take the rest, not more.
    expect((await admin.client.post(base, { holder_key: key, date: '2025-04-01', shares: '601', proceeds: '1' })).statusCode).toBe(422);
    const capTable = (await admin.client.get(`/api/investment-opportunities/${opportunity.id}/cap-table`)).json().data;
    expect(capTable.total.shares).toBe('3600.000000');
    expect(capTable.holders.find((h: { user_id: number }) => h.user_id === ann.user.id)).toMatchObject({
      key,
      shares: '600.000000',
      cost: '1000.00',
    });
    const returns = (await admin.client.get(`/api/investment-opportunities/${opportunity.id}/cap-table-performance`)).json().data;
    expect(returns.total).toMatchObject({ realised: '600.00', shares_held: '3600' });

    const writeOff = await outcome(opportunity.id, { date: '2025-09-01', kind: 'write-off' });
    expect((await admin.client.post(`${base}/from-outcome`, { outcome_id: writeOff.id })).json().errors.outcome_id).toEqual([
      'A write-off pays nothing: there are no proceeds to record.',
    ]);
  });

  it('answers 401, 403 to roles that may not see Performance or change it, and 404 for another company’s record', async () => {
    const { opportunity, ann } = await heldCompany();
    const base = `/api/investment-opportunities/${opportunity.id}/realisations`;
    expect((await agent(t.app).get(base)).statusCode).toBe(401);
    expect((await ann.client.get(base)).statusCode).toBe(403);
    const manager = await signedIn(t, Role.InvestmentManager);
    expect((await manager.client.get(base)).statusCode).toBe(403);
    const sold = (
      await admin.client.post(base, { holder_key: `${ann.user.id}:personal:0`, date: '2025-03-01', shares: '1', proceeds: '1' })
    ).json().data;
    const other = await heldCompany();
    expect(
      (
        await admin.client.request({
          method: 'DELETE',
          url: `/api/investment-opportunities/${other.opportunity.id}/realisations/${sold.id}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});
