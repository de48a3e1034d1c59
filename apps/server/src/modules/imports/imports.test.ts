import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, contacts, leadStatuses, mailOutbox, users } from '../../db/schema';
import { agent, createUser, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { uploadForm } from '../../test/uploads';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Imogen Import', email: `imogen-${process.pid}@staff.test` });
  await t.db.insert(leadStatuses).values([{ name: 'Warm', position: 0 }]);
});
afterAll(() => t.close());

const csvFile = (text: string, filename = 'leads.csv') => ({ data: text, filename, type: 'text/csv' });
const send = (
  client: typeof admin.client,
  path: string,
  file: ReturnType<typeof csvFile> | { data: Buffer; filename: string } | undefined,
  fields: Record<string, string> = {},
) => client.post(`/api/imports/${path}`, uploadForm(fields, file));
const contactCount = async (like: string) =>
  Number((await t.db.select({ n: sql<number>`count(*)` }).from(contacts).where(sql`${contacts.email} like ${like}`))[0].n);

const GOOD = [
  'Surname;First Name;E-Mail Address;Lead Status;Status;Interest;Owner',
  `Smith;Anna;ANNA@csv.test;warm;Active;Finance in place;imogen-${process.pid}@staff.test`,
  'Jones;Ben;ben@csv.test;;2;;Imogen Import',
].join('\n');

describe('importing contacts', () => {
  it('inspects a file: headers, a guessed mapping and the first rows', async () => {
    const response = await send(admin.client, 'contacts/inspect', csvFile(GOOD));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      headers: ['Surname', 'First Name', 'E-Mail Address', 'Lead Status', 'Status', 'Interest', 'Owner'],
      mapping: { '0': 'last_name', '1': 'first_name', '2': 'email', '3': 'lead_status', '4': 'status', '5': 'interest', '6': 'owner' },
      rows: 2,
    });
  });

  it('previews row errors, refuses the whole file while one row is bad, then imports the corrected file', async () => {
    const mapping = JSON.stringify({
      0: 'last_name',
      1: 'first_name',
      2: 'email',
      3: 'lead_status',
      4: 'status',
      5: 'interest',
      6: 'owner',
    });
    await t.db.insert(contacts).values({ name: 'Existing', email: 'held@csv.test' });
    const bad = `${GOOD}\nBrown;Cara;not-an-email;Frozen;;;\nGreen;Dan;anna@csv.test;;;;\nHeld;Eve;held@csv.test;;Lost;maybe;Nobody`;
    const preview = (await send(admin.client, 'contacts/preview', csvFile(bad), { mapping })).json().data;
    expect(preview).toMatchObject({ total: 5, valid: 2 });
    expect(preview.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '4:email',
      '4:lead_status',
      '5:email',
      '6:owner',
      '6:status',
      '6:interest',
      '6:email',
    ]);

    const refused = await send(admin.client, 'contacts', csvFile(bad), { mapping });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { file: ['3 of 5 rows need correcting; nothing was imported.'] } });
    expect(refused.json().row_errors).toHaveLength(7);
    expect(await contactCount('%@csv.test')).toBe(1);

    const imported = await send(admin.client, 'contacts', csvFile(GOOD), { mapping });
    expect(imported.statusCode).toBe(200);
    const lines = imported.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ phase: 'checked', total: 2 });
    expect(lines.at(-1)).toEqual({ phase: 'done', imported: 2, total: 2, invitations: 0 });
    const rows = await t.db
      .select()
      .from(contacts)
      .where(sql`${contacts.email} in ('anna@csv.test', 'ben@csv.test')`)
      .orderBy(contacts.email);
    expect(rows.map((r) => [r.name, r.status, r.interest, r.ownerId, r.leadStatusId !== null])).toEqual([
      ['Anna Smith', 1, 'finance in place', admin.user.id, true],
      ['Ben Jones', 2, null, admin.user.id, false],
    ]);
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subjectId, String(rows[0].id)));
    expect(logs.find((l) => l.subjectType === 'contact')?.action).toBe('imported');
  });

  it('refuses a bad file whole with a clear 4xx on file or mapping', async () => {
    const cases: Array<[ReturnType<typeof csvFile> | { data: Buffer; filename: string } | undefined, Record<string, string>, string]> = [
      [undefined, {}, 'file'],
      [csvFile('name,email\n', 'empty.csv'), {}, 'file'],
      [csvFile('', 'blank.csv'), {}, 'file'],
      [{ data: Buffer.from('%PDF-1.4'), filename: 'leads.pdf' }, {}, 'file'],
      [{ data: Buffer.from('name\nx'), filename: 'leads.xlsx' }, {}, 'file'],
      [{ data: Buffer.alloc(5 * 1024 * 1024 + 1, 'a'), filename: 'huge.csv' }, {}, 'file'],
      [csvFile('name,email\nA,a@x.test'), { mapping: 'not json' }, 'mapping'],
      [csvFile('name,email\nA,a@x.test'), { mapping: JSON.stringify({ 0: 'salary' }) }, 'mapping'],
      [csvFile('name,email\nA,a@x.test'), { mapping: JSON.stringify({ 1: 'email' }) }, 'mapping'],
      [csvFile('name,email\nA,a@x.test'), { mapping: JSON.stringify({ 0: 'name', 1: 'name' }) }, 'mapping'],
    ];
    for (const [file, fields, field] of cases) {
      const response = await send(admin.client, 'contacts', file, fields);
      expect({ name: file?.filename, status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
        name: file?.filename,
        status: 422,
        errors: [field],
      });
    }
    expect((await send(admin.client, 'horses', csvFile('name\nA'))).statusCode).toBe(400);
  });
});

describe('importing investors', () => {
  it('reads an Excel file with UK dates and invites the new investors when asked', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Investors');
    sheet.addRow(['Name', 'Email', 'DOB', 'Post Code']);
    sheet.addRow(['Xavier Excel', 'xavier@xlsx.test', '31/01/1980', 'ls1 4ap']);
    sheet.addRow(['Yasmin Excel', 'yasmin@xlsx.test', new Date(Date.UTC(1975, 2, 3)), '']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const file = { data, filename: 'investors.xlsx' };
    const inspect = (await send(admin.client, 'investors/inspect', file)).json().data;
    const response = await send(admin.client, 'investors', file, { mapping: JSON.stringify(inspect.mapping), send_invitations: '1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('"phase":"done","imported":2');
    const rows = await t.db.select().from(users).where(sql`${users.email} like '%@xlsx.test'`).orderBy(users.email);
    expect(rows.map((r) => [r.name, r.roleId, r.dateOfBirth, r.postcode, r.passwordHash])).toEqual([
      ['Xavier Excel', Role.User, '1980-01-31', 'LS1 4AP', null],
      ['Yasmin Excel', Role.User, '1975-03-03', null, null],
    ]);
    expect(await t.db.select().from(mailOutbox).where(sql`${mailOutbox.toAddress} like '%@xlsx.test'`)).toHaveLength(2);

    const again = await send(admin.client, 'investors/preview', file, { mapping: JSON.stringify(inspect.mapping) });
    expect(again.json().data.errors.map((e: { message: string }) => e.message)).toEqual([
      'xavier@xlsx.test already belongs to an account.',
      'yasmin@xlsx.test already belongs to an account.',
    ]);
    const noEmail = await send(admin.client, 'investors/preview', csvFile('Name,DOB\nZed,1/1/1990'), {
      mapping: JSON.stringify({ 0: 'name', 1: 'date_of_birth' }),
    });
    expect(noEmail.statusCode).toBe(422);
  });
});

describe('import permissions', () => {
  it('answers 401 logged out and 403 for each role that may not create investors (walking can())', async () => {
    expect((await send(agent(t.app), 'contacts/inspect', csvFile('name\nA'))).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const status = (await send(client, 'contacts/inspect', csvFile('name\nA'))).statusCode;
      expect({ roleId, status }).toEqual({ roleId, status: can(roleId, 'investors', 'create') ? 200 : 403 });
    }
    await createUser(t.ctx, { roleId: Role.User });
  });
});
