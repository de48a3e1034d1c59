import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { Role, ROLE_IDS } from '@platform/domain';
import { parseCsvExport } from '../../test/deals-funds';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';
import { listableStatuses } from './list';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  await createOpportunityRow(t, { status: 2, name: 'Exported Alpha', targetRaise: '250000.00', sharePrice: '1.250000' });
  await createOpportunityRow(t, { status: 3, name: 'Exported Beta', targetRaise: '100000.00' });
  await createOpportunityRow(t, { status: 5, name: 'Exported Gamma' });
  await createOpportunityRow(t, { status: 2, name: '=HYPERLINK("x") Exported' });
  await createOpportunityRow(t, { status: 2, name: 'Not In The Search' });
});
afterAll(() => t.close());

describe('opportunity exports', () => {
  it('streams exactly the filtered, sorted list as CSV, with exact decimals and formulas neutralised', async () => {
    const query = 'filter[search]=Exported&filter[status]=1,2,3,4&sort=-target_raise';
    const list = (await admin.client.get(`/api/investment-opportunities?${query}&per_page=100`)).json().data;
    const response = await admin.client.get(`/api/investment-opportunities/export?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="investment-opportunities-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsvExport(response.body);
    expect(rows.map((r) => Number(r.ID))).toEqual(list.map((o: { id: number }) => o.id));
    expect(rows.map((r) => r.Name)).toEqual(['Exported Alpha', 'Exported Beta', '\'=HYPERLINK("x") Exported']);
    expect(rows[0]).toMatchObject({ Status: 'Live - External', 'Target raise': '250000.00', 'Share price': '1.250000', Committed: '0.00' });
  });

  it('writes Excel with numbers as numbers', async () => {
    const response = await admin.client.get('/api/investment-opportunities/export?filter[search]=Gamma&format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Opportunities')!;
    expect(sheet.getRow(2).getCell(2).value).toBe('Exported Gamma');
    expect(sheet.getRow(2).getCell(4).value).toBe('Completed');
    expect(sheet.getRow(2).getCell(9).value).toBe(100000);
    expect(sheet.rowCount).toBe(2);
  });

  it('answers 400 for an unknown format, filter or sort, 401 logged out, 403 to roles without either list', async () => {
    expect((await admin.client.get('/api/investment-opportunities/export?format=pdf')).statusCode).toBe(400);
    expect((await admin.client.get('/api/investment-opportunities/export?filter[colour]=red')).statusCode).toBe(400);
    expect((await admin.client.get('/api/investment-opportunities/export?sort=secret')).statusCode).toBe(400);
    expect((await agent(t.app).get('/api/investment-opportunities/export')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const expected = roleId !== Role.User && listableStatuses(roleId).length ? 200 : 403;
      expect((await client.get('/api/investment-opportunities/export?filter[search]=Exported')).statusCode, `role ${roleId}`).toBe(
        expected,
      );
    }
  });
});
