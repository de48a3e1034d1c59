import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { can, type Kpi, type KpiCategory, ROLE_IDS, Role } from '@platform/domain';
import { activityLog, kpiValues } from '../../db/schema';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';
import { uploadForm } from '../../test/uploads';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let revenue: Kpi;
let margin: Kpi;
let headcount: Kpi;
let acmeId: number;

const csv = (text: string) => ({ data: text, filename: 'kpis.csv', type: 'text/csv' });
const send = (
  client: typeof admin.client,
  path: string,
  file: { data: Buffer | string; filename: string },
  fields: Record<string, string> = {},
) => client.post(`/api/imports/kpi-values${path}`, uploadForm(fields, file));
const MAPPING = JSON.stringify({ 0: 'company', 1: 'kpi', 2: 'period', 3: 'value', 4: 'note' });

async function created<T>(response: { statusCode: number; body: string; json: <U>() => U }): Promise<T> {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: T }>().data;
}

const valuesOf = async (kpiId: number) =>
  (
    await t.db
      .select({ opportunityId: kpiValues.opportunityId, periodStart: kpiValues.periodStart, value: kpiValues.value, note: kpiValues.note })
      .from(kpiValues)
      .where(and(eq(kpiValues.kpiId, kpiId), isNull(kpiValues.deletedAt)))
      .orderBy(kpiValues.opportunityId, kpiValues.periodStart)
  ).map((v) => `${v.opportunityId === acmeId ? 'Acme' : 'Beta'} ${v.periodStart} ${v.value}${v.note ? ` (${v.note})` : ''}`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  acmeId = (await createOpportunityRow(t, { status: 5, name: 'Acme Seed', companyName: 'Acme Ltd', currency: 'GBP' })).id;
  await createOpportunityRow(t, { status: 6, name: 'Beta Round', companyName: 'Beta Ltd', currency: 'EUR' });
  await createOpportunityRow(t, { status: 2, name: 'Still Live', companyName: 'Live Ltd' });
  const category = await created<KpiCategory>(await admin.client.post('/api/kpi-categories', { name: 'Financial' }));
  const kpi = (name: string, unit: string, frequency: string) =>
    admin.client
      .post('/api/kpis', { name, category_id: category.id, unit, frequency, investor_visible: true })
      .then((r) => created<Kpi>(r));
  revenue = await kpi('Revenue', 'currency', 'quarterly');
  margin = await kpi('Gross margin', 'percentage', 'quarterly');
  headcount = await kpi('Headcount', 'number', 'monthly');
  await created(
    await admin.client.post('/api/kpi-values', { kpi_id: revenue.id, opportunity_id: acmeId, period: '2026-Q1', value: '1000' }),
  );
});

afterAll(async () => {
  await t?.close();
});

describe('importing KPI values', () => {
  it('guesses the mapping of a KPI sheet', async () => {
    const response = await send(admin.client, '/inspect', csv('Company,KPI,Quarter,Amount,Comment\nAcme Ltd,Revenue,2026-Q2,1,'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.mapping).toEqual({ 0: 'company', 1: 'kpi', 2: 'period', 3: 'value', 4: 'note' });
  });

  it('checks every row against the KPI, its unit and frequency, the company and the file; writes nothing while one is wrong', async () => {
    const bad = [
      'Company,KPI,Period,Value,Note',
      'Acme Ltd,Revenue,2026-Q2,"£1,250,000.50",Strong quarter', // 2 good
      'Beta Round,Revenue,2026-Q2,"$300",', // 3 wrong currency
      'Still Live,Revenue,2026-Q2,1,', // 4 not an existing investment
      'Acme Ltd,Revenue,2026-03,5,', // 5 monthly period for a quarterly KPI
      'Acme Ltd,Churn,2026-Q2,5,', // 6 unknown KPI
      'Acme Ltd,Gross margin,2026-Q2,38.1234567,', // 7 too many decimals
      'Acme Ltd,Headcount,2026-03,12%,', // 8 % on a plain number
      'Acme Ltd,Revenue,2026-q2,7,', // 9 same slot as row 2
      ',Revenue,2026-Q3,,', // 10 empty company and value
    ].join('\n');
    const preview = await send(admin.client, '/preview', csv(bad), { mapping: MAPPING });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ total: 9, valid: 1, updates: 0 });
    expect(preview.json().data.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '3:value',
      '4:company',
      '5:period',
      '6:kpi',
      '7:value',
      '8:value',
      '9:period',
      '10:company',
      '10:value',
    ]);
    const messages = preview.json().data.errors.map((e: { message: string }) => e.message);
    expect(messages[0]).toBe("'$300' is not in EUR, the company's currency: write the amount in EUR.");
    expect(messages[2]).toBe("Revenue is reported quarterly: '2026-03' is monthly. Enter a quarter such as 2026-Q1.");
    expect(messages[6]).toBe('Row 2 already gives Revenue of Acme Seed for 2026-Q2.');

    const refused = await send(admin.client, '', csv(bad), { mapping: MAPPING });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { file: ['8 of 9 rows need correcting; nothing was imported.'] } });
    expect(await valuesOf(revenue.id)).toEqual(['Acme 2026-01-01 1000.000000']);
  });

  it('imports a CSV, replacing a value already held for the same company, KPI and period (the preview says so)', async () => {
    const good = [
      'Company,KPI,Period,Value,Note',
      'acme ltd,Revenue,2026-Q1,"£1,100.5",Restated',
      'Acme Seed,Revenue,2026-Q2,1250000.123456,',
      'Beta Ltd,Revenue,2026-Q2,EUR -20,',
      'Acme Ltd,Gross margin,2026-Q2,38.5%,',
      'Acme Ltd,Headcount,2026-03-01,14,',
    ].join('\n');
    const preview = (await send(admin.client, '/preview', csv(good), { mapping: MAPPING })).json().data;
    expect(preview).toMatchObject({ total: 5, valid: 5, updates: 1, errors: [] });
    expect(preview.sample[0]).toEqual({
      line: 2,
      company: 'Acme Seed',
      kpi: 'Revenue',
      period: '2026-Q1',
      value: '1100.5',
      note: 'Restated',
      replaces: '1000',
    });
    const response = await send(admin.client, '', csv(good), { mapping: MAPPING });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toEqual({ phase: 'done', imported: 5, total: 5, invitations: 0, updated: 1 });
    expect(await valuesOf(revenue.id)).toEqual([
      'Acme 2026-01-01 1100.500000 (Restated)',
      'Acme 2026-04-01 1250000.123456',
      'Beta 2026-04-01 -20.000000',
    ]);
    expect(await valuesOf(margin.id)).toEqual(['Acme 2026-04-01 38.500000']);
    expect(await valuesOf(headcount.id)).toEqual(['Acme 2026-03-01 14.000000']);
    const logged = await t.db
      .select({ action: activityLog.action, n: sql<number>`count(*)` })
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'opportunity'), sql`${activityLog.after}->>'source' = 'import'`))
      .groupBy(activityLog.action)
      .orderBy(activityLog.action);
    expect(logged.map((l) => [l.action, Number(l.n)])).toEqual([
      ['kpi_value_added', 4],
      ['kpi_value_changed', 1],
    ]);
  });

  it('imports an Excel file; a role that may add values but not change them is refused rows already recorded', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('KPIs');
    sheet.addRow(['Company', 'KPI', 'Period', 'Value']);
    sheet.addRow(['Acme Ltd', 'Revenue', '2026-Q3', 2000.25]);
    sheet.addRow(['Acme Ltd', 'Headcount', new Date(Date.UTC(2026, 3, 1)), 15]);
    const file = { data: Buffer.from(await book.xlsx.writeBuffer()), filename: 'kpis.xlsx' };
    const manager = await signedIn(t, Role.FundManager);
    expect(can(Role.FundManager, 'kpis', 'create') && !can(Role.FundManager, 'kpis', 'update')).toBe(true);
    const inspect = (await send(manager.client, '/inspect', file)).json().data;
    const first = await send(manager.client, '', file, { mapping: JSON.stringify(inspect.mapping) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toContain('"phase":"done","imported":2');
    expect(await valuesOf(headcount.id)).toEqual(['Acme 2026-03-01 14.000000', 'Acme 2026-04-01 15.000000']);
    const again = await send(manager.client, '/preview', file, { mapping: JSON.stringify(inspect.mapping) });
    expect(again.json().data.errors.map((e: { row: number; message: string }) => `${e.row}: ${e.message}`)).toEqual([
      '2: Revenue of Acme Seed for 2026-Q3 is already recorded (2000.25); your role may add values but not change them.',
      '3: Headcount of Acme Seed for 2026-04 is already recorded (15); your role may add values but not change them.',
    ]);
  });

  it('refuses a mapping without the columns a KPI value needs', async () => {
    const response = await send(admin.client, '/preview', csv('Company,Value\nAcme Ltd,1'), {
      mapping: JSON.stringify({ 0: 'company', 1: 'value' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ mapping: ['Choose the column holding the KPI.'] });
  });

  it('answers 401 logged out and 403 for each role that may not create KPIs (walking can())', async () => {
    const file = csv('Company,KPI,Period,Value\nAcme Ltd,Revenue,2027-Q1,1');
    expect((await send(agent(t.app), '/inspect', file)).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      for (const path of ['/inspect', '/preview', '']) {
        const status = (await send(client, path, file, { mapping: MAPPING })).statusCode;
        expect({ roleId, path, status }).toEqual({
          roleId,
          path,
          status: can(roleId, 'kpis', 'create') ? (path === '/inspect' ? 200 : 422) : 403,
        });
      }
    }
  });
});
