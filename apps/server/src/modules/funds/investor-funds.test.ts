import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, ROLE_IDS } from '@platform/domain';
import { addLedgerEntry, addNav, createFund, setFundsEnabled } from '../../test/deals-funds';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let me: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
let heldId: number;
let notMineId: number;

beforeAll(async () => {
  t = await createTestApp();
  await setFundsEnabled(t, true);
  me = await signedIn(t, Role.User, { name: 'Ivy Investor' });
  other = await signedIn(t, Role.User);
  const held = await createFund(t, { name: 'Held Fund', description: '<p>Public</p>', managementFee: '2.0000' });
  const notMine = await createFund(t, { name: 'Not Mine' });
  const deletedFund = await createFund(t, { name: 'Gone', deletedAt: new Date() });
  heldId = held.id;
  notMineId = notMine.id;
  await addNav(t, { fundId: held.id, date: '2024-01-01', nav: '1000.00', unitsInIssue: '1000', navPerUnit: '1.000000' });
  await addNav(t, { fundId: held.id, date: '2024-06-30', nav: '1800.00', unitsInIssue: '1200', navPerUnit: '1.500000' });
  await addLedgerEntry(t, {
    fundId: held.id,
    investorId: me.user.id,
    kind: 'subscription',
    date: '2024-02-01',
    amount: '200.00',
    units: '200',
    navPerUnit: '1.000000',
    notes: 'staff only',
  });
  await addLedgerEntry(t, { fundId: held.id, investorId: me.user.id, kind: 'distribution', date: '2024-09-01', amount: '30.00' });
  await addLedgerEntry(t, {
    fundId: held.id,
    investorId: me.user.id,
    kind: 'fee',
    date: '2024-09-01',
    amount: '99.00',
    deletedAt: new Date(),
  });
  await addLedgerEntry(t, {
    fundId: notMine.id,
    investorId: other.user.id,
    kind: 'subscription',
    date: '2024-02-01',
    amount: '500.00',
    units: '500',
  });
  await addLedgerEntry(t, {
    fundId: held.id,
    investorId: other.user.id,
    kind: 'subscription',
    date: '2024-02-01',
    amount: '800.00',
    units: '800',
  });
  await addLedgerEntry(t, {
    fundId: deletedFund.id,
    investorId: me.user.id,
    kind: 'subscription',
    date: '2024-02-01',
    amount: '1.00',
    units: '1',
  });
});
afterAll(() => t.close());

const position = {
  units: '200.000000',
  nav_per_unit: '1.500000',
  nav_date: '2024-06-30',
  value: '300.00',
  paid_in: '200.00',
  distributions: '30.00',
  redemptions: '0.00',
  fees: '0.00',
  dpi: '0.15',
  rvpi: '1.50',
  tvpi: '1.65',
  // 300.00 held + 30.00 distributed − 200.00 paid in.
  gain: '130.00',
};

describe('GET /api/my/funds', () => {
  it('lists only the funds where the investor has ledger entries, with their own position', async () => {
    const body = (await me.client.get('/api/my/funds')).json();
    expect(body.data).toEqual([
      {
        id: heldId,
        name: 'Held Fund',
        type: 'EIS',
        vintage: 2021,
        currency: 'GBP',
        description: '<p>Public</p>',
        position: { as_of: expect.any(String), ...position },
      },
    ]);
    // Fees, manager and other staff fields stay on the admin side.
    expect(body.data[0].management_fee).toBeUndefined();
    const theirs = (await other.client.get('/api/my/funds')).json();
    expect(theirs.data.map((f: { name: string }) => f.name)).toEqual(['Held Fund', 'Not Mine']);
    expect(theirs.data[0].position).toMatchObject({ units: '800.000000', value: '1200.00', paid_in: '800.00' });
    const newcomer = await signedIn(t, Role.User);
    expect((await newcomer.client.get('/api/my/funds')).json()).toEqual({ data: [] });
  });

  it('shows one fund with its NAV history and the investor’s own transactions only', async () => {
    const response = await me.client.get(`/api/my/funds/${heldId}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.position).toMatchObject(position);
    expect(data.nav_history).toEqual([
      { date: '2024-01-01', nav: '1000.00', nav_per_unit: '1.000000' },
      { date: '2024-06-30', nav: '1800.00', nav_per_unit: '1.500000' },
    ]);
    expect(data.transactions.map((e: { kind: string; amount: string }) => [e.kind, e.amount])).toEqual([
      ['subscription', '200.00'],
      ['distribution', '30.00'],
    ]);
    expect(data.transactions[0].notes).toBeUndefined();
  });

  it("shows the fund's KPIs by quarter or year, as staff see them, only for a fund the investor is in", async () => {
    const quarters = (await me.client.get(`/api/my/funds/${heldId}/kpis?to=2024-12-31`)).json().data;
    const staff = await signedIn(t, Role.SuperAdmin);
    expect(quarters).toEqual((await staff.client.get(`/api/funds/${heldId}/kpis?to=2024-12-31`)).json().data);
    expect(quarters.fund).toMatchObject({ id: heldId, name: 'Held Fund' });
    expect(quarters.periods.at(-1)).toMatchObject({ date: '2024-12-31', figures: { paid_in: '1000.00', distributions: '30.00' } });
    const years = (await me.client.get(`/api/my/funds/${heldId}/kpis?period=year&to=2024-12-31`)).json().data;
    expect(years).toEqual((await staff.client.get(`/api/funds/${heldId}/annual?to=2024-12-31`)).json().data);
    expect((await me.client.get(`/api/my/funds/${heldId}/kpis?period=week`)).statusCode).toBe(400);
    // Not theirs, or not there: 404, as the fund page itself.
    expect((await me.client.get(`/api/my/funds/${notMineId}/kpis`)).statusCode).toBe(404);
    expect((await me.client.get('/api/my/funds/999999/kpis')).statusCode).toBe(404);
    expect((await staff.client.get(`/api/my/funds/${heldId}/kpis`)).statusCode).toBe(403);
    expect((await agent(t.app).get(`/api/my/funds/${heldId}/kpis`)).statusCode).toBe(401);
  });

  it('answers 404 for a fund the investor is not in, a deleted one, or any while funds are off', async () => {
    expect((await me.client.get(`/api/my/funds/${notMineId}`)).statusCode).toBe(404);
    expect((await me.client.get('/api/my/funds/999999')).statusCode).toBe(404);
    await setFundsEnabled(t, false);
    try {
      expect((await me.client.get('/api/my/funds')).statusCode).toBe(404);
      expect((await me.client.get(`/api/my/funds/${heldId}`)).statusCode).toBe(404);
    } finally {
      await setFundsEnabled(t, true);
    }
  });

  it('answers 401 logged out and 403 to staff (these are the investor’s own pages)', async () => {
    expect((await agent(t.app).get('/api/my/funds')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS.filter((r) => r !== Role.User)) {
      const { client } = await signedIn(t, roleId);
      expect({
        roleId,
        list: (await client.get('/api/my/funds')).statusCode,
        show: (await client.get(`/api/my/funds/${heldId}`)).statusCode,
      }).toEqual({ roleId, list: 403, show: 403 });
    }
  });
});
