import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Role } from '@platform/domain';
import { createUser, signedIn, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

const HEADER =
  'ID,Name,Email,Phone,Address line 1,Address line 2,City,Postcode,Country,Date of birth,Nationality,Owner,Category,' +
  'Categorisation status,KYC status,Appropriateness,Email verified,Last login,Created,Notes,Sectors,Newsletter';

describe('the investors export, byte for byte', () => {
  it('quotes commas, quotes and line breaks, guards formulas, formats attributes and leaves empty values empty', async () => {
    const attribute = async (name: string, type: string, options: string[] = []) =>
      (await admin.client.post('/api/attributes', { subject_type: 'user', name, type, options })).json().data.id as number;
    const notes = await attribute('Notes', 'text');
    const sectors = await attribute('Sectors', 'multi_select', ['Fintech, UK', 'Health "care"']);
    const newsletter = await attribute('Newsletter', 'boolean');
    const owner = await createUser(t.ctx, { roleId: Role.Adviser, name: 'Owen, "The Owner"' });
    const awkward = await createUser(t.ctx, {
      name: 'Áine "Ace" O\'Brien, Jr',
      email: 'awkward@export.test',
      phone: '+44 20 7946 0000',
      addressLine1: 'Flat 2\nHigh Street',
      addressLine2: 'Line\r\nbreak',
      city: '-Leeds',
      country: 'Côte d’Ivoire',
      nationality: '@home',
      dateOfBirth: '1980-02-29',
      ownerId: owner.id,
      investorCategory: 'high_net_worth',
      categorisationStatus: 'approved',
      kycStatus: 'verified',
      complianceTries: 2,
      emailVerifiedAt: new Date('2026-03-04T05:06:07.089Z'),
      lastLoginAt: new Date('2026-04-01T00:00:00Z'),
    });
    // Microseconds, as now() stores them: cut to the millisecond as a JavaScript Date cuts them.
    await t.ctx.db.execute(sql`update users set created_at = '2025-12-31T23:59:59.999999Z' where id = ${awkward.id}`);
    const plain = await createUser(t.ctx, {
      name: 'Plain Investor',
      email: 'plain@export.test',
      emailVerifiedAt: null,
      createdAt: new Date('2026-01-02T03:04:05Z'),
    });
    const saved = await admin.client.patch(`/api/users/${awkward.id}`, {
      attributes: { [notes]: '=HYPERLINK("http://x.test","a,b")', [sectors]: ['Fintech, UK', 'Health "care"'], [newsletter]: true },
    });
    expect(saved.statusCode).toBe(200);

    const csv = await admin.client.get('/api/users/export?filter[search]=@export.test&sort=email');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe(
      `\uFEFF${HEADER}\n` +
        `${awkward.id},"Áine ""Ace"" O'Brien, Jr",awkward@export.test,'+44 20 7946 0000,"Flat 2\nHigh Street","Line\r\nbreak",` +
        `'-Leeds,,Côte d’Ivoire,1980-02-29,'@home,"Owen, ""The Owner""",high_net_worth,approved,verified,failed,` +
        `2026-03-04T05:06:07.089Z,2026-04-01T00:00:00.000Z,2025-12-31T23:59:59.999Z,` +
        `"'=HYPERLINK(""http://x.test"",""a,b"")","Fintech, UK, Health ""care""",Yes\n` +
        `${plain.id},Plain Investor,plain@export.test,,,,,,,,,,,,not_started,not_taken,,,2026-01-02T03:04:05.000Z,,,\n`,
    );

    // Excel gets the same values, the ID as a number and nothing quoted.
    const xlsx = await admin.client.get('/api/users/export?filter[search]=@export.test&sort=email&format=xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const row = workbook.getWorksheet('Investors')!.getRow(2);
    expect([1, 2, 4, 5, 7, 12, 20, 21, 22].map((n) => row.getCell(n).value)).toEqual([
      awkward.id,
      'Áine "Ace" O\'Brien, Jr',
      "'+44 20 7946 0000",
      'Flat 2\nHigh Street',
      "'-Leeds",
      'Owen, "The Owner"',
      '\'=HYPERLINK("http://x.test","a,b")',
      'Fintech, UK, Health "care"',
      'Yes',
    ]);
    expect([1, 2, 19].map((n) => row.getCell(n).numFmt)).toEqual(['0', undefined, undefined]);
  });
});

/** `count` investors named `${name} 0001` on, with addresses ending in `domain`. */
async function insertInvestors(name: string, domain: string, count: number) {
  await t.ctx.db.execute(sql`
    insert into users (name, email, role_id, accepted_terms_version, created_at)
    select ${name} || ' ' || lpad(g::text, 4, '0'), 'investor' || g || ${domain}, ${Role.User}, 1, now()
    from generate_series(1, ${count}) g`);
}

describe('an export of several batches', () => {
  it('writes every row once, in list order, across batches read ahead', async () => {
    // 2,600 rows: three batches of 1,000 with two read ahead, the last one short.
    const count = 2600;
    await insertInvestors('Batch', '@batches.test', count);
    const csv = await admin.client.get('/api/users/export?filter[search]=@batches.test&sort=-name');
    expect(csv.statusCode).toBe(200);
    const names = csv.body
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    const expected = Array.from({ length: count }, (_, i) => `Batch ${String(count - i).padStart(4, '0')}`);
    expect(names).toEqual(expected);
  });
});

describe('Excel exports at once, and one whose client left', () => {
  const names = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Investors')!;
    return sheet.getColumn(2).values.slice(2);
  };

  it('writes several at once, each whole, and a client that leaves part-way does not spoil the next', async () => {
    const count = 2100;
    await insertInvestors('Excel', '@worker.test', count);
    const expected = Array.from({ length: count }, (_, i) => `Excel ${String(i + 1).padStart(4, '0')}`);
    const url = '/api/users/export?filter[search]=@worker.test&sort=name&format=xlsx';

    // Three at once, each with its own workbook writer and batches read ahead.
    const together = await Promise.all([1, 2, 3].map(() => admin.client.get(url)));
    for (const answer of together) {
      expect(answer.statusCode).toBe(200);
      expect(await names(answer.rawPayload)).toEqual(expected);
    }

    // A client that reads the first bytes and leaves.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const leaving = new AbortController();
    const cookie = [...admin.client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { cookie }, signal: leaving.signal });
    expect(response.status).toBe(200);
    await response.body!.getReader().read();
    leaving.abort();

    const after = await admin.client.get(url);
    expect(after.statusCode).toBe(200);
    expect(await names(after.rawPayload)).toEqual(expected);
  });
});
