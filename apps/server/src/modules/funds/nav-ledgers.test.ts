import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, ledgers, netAssetValues } from '../../db/schema';
import { addLedgerEntry, addNav, createFund, createInvestor, parseCsvExport, setFundsEnabled } from '../../test/deals-funds';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>['client'];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, Role.SuperAdmin)).client;
  await setFundsEnabled(t, true);
});
afterAll(() => t.close());

const del = (client: typeof admin, url: string) => client.request({ method: 'DELETE', url });
const errorFields = (response: { json: () => { errors?: object } }) => Object.keys(response.json().errors ?? {});

describe('net asset values', () => {
  it('computes NAV per unit exactly and stores it, units in issue from the ledgers when not given', async () => {
    const fund = await createFund(t);
    const investor = await createInvestor(t);
    await addLedgerEntry(t, {
      fundId: fund.id,
      investorId: investor.id,
      kind: 'subscription',
      date: '2024-01-10',
      amount: '3000.00',
      units: '3000',
    });
    await addLedgerEntry(t, {
      fundId: fund.id,
      investorId: investor.id,
      kind: 'redemption',
      date: '2024-02-10',
      amount: '10.00',
      units: '0.5',
    });
    await addLedgerEntry(t, {
      fundId: fund.id,
      investorId: investor.id,
      kind: 'subscription',
      date: '2024-04-01',
      amount: '9.00',
      units: '9',
    });
    const response = await admin.post('/api/net-asset-values', { fund_id: fund.id, date: '2024-03-31', nav: '10000.00' });
    expect(response.statusCode).toBe(201);
    // 10000 ÷ 2999.5 = 3.33388898…, half-up to 6 dp; the April subscription is after the date.
    expect(response.json().data).toMatchObject({
      fund_id: fund.id,
      date: '2024-03-31',
      nav: '10000.00',
      units_in_issue: '2999.500000',
      nav_per_unit: '3.333889',
    });
    const [stored] = await t.db.select().from(netAssetValues).where(eq(netAssetValues.id, response.json().data.id));
    expect(stored.navPerUnit).toBe('3.333889');
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'net_asset_value'), eq(activityLog.subjectId, String(stored.id))));
    expect(logs.map((l) => l.action)).toEqual(['created']);

    const explicit = await admin.post('/api/net-asset-values', { fund_id: fund.id, date: '2024-06-30', nav: '2.00', units_in_issue: '3' });
    expect(explicit.json().data).toMatchObject({ units_in_issue: '3.000000', nav_per_unit: '0.666667' });
    const noUnits = await admin.post('/api/net-asset-values', { fund_id: fund.id, date: '2023-12-31', nav: '100.00' });
    expect(noUnits.json().data).toMatchObject({ units_in_issue: '0.000000', nav_per_unit: null });
  });

  it('answers 422 on the date for a second NAV on the same day, and on other bad fields', async () => {
    const fund = await createFund(t);
    expect(
      (await admin.post('/api/net-asset-values', { fund_id: fund.id, date: '2024-03-31', nav: '1.00', units_in_issue: '1' })).statusCode,
    ).toBe(201);
    const duplicate = await admin.post('/api/net-asset-values', { fund_id: fund.id, date: '2024-03-31', nav: '2.00', units_in_issue: '1' });
    expect(duplicate.statusCode).toBe(422);
    expect(errorFields(duplicate)).toEqual(['date']);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fund_id: fund.id, date: '2024-02-30', nav: '1.00' }, 'date'],
      [{ fund_id: fund.id, date: '2024-04-01', nav: '-1.00' }, 'nav'],
      [{ fund_id: fund.id, date: '2024-04-01', nav: '1.001' }, 'nav'],
      [{ fund_id: fund.id, date: '2024-04-01', nav: '1.00', units_in_issue: '1.0000001' }, 'units_in_issue'],
      [{ fund_id: 999999, date: '2024-04-01', nav: '1.00' }, 'fund_id'],
      [{ date: '2024-04-01', nav: '1.00' }, 'fund_id'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.post('/api/net-asset-values', payload);
      expect({ field, status: response.statusCode, errors: errorFields(response) }).toEqual({ field, status: 422, errors: [field] });
    }
  });

  it('recomputes NAV per unit on edit, refuses a taken date, lists by fund and deletes softly', async () => {
    const fund = await createFund(t);
    const first = await addNav(t, { fundId: fund.id, date: '2024-01-31', nav: '100.00', unitsInIssue: '100', navPerUnit: '1.000000' });
    const second = await addNav(t, { fundId: fund.id, date: '2024-02-29', nav: '110.00', unitsInIssue: '100', navPerUnit: '1.100000' });
    const edited = await admin.patch(`/api/net-asset-values/${first.id}`, { nav: '150.00', units_in_issue: '120' });
    expect(edited.json().data).toMatchObject({ nav: '150.00', units_in_issue: '120.000000', nav_per_unit: '1.250000' });
    const taken = await admin.patch(`/api/net-asset-values/${first.id}`, { date: '2024-02-29' });
    expect(taken.statusCode).toBe(422);
    expect(errorFields(taken)).toEqual(['date']);
    const list = (await admin.get(`/api/net-asset-values?filter[fund_id]=${fund.id}`)).json();
    expect(list.data.map((n: { date: string }) => n.date)).toEqual(['2024-02-29', '2024-01-31']);
    expect((await admin.get(`/api/net-asset-values?filter[fund_id]=${fund.id}&filter[date_from]=2024-02-01`)).json().meta.total).toBe(1);
    expect((await admin.get('/api/net-asset-values?filter[date_from]=soon')).statusCode).toBe(400);
    expect((await del(admin, `/api/net-asset-values/${second.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/net-asset-values/${second.id}`)).statusCode).toBe(404);
    // Its date is free again.
    expect((await admin.patch(`/api/net-asset-values/${first.id}`, { date: '2024-02-29' })).statusCode).toBe(200);
  });
});

describe('ledgers', () => {
  let fundId: number;
  let investorId: number;

  beforeAll(async () => {
    fundId = (await createFund(t, { name: 'Ledger Fund' })).id;
    investorId = (await createInvestor(t, 'Lena Ledger')).id;
    await addNav(t, { fundId, date: '2024-01-01', nav: '300.00', unitsInIssue: '90', navPerUnit: '3.333333' });
  });

  it('derives subscription units from the NAV per unit on the date, rounded down', async () => {
    const response = await admin.post('/api/ledgers?include=fund,investor', {
      fund_id: fundId,
      investor_id: investorId,
      kind: 'subscription',
      date: '2024-02-01',
      amount: '1000',
      reference: 'SUB-1',
    });
    expect(response.statusCode).toBe(201);
    // 1000 ÷ 3.333333 = 300.00003000…
    expect(response.json().data).toMatchObject({
      kind: 'subscription',
      amount: '1000.00',
      units: '300.000030',
      nav_per_unit: '3.333333',
      reference: 'SUB-1',
      fund: { name: 'Ledger Fund' },
      investor: { name: 'Lena Ledger' },
    });
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'ledger'), eq(activityLog.subjectId, String(response.json().data.id))));
    expect(logs.map((l) => l.action)).toEqual(['created']);
  });

  it('answers 422 on the field at fault', async () => {
    const staff = await signedIn(t, Role.FundManager);
    const base = { fund_id: fundId, investor_id: investorId, date: '2024-03-01', amount: '10.00' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, kind: 'gift' }, 'kind'],
      [{ ...base, kind: 'fee', amount: '0' }, 'amount'],
      [{ ...base, kind: 'fee', amount: '1.234' }, 'amount'],
      [{ ...base, kind: 'fee', date: '2024-13-01' }, 'date'],
      [{ ...base, kind: 'fee', units: '1' }, 'units'],
      [{ ...base, kind: 'redemption' }, 'units'],
      [{ ...base, kind: 'redemption', units: '100000' }, 'units'],
      [{ ...base, kind: 'subscription', date: '2023-06-01' }, 'units'],
      [{ ...base, kind: 'fee', investor_id: staff.user.id }, 'investor_id'],
      [{ ...base, kind: 'fee', fund_id: 999999 }, 'fund_id'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.post('/api/ledgers', payload);
      expect({ field, status: response.statusCode, errors: errorFields(response) }).toEqual({ field, status: 422, errors: [field] });
    }
  });

  it('keeps every investor’s unit balance from going negative, through edits and deletes', async () => {
    const investor = (await createInvestor(t)).id;
    const sub = await admin.post('/api/ledgers', {
      fund_id: fundId,
      investor_id: investor,
      kind: 'subscription',
      date: '2024-03-01',
      amount: '100.00',
      units: '50',
    });
    const red = await admin.post('/api/ledgers', {
      fund_id: fundId,
      investor_id: investor,
      kind: 'redemption',
      date: '2024-04-01',
      amount: '60.00',
      units: '30',
    });
    expect(red.statusCode).toBe(201);
    // A redemption dated before the subscription would leave them short on that date.
    expect(errorFields(await admin.patch(`/api/ledgers/${red.json().data.id}`, { date: '2024-02-01' }))).toEqual(['units']);
    expect(errorFields(await admin.patch(`/api/ledgers/${sub.json().data.id}`, { units: '20' }))).toEqual(['units']);
    const deleting = await del(admin, `/api/ledgers/${sub.json().data.id}`);
    expect(deleting.statusCode).toBe(422);
    expect((await del(admin, `/api/ledgers/${red.json().data.id}`)).statusCode).toBe(204);
    expect((await del(admin, `/api/ledgers/${sub.json().data.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/ledgers/${sub.json().data.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(ledgers).where(eq(ledgers.id, sub.json().data.id));
    expect(row.deletedAt).not.toBeNull();
  });

  it('re-derives units when a derived subscription changes amount; keeps entered units', async () => {
    const investor = (await createInvestor(t)).id;
    const derived = (
      await admin.post('/api/ledgers', {
        fund_id: fundId,
        investor_id: investor,
        kind: 'subscription',
        date: '2024-03-01',
        amount: '10.00',
      })
    ).json().data;
    expect(derived.units).toBe('3.000000');
    const edited = (await admin.patch(`/api/ledgers/${derived.id}`, { amount: '20.00', notes: 'Topped up' })).json().data;
    expect(edited).toMatchObject({ amount: '20.00', units: '6.000000', nav_per_unit: '3.333333', notes: 'Topped up' });
    const entered = (await admin.patch(`/api/ledgers/${derived.id}`, { units: '5' })).json().data;
    expect(entered).toMatchObject({ units: '5.000000', nav_per_unit: null });
    expect((await admin.patch(`/api/ledgers/${derived.id}`, { amount: '30.00' })).json().data.units).toBe('5.000000');
  });

  it('lists with filters and exports exactly the filtered list', async () => {
    const investor = (await createInvestor(t, 'Export Investor')).id;
    for (const [kind, date, amount] of [
      ['subscription', '2024-05-01', '100.00'],
      ['distribution', '2024-06-01', '6.00'],
      ['fee', '2024-07-01', '1.50'],
    ] as const) {
      await admin.post('/api/ledgers', {
        fund_id: fundId,
        investor_id: investor,
        kind,
        date,
        amount,
        ...(kind === 'subscription' ? { units: '10' } : {}),
        reference: '=cmd()',
      });
    }
    const query = `filter[investor_id]=${investor}&filter[kind]=subscription,fee&sort=-amount`;
    const list = (await admin.get(`/api/ledgers?${query}&include=investor`)).json();
    expect(list.data.map((l: { kind: string }) => l.kind)).toEqual(['subscription', 'fee']);
    expect(list.data[0].investor).toEqual({ id: investor, name: 'Export Investor' });
    const rows = parseCsvExport((await admin.get(`/api/ledgers/export?${query}`)).body);
    expect(
      rows.map((r) => ({
        id: Number(r.ID),
        kind: r.Kind,
        date: r.Date,
        amount: r.Amount,
        units: r.Units || null,
        investor: r.Investor,
        fund: r.Fund,
      })),
    ).toEqual(
      list.data.map((l: { id: number; kind: string; date: string; amount: string; units: string | null }) => ({
        id: l.id,
        kind: l.kind,
        date: l.date,
        amount: l.amount,
        units: l.units,
        investor: 'Export Investor',
        fund: 'Ledger Fund',
      })),
    );
    // Text that came from users cannot run as a spreadsheet formula.
    expect(rows[0].Reference).toBe("'=cmd()");
    for (const query of ['filter[kind]=gift', 'filter[colour]=red', 'sort=secret', 'filter[date_to]=x']) {
      expect((await admin.get(`/api/ledgers?${query}`)).statusCode).toBe(400);
      expect((await admin.get(`/api/ledgers/export?${query}`)).statusCode).toBe(400);
    }
  });
});

describe('NAV and ledger permissions', () => {
  it('answers 401 logged out and 403 for each action a role lacks (walking can())', async () => {
    expect((await agent(t.app).get('/api/net-asset-values')).statusCode).toBe(401);
    expect((await agent(t.app).get('/api/ledgers')).statusCode).toBe(401);
    const fund = await createFund(t);
    const investor = await createInvestor(t);
    let day = 1;
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const date = `2025-01-${String(day++).padStart(2, '0')}`;
      const nav = await addNav(t, { fundId: fund.id, date, nav: '1.00', unitsInIssue: '1', navPerUnit: '1.000000' });
      const entry = await addLedgerEntry(t, { fundId: fund.id, investorId: investor.id, kind: 'fee', date, amount: '1.00' });
      const status = {
        navIndex: (await client.get('/api/net-asset-values?per_page=1')).statusCode,
        navShow: (await client.get(`/api/net-asset-values/${nav.id}`)).statusCode,
        navCreate: (
          await client.post('/api/net-asset-values', {
            fund_id: fund.id,
            date: `2026-01-${String(day).padStart(2, '0')}`,
            nav: '1.00',
            units_in_issue: '1',
          })
        ).statusCode,
        navUpdate: (await client.patch(`/api/net-asset-values/${nav.id}`, { nav: '2.00' })).statusCode,
        navDelete: (await del(client, `/api/net-asset-values/${nav.id}`)).statusCode,
        ledgerIndex: (await client.get('/api/ledgers?per_page=1')).statusCode,
        ledgerExport: (await client.get('/api/ledgers/export')).statusCode,
        ledgerShow: (await client.get(`/api/ledgers/${entry.id}`)).statusCode,
        ledgerCreate: (await client.post('/api/ledgers', { fund_id: fund.id, investor_id: investor.id, kind: 'fee', date, amount: '1.00' }))
          .statusCode,
        ledgerUpdate: (await client.patch(`/api/ledgers/${entry.id}`, { amount: '2.00' })).statusCode,
        ledgerDelete: (await del(client, `/api/ledgers/${entry.id}`)).statusCode,
      };
      // Recording a NAV or a ledger entry maintains a fund: 'update', not 'create' (see nav-routes.ts).
      const expected = (action: 'index' | 'show' | 'update' | 'delete', ok: number) => (can(roleId, 'funds', action) ? ok : 403);
      expect({ roleId, ...status }).toEqual({
        roleId,
        navIndex: expected('index', 200),
        navShow: expected('show', 200),
        navCreate: expected('update', 201),
        navUpdate: expected('update', 200),
        navDelete: expected('delete', 204),
        ledgerIndex: expected('index', 200),
        ledgerExport: expected('index', 200),
        ledgerShow: expected('show', 200),
        ledgerCreate: expected('update', 201),
        ledgerUpdate: expected('update', 200),
        ledgerDelete: expected('delete', 204),
      });
    }
  });
});
