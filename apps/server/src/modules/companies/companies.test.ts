import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, fundInvestments, fundInvestmentStatuses } from '../../db/schema';
import { addFundInvestment, createFund, parseCsvExport, setFundsEnabled } from '../../test/deals-funds';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { addLookupValues } from '../../test/lookups';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let fundId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Admin Ada' });
  await addLookupValues(t, 'industries', ['Robotics', 'Health', 'Energy']);
  fundId = (await createFund(t, { name: 'Holding Fund' })).id;
});
afterAll(() => t.close());

const del = (client: typeof admin.client, url: string) => client.request({ method: 'DELETE', url });
const errorFields = (response: { json: () => { errors?: object } }) => Object.keys(response.json().errors ?? {});
const logsOf = (subjectType: string, id: number) =>
  t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.subjectType, subjectType), eq(activityLog.subjectId, String(id))));

describe('creating and editing companies', () => {
  it('creates a fund investment with its first maturity status, sanitising key information, and logs it', async () => {
    const response = await admin.client.post('/api/companies?include=fund', {
      fund_id: fundId,
      company_name: 'Brightwater Robotics',
      industry: 'Robotics',
      stage: 'Seed',
      investment_date: '2023-05-01',
      cost: '250000',
      current_valuation: 400000.5,
      valuation_date: '2024-03-31',
      description: 'Warehouse robots.',
      key_information: '<p onclick="x()">Board seat<script>alert(1)</script></p>',
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      fund_id: fundId,
      fund: { id: fundId, name: 'Holding Fund', currency: 'GBP' },
      cost: '250000.00',
      current_valuation: '400000.50',
      maturity_status: 'active',
      key_information: '<p>Board seat</p>',
    });
    const history = (await admin.client.get(`/api/companies/${data.id}/maturity-statuses`)).json().data;
    expect(history).toEqual([
      expect.objectContaining({ status: 'active', date: '2023-05-01', recorded_by: { id: admin.user.id, name: 'Admin Ada' } }),
    ]);
    expect((await logsOf('fund_investment', data.id)).map((l) => l.action)).toEqual(['created']);
  });

  it('answers 422 on the field at fault', async () => {
    const deletedFund = await createFund(t, { deletedAt: new Date() });
    const base = { fund_id: fundId, company_name: 'A', cost: '1.00' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fund_id: fundId, cost: '1.00' }, 'company_name'],
      [{ fund_id: fundId, company_name: 'A' }, 'cost'],
      [{ ...base, cost: '-1' }, 'cost'],
      [{ ...base, cost: '1.005' }, 'cost'],
      [{ ...base, current_valuation: 'lots' }, 'current_valuation'],
      [{ ...base, investment_date: '2024-02-30' }, 'investment_date'],
      [{ ...base, maturity_status: 'sleeping' }, 'maturity_status'],
      [{ ...base, investment_date: '2024-01-01', current_valuation: '2.00', valuation_date: '2023-12-31' }, 'valuation_date'],
      [{ ...base, valuation_date: '2023-12-31' }, 'current_valuation'],
      [{ ...base, fund_id: 999999 }, 'fund_id'],
      [{ ...base, fund_id: deletedFund.id }, 'fund_id'],
      [{ company_name: 'A', cost: '1.00' }, 'fund_id'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/companies', payload);
      expect({ field, status: response.statusCode, errors: errorFields(response) }).toEqual({ field, status: 422, errors: [field] });
    }
  });

  it('updates fields; moves only to a fund in the same currency; the status is not edited directly', async () => {
    const company = await addFundInvestment(t, { fundId, companyName: 'Editable', cost: '10.00', industry: 'Old' });
    const sameCurrency = await createFund(t, { name: 'Sibling', currency: 'GBP' });
    const dollars = await createFund(t, { name: 'Dollar', currency: 'USD' });
    const edited = await admin.client.patch(`/api/companies/${company.id}`, {
      company_name: 'Edited',
      industry: '',
      current_valuation: '12.50',
      fund_id: sameCurrency.id,
    });
    expect(edited.json().data).toMatchObject({
      company_name: 'Edited',
      industry: null,
      current_valuation: '12.50',
      fund_id: sameCurrency.id,
    });
    expect(errorFields(await admin.client.patch(`/api/companies/${company.id}`, { fund_id: dollars.id }))).toEqual(['fund_id']);
    expect((await admin.client.patch(`/api/companies/${company.id}`, { maturity_status: 'exited' })).statusCode).toBe(422);
    expect((await admin.client.patch(`/api/companies/${company.id}`, { company_name: '' })).statusCode).toBe(422);
    expect((await admin.client.patch('/api/companies/999999', { company_name: 'x' })).statusCode).toBe(404);
    expect((await logsOf('fund_investment', company.id)).map((l) => l.action)).toEqual(['updated']);
  });

  it('deletes softly', async () => {
    const company = await addFundInvestment(t, { fundId, companyName: 'Doomed', cost: '1.00' });
    expect((await del(admin.client, `/api/companies/${company.id}`)).statusCode).toBe(204);
    expect((await admin.client.get(`/api/companies/${company.id}`)).statusCode).toBe(404);
    expect((await del(admin.client, `/api/companies/${company.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(fundInvestments).where(eq(fundInvestments.id, company.id));
    expect(row.deletedAt).not.toBeNull();
  });
});

describe('maturity statuses', () => {
  it('copies the latest status by date onto the investment; a back-dated one joins the history only', async () => {
    const company = await addFundInvestment(t, { fundId, companyName: 'Maturing', cost: '100.00' });
    const record = (payload: Record<string, unknown>) => admin.client.post(`/api/companies/${company.id}/maturity-statuses`, payload);
    const partial = await record({ status: 'partially_realised', date: '2024-03-01', note: 'Secondary sale' });
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({
      data: { status: 'partially_realised', note: 'Secondary sale' },
      company: { maturity_status: 'partially_realised' },
    });
    const backdated = await record({ status: 'active', date: '2023-01-01' });
    expect(backdated.json().company.maturity_status).toBe('partially_realised');
    const exited = await record({ status: 'exited', date: '2024-09-30' });
    expect(exited.json().company.maturity_status).toBe('exited');
    // Same date: the one recorded last wins.
    expect((await record({ status: 'written_off', date: '2024-09-30' })).json().company.maturity_status).toBe('written_off');
    expect((await admin.client.get(`/api/companies/${company.id}`)).json().data.maturity_status).toBe('written_off');
    const history = (await admin.client.get(`/api/companies/${company.id}/maturity-statuses`)).json().data;
    expect(history.map((s: { status: string; date: string }) => `${s.date} ${s.status}`)).toEqual([
      '2024-09-30 written_off',
      '2024-09-30 exited',
      '2024-03-01 partially_realised',
      '2023-01-01 active',
    ]);
    expect((await logsOf('fund_investment', company.id)).map((l) => l.action)).toEqual([
      'status_changed',
      'status_changed',
      'status_changed',
    ]);
    const rows = await t.db.select().from(fundInvestmentStatuses).where(eq(fundInvestmentStatuses.fundInvestmentId, company.id));
    expect(rows).toHaveLength(4);
  });

  it('answers 422 on bad fields, a future date included, and 404 for an unknown company', async () => {
    const company = await addFundInvestment(t, { fundId, companyName: 'Checked', cost: '1.00' });
    const url = `/api/companies/${company.id}/maturity-statuses`;
    expect(errorFields(await admin.client.post(url, { status: 'asleep', date: '2024-01-01' }))).toEqual(['status']);
    expect(errorFields(await admin.client.post(url, { status: 'matured', date: '2024-02-30' }))).toEqual(['date']);
    expect(errorFields(await admin.client.post(url, { status: 'matured', date: '2999-01-01' }))).toEqual(['date']);
    expect((await admin.client.post('/api/companies/999999/maturity-statuses', { status: 'matured', date: '2024-01-01' })).statusCode).toBe(
      404,
    );
    expect((await admin.client.get('/api/companies/999999/maturity-statuses')).statusCode).toBe(404);
  });
});

describe('GET /api/companies and its export', () => {
  let listFund: number;
  beforeAll(async () => {
    listFund = (await createFund(t, { name: 'List Fund', currency: 'EUR' })).id;
    await addFundInvestment(t, {
      fundId: listFund,
      companyName: 'Zeta 50%',
      industry: 'Health',
      stage: 'Seed',
      cost: '30.00',
      investmentDate: '2022-01-01',
    });
    await addFundInvestment(t, {
      fundId: listFund,
      companyName: 'Alpha',
      industry: 'Health',
      stage: 'Series A',
      cost: '10.00',
      investmentDate: '2023-01-01',
      currentValuation: '15.00',
    });
    await addFundInvestment(t, {
      fundId: listFund,
      companyName: '=Formula plc',
      industry: 'Energy',
      cost: '20.00',
      maturityStatus: 'exited',
      investmentDate: '2024-01-01',
    });
    await addFundInvestment(t, { fundId: listFund, companyName: 'Deleted', industry: 'Health', cost: '1.00', deletedAt: new Date() });
  });

  it('filters, sorts, picks fields and includes the fund', async () => {
    const byFund = (await admin.client.get(`/api/companies?filter[fund_id]=${listFund}&sort=company_name`)).json();
    expect(byFund.data.map((c: { company_name: string }) => c.company_name)).toEqual(['=Formula plc', 'Alpha', 'Zeta 50%']);
    const health = (
      await admin.client.get(`/api/companies?filter[fund_id]=${listFund}&filter[industry]=Health&sort=-cost&include=fund`)
    ).json();
    expect(health.data.map((c: { company_name: string }) => c.company_name)).toEqual(['Zeta 50%', 'Alpha']);
    expect(health.data[0].fund).toEqual({ id: listFund, name: 'List Fund', currency: 'EUR' });
    expect((await admin.client.get(`/api/companies?filter[fund_id]=${listFund}&filter[search]=50%25`)).json().meta.total).toBe(1);
    expect((await admin.client.get(`/api/companies?filter[fund_id]=${listFund}&filter[maturity_status]=exited`)).json().meta.total).toBe(1);
    expect(
      (
        await admin.client.get(
          `/api/companies?filter[fund_id]=${listFund}&filter[investment_date_from]=2022-06-01&filter[investment_date_to]=2023-12-31`,
        )
      ).json().meta.total,
    ).toBe(1);
    expect((await admin.client.get(`/api/companies?filter[fund_id]=${listFund}&filter[stage]=Seed,Series A`)).json().meta.total).toBe(2);
    const fields = (
      await admin.client.get(`/api/companies?filter[fund_id]=${listFund}&filter[industry]=Energy&fields[companies]=company_name,cost`)
    ).json();
    expect(fields.data).toEqual([{ id: expect.any(Number), company_name: '=Formula plc', cost: '20.00' }]);
  });

  it.each([
    ['filter[colour]=red'],
    ['filter[fund_id]=abc'],
    ['filter[maturity_status]=asleep'],
    ['filter[investment_date_from]=soon'],
    ['sort=secret'],
    ['include=everything'],
    ['per_page=500'],
  ])('answers 400 for %s', async (query) => {
    expect((await admin.client.get(`/api/companies?${query}`)).statusCode).toBe(400);
    expect((await admin.client.get(`/api/companies/export?${query.startsWith('per_page') ? 'format=doc' : query}`)).statusCode).toBe(400);
  });

  it('exports exactly the filtered list, in list order, as CSV and Excel', async () => {
    const query = `filter[fund_id]=${listFund}&sort=-investment_date`;
    const list = (await admin.client.get(`${'/api/companies'}?${query}`)).json().data;
    const response = await admin.client.get(`/api/companies/export?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="companies-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsvExport(response.body);
    expect(
      rows.map((r) => ({
        id: Number(r.ID),
        company: r.Company,
        fund: r.Fund,
        currency: r.Currency,
        industry: r.Industry || null,
        cost: r.Cost,
        value: r['Current valuation'] || null,
        status: r['Maturity status'],
      })),
    ).toEqual(
      list.map(
        (c: {
          id: number;
          company_name: string;
          industry: string | null;
          cost: string;
          current_valuation: string | null;
          maturity_status: string;
        }) => ({
          id: c.id,
          // Text that came from users cannot run as a spreadsheet formula.
          company: c.company_name.startsWith('=') ? `'${c.company_name}` : c.company_name,
          fund: 'List Fund',
          currency: 'EUR',
          industry: c.industry,
          cost: c.cost,
          value: c.current_valuation,
          status: c.maturity_status,
        }),
      ),
    );
    expect(rows.map((r) => r.Company)).toEqual(["'=Formula plc", 'Alpha', 'Zeta 50%']);
    const xlsx = await admin.client.get(`/api/companies/export?${query}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('stays available with funds_enabled off (not behind the flag; see ../funds/access.ts)', async () => {
    await setFundsEnabled(t, false);
    expect((await admin.client.get(`/api/companies?filter[fund_id]=${listFund}`)).json().meta.total).toBe(3);
  });
});

describe('company permissions', () => {
  it('answers 401 logged out and 403 for each action a role lacks (walking can())', async () => {
    expect((await agent(t.app).get('/api/companies')).statusCode).toBe(401);
    expect((await agent(t.app).get('/api/companies/export')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const company = await addFundInvestment(t, { fundId, companyName: `Company for role ${roleId}`, cost: '1.00' });
      const status = {
        index: (await client.get('/api/companies?per_page=1')).statusCode,
        export: (await client.get('/api/companies/export')).statusCode,
        show: (await client.get(`/api/companies/${company.id}`)).statusCode,
        statuses: (await client.get(`/api/companies/${company.id}/maturity-statuses`)).statusCode,
        create: (await client.post('/api/companies', { fund_id: fundId, company_name: 'New', cost: '1.00' })).statusCode,
        update: (await client.patch(`/api/companies/${company.id}`, { stage: 'Seed' })).statusCode,
        recordStatus: (await client.post(`/api/companies/${company.id}/maturity-statuses`, { status: 'matured', date: '2024-01-01' }))
          .statusCode,
        delete: (await del(client, `/api/companies/${company.id}`)).statusCode,
      };
      const expected = (action: 'index' | 'show' | 'create' | 'update' | 'delete', ok: number) =>
        can(roleId, 'fund_opportunities', action) ? ok : 403;
      expect({ roleId, ...status }).toEqual({
        roleId,
        index: expected('index', 200),
        export: expected('index', 200),
        show: expected('show', 200),
        statuses: expected('show', 200),
        create: expected('create', 201),
        update: expected('update', 200),
        recordStatus: expected('update', 201),
        delete: expected('delete', 204),
      });
    }
    // Spec §6: the Custodian may index, show and update fund opportunities, nothing more.
    expect(['index', 'show', 'create', 'update', 'delete'].filter((a) => can(Role.Custodian, 'fund_opportunities', a as 'index'))).toEqual([
      'index',
      'show',
      'update',
    ]);
  });
});
