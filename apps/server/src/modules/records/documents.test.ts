import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { MAX_DOCUMENT_BYTES, ONBOARDING_FOLDER, Role } from '@platform/domain';
import { documents } from '../../db/schema';
import { createInvestor } from '../../test/deals-funds';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { uploadForm } from '../../test/uploads';
import { createSubjects, del } from './fixtures';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let subjects: Awaited<ReturnType<typeof createSubjects>>;
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Admin Ada' });
  subjects = await createSubjects(t);
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Subscription agreement');
  pdf = Buffer.from(await doc.save());
});
afterAll(() => t.close());

const on = (type: string, id: number) => `filter[subject_type]=${type}&filter[subject_id]=${id}`;

type Client = Awaited<ReturnType<typeof signedIn>>['client'];

function upload(
  client: Client,
  subject: { type: string; id: number },
  file: { data: Buffer | string; filename: string; type?: string },
  fields: Record<string, string | number> = {},
) {
  return client.post(
    '/api/documents',
    uploadForm({ subject_type: subject.type, subject_id: subject.id, visibility: 'private', ...fields }, file),
  );
}

describe('uploading and downloading', () => {
  it('accepts a PDF and serves it back byte for byte, inline, inert', async () => {
    const response = await upload(
      admin.client,
      { type: 'investor', id: subjects.investor.id },
      { data: pdf, filename: 'Subscription.pdf', type: 'text/html' },
      { name: 'Signed subscription' },
    );
    expect(response.statusCode).toBe(201);
    const document = response.json().data;
    expect(document).toMatchObject({
      name: 'Signed subscription',
      original_filename: 'Subscription.pdf',
      // The content decides, not the type the browser claimed.
      mime_type: 'application/pdf',
      size_bytes: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      visibility: 'private',
      folder_id: null,
      uploaded_by: { id: admin.user.id, name: 'Admin Ada' },
      download_url: `/api/documents/${document.id}/download`,
    });
    expect(document).not.toHaveProperty('storage_key');

    const download = await admin.client.get(document.download_url);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="Signed subscription.pdf"; filename*=UTF-8''Signed%20subscription.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe('sandbox');

    const listed = (await admin.client.get(`/api/documents?${on('investor', subjects.investor.id)}`)).json();
    expect(listed.data.map((d: { id: number }) => d.id)).toContain(document.id);
    const activity = (await admin.client.get(`/api/activity?${on('investor', subjects.investor.id)}`)).json();
    expect(activity.data[0]).toMatchObject({ action: 'document_created', after: { id: document.id, name: 'Signed subscription' } });
  });

  it.each([
    ['an HTML page', '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>', 'page.html'],
    ['an SVG image', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg'],
    [
      'an SVG with an XML declaration, named as text',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      'notes.txt',
    ],
    ['an executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'setup.pdf'],
    ['a zip archive', Buffer.from('504b0304140000000800', 'hex'), 'archive.docx'],
    ['text that is not UTF-8', Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x21]), 'notes.txt'],
    ['text with NUL bytes', Buffer.from('name,amount\0\n'), 'data.csv'],
    ['an empty file', Buffer.alloc(0), 'empty.txt'],
    [
      'an OLE container that is neither Word nor Excel',
      Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]),
      'installer.msi',
    ],
  ])('refuses %s on the file field', async (_what, data, filename) => {
    const response = await upload(admin.client, { type: 'investor', id: subjects.investor.id }, { data, filename });
    expect({ status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({ status: 422, errors: ['file'] });
  });

  it('accepts CSV, text and spreadsheets, and serves them as attachments of their own type', async () => {
    const csv = 'name,amount\nAda,1000\n';
    const csvDoc = (
      await upload(admin.client, { type: 'fund', id: subjects.fund.id }, { data: csv, filename: 'holders.csv', type: 'text/html' })
    ).json().data;
    expect(csvDoc).toMatchObject({ mime_type: 'text/csv', name: 'holders.csv' });
    const csvDownload = await admin.client.get(csvDoc.download_url);
    expect(csvDownload.body).toBe(csv);
    expect(csvDownload.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvDownload.headers['content-disposition']).toMatch(/^attachment; filename="holders.csv"/);

    // Markup in a text file stays text: never served as HTML.
    const html = (
      await upload(
        admin.client,
        { type: 'fund', id: subjects.fund.id },
        { data: '<html><script>alert(1)</script></html>', filename: 'page.txt' },
      )
    ).json().data;
    const htmlDownload = await admin.client.get(html.download_url);
    expect(htmlDownload.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(htmlDownload.headers['content-disposition']).toMatch(/^attachment;/);
    expect(htmlDownload.headers['content-security-policy']).toBe('sandbox');

    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Holders').addRow(['Ada', 1000]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const sheet = (
      await upload(
        admin.client,
        { type: 'fund', id: subjects.fund.id },
        { data: xlsx, filename: 'holders.xlsx' },
        { name: 'Holders ünïcode' },
      )
    ).json().data;
    expect(sheet.mime_type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheetDownload = await admin.client.get(sheet.download_url);
    expect(Buffer.compare(sheetDownload.rawPayload, xlsx)).toBe(0);
    expect(sheetDownload.headers['content-disposition']).toBe(
      `attachment; filename="Holders _n_code.xlsx"; filename*=UTF-8''Holders%20%C3%BCn%C3%AFcode.xlsx`,
    );

    const legacy = (
      await upload(
        admin.client,
        { type: 'fund', id: subjects.fund.id },
        { data: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]), filename: 'old.xls' },
      )
    ).json().data;
    expect(legacy.mime_type).toBe('application/vnd.ms-excel');
  });

  it('refuses a file over 20 MB with a message on the file field', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - pdf.length)]);
    const response = await upload(admin.client, { type: 'investor', id: subjects.investor.id }, { data: big, filename: 'big.pdf' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: ['The file may not be larger than 20 MB.'] });
  });

  it('answers 422 for a missing file or field, and for a folder of another record', async () => {
    const subject = { type: 'investor', id: subjects.investor.id };
    const missing = await admin.client.post(
      '/api/documents',
      uploadForm({ subject_type: 'investor', subject_id: subjects.investor.id, visibility: 'private' }),
    );
    expect(Object.keys(missing.json().errors)).toEqual(['file']);
    const json = await admin.client.post('/api/documents', {
      subject_type: 'investor',
      subject_id: subjects.investor.id,
      visibility: 'private',
    });
    expect({ status: json.statusCode, errors: Object.keys(json.json().errors) }).toEqual({ status: 422, errors: ['file'] });
    const noVisibility = await admin.client.post(
      '/api/documents',
      uploadForm({ subject_type: 'investor', subject_id: subjects.investor.id }, { data: pdf, filename: 'a.pdf' }),
    );
    expect(Object.keys(noVisibility.json().errors)).toEqual(['visibility']);
    const noSubject = await admin.client.post(
      '/api/documents',
      uploadForm({ subject_type: 'investor', visibility: 'private' }, { data: pdf, filename: 'a.pdf' }),
    );
    expect(Object.keys(noSubject.json().errors)).toEqual(['subject_id']);

    const elsewhere = (
      await admin.client.post('/api/folders', { subject_type: 'fund', subject_id: subjects.fund.id, name: 'Fund only' })
    ).json().data;
    const wrongFolder = await upload(admin.client, subject, { data: pdf, filename: 'a.pdf' }, { folder_id: elsewhere.id });
    expect({ status: wrongFolder.statusCode, errors: Object.keys(wrongFolder.json().errors) }).toEqual({
      status: 422,
      errors: ['folder_id'],
    });
  });
});

describe('editing and deleting', () => {
  it('renames, files, publishes and soft-deletes a document', async () => {
    const subject = { type: 'investor', id: subjects.investor.id };
    const folder = (
      await admin.client.post('/api/folders', { subject_type: 'investor', subject_id: subjects.investor.id, name: 'Tax' })
    ).json().data;
    const document = (await upload(admin.client, subject, { data: pdf, filename: 'cert.pdf' })).json().data;

    const edited = await admin.client.patch(`/api/documents/${document.id}`, {
      name: 'EIS3 certificate',
      folder_id: folder.id,
      visibility: 'public',
    });
    expect(edited.json().data).toMatchObject({ name: 'EIS3 certificate', folder_id: folder.id, visibility: 'public' });
    expect(
      (await admin.client.get(`/api/documents?${on('investor', subjects.investor.id)}&filter[folder_id]=${folder.id}`))
        .json()
        .data.map((d: { id: number }) => d.id),
    ).toEqual([document.id]);
    expect(
      (await admin.client.get(`/api/documents?${on('investor', subjects.investor.id)}&filter[folder_id]=none`))
        .json()
        .data.map((d: { id: number }) => d.id),
    ).not.toContain(document.id);
    expect((await admin.client.patch(`/api/documents/${document.id}`, { folder_id: '' })).json().data.folder_id).toBeNull();
    expect((await admin.client.patch(`/api/documents/${document.id}`, { visibility: 'everyone' })).statusCode).toBe(422);
    expect((await admin.client.patch(`/api/documents/${document.id}`, { name: '' })).statusCode).toBe(422);

    expect((await del(admin.client, `/api/documents/${document.id}`)).statusCode).toBe(204);
    expect((await admin.client.get(`/api/documents/${document.id}`)).statusCode).toBe(404);
    expect((await admin.client.get(`/api/documents/${document.id}/download`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, document.id));
    expect(row.deletedAt).not.toBeNull();
  });

  it.each([['filter[visibility]=secret'], ['filter[folder_id]=x'], ['sort=size_bytes']])('answers 400 for %s', async (query) => {
    expect((await admin.client.get(`/api/documents?${on('investor', subjects.investor.id)}&${query}`)).statusCode).toBe(400);
  });
});

describe('permissions', () => {
  it('follows the record’s permission event and answers 401 signed out', async () => {
    const deal = { type: 'pipeline_deal', id: subjects.deal.id };
    const dealDocument = (await upload(admin.client, deal, { data: pdf, filename: 'deck.pdf' })).json().data;
    const { client } = await signedIn(t, Role.Adviser);
    expect((await upload(client, deal, { data: pdf, filename: 'deck.pdf' })).statusCode).toBe(403);
    expect((await client.get(dealDocument.download_url)).statusCode).toBe(403);
    expect((await client.get(`/api/documents?${on('pipeline_deal', subjects.deal.id)}`)).statusCode).toBe(403);
    expect((await client.patch(`/api/documents/${dealDocument.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await del(client, `/api/documents/${dealDocument.id}`)).statusCode).toBe(403);
    expect((await upload(client, { type: 'investor', id: subjects.investor.id }, { data: pdf, filename: 'id.pdf' })).statusCode).toBe(201);

    const anonymous = agent(t.app);
    expect((await anonymous.get(dealDocument.download_url)).statusCode).toBe(401);
    expect((await anonymous.get(`/api/documents?${on('pipeline_deal', subjects.deal.id)}`)).statusCode).toBe(401);
    expect((await upload(anonymous, deal, { data: pdf, filename: 'deck.pdf' })).statusCode).toBe(401);
  });
});

describe('the investor portal', () => {
  it('shows an investor their own public documents only', async () => {
    const me = await signedIn(t, Role.User);
    const other = await createInvestor(t, 'Someone Else');
    const mine = { type: 'investor', id: me.user.id };
    const shared = (
      await upload(admin.client, mine, { data: pdf, filename: 'statement.pdf' }, { visibility: 'public', name: 'Annual statement' })
    ).json().data;
    const internal = (await upload(admin.client, mine, { data: pdf, filename: 'kyc.pdf' }, { visibility: 'private' })).json().data;
    const theirs = (
      await upload(admin.client, { type: 'investor', id: other.id }, { data: pdf, filename: 'theirs.pdf' }, { visibility: 'public' })
    ).json().data;
    const onFund = (
      await upload(admin.client, { type: 'fund', id: subjects.fund.id }, { data: pdf, filename: 'fund.pdf' }, { visibility: 'public' })
    ).json().data;
    const removed = (await upload(admin.client, mine, { data: pdf, filename: 'old.pdf' }, { visibility: 'public' })).json().data;
    await del(admin.client, `/api/documents/${removed.id}`);

    const list = (await me.client.get('/api/my/documents')).json();
    expect(list.data).toEqual([
      {
        id: shared.id,
        name: 'Annual statement',
        mime_type: 'application/pdf',
        size_bytes: pdf.length,
        download_url: `/api/my/documents/${shared.id}/download`,
        created_at: expect.any(String),
      },
    ]);

    const download = await me.client.get(`/api/my/documents/${shared.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
    expect(download.headers['content-security-policy']).toBe('sandbox');
    for (const hidden of [internal, theirs, onFund, removed]) {
      expect((await me.client.get(`/api/my/documents/${hidden.id}/download`)).statusCode).toBe(404);
    }
    // Staff documents routes are not the investor's.
    expect((await me.client.get(shared.download_url)).statusCode).toBe(403);
    expect((await admin.client.get('/api/my/documents')).statusCode).toBe(403);
    expect((await agent(t.app).get('/api/my/documents')).statusCode).toBe(401);
    expect((await agent(t.app).get(`/api/my/documents/${shared.id}/download`)).statusCode).toBe(401);
    expect((await me.client.get('/api/my/documents?filter[subject_id]=1')).statusCode).toBe(400);
  });
});

describe('kinds of documents (type=, decision 0051)', () => {
  it('lists record, onboarding, identity, statement and application documents by kind, and refuses an unknown kind', async () => {
    const investor = await signedIn(t, Role.User, { name: 'Kim Kinds' });
    const mine = { type: 'investor', id: investor.user.id };
    const folder = (
      await admin.client.post('/api/folders', { subject_type: 'investor', subject_id: investor.user.id, name: ONBOARDING_FOLDER })
    ).json().data;
    const filed = async (name: string, fields: Record<string, string | number> = {}) =>
      (await upload(admin.client, mine, { data: pdf, filename: `${name}.pdf` }, { name, visibility: 'public', ...fields })).json().data
        .id as number;
    const record = await filed('Side letter');
    const onboarding = await filed('Signed application form', { folder_id: folder.id });
    const identityUpload = await investor.client.post(
      '/api/my/identity-documents',
      uploadForm({ name: 'Utility bill' }, { data: pdf, filename: 'bill.pdf', type: 'application/pdf' }),
    );
    expect(identityUpload.statusCode).toBe(201);
    const [identity] = await t.db.select().from(documents).where(eq(documents.name, 'Utility bill'));
    expect(identity.origin).toBe('identity');
    const statement = await filed('Statement as at 31 March');
    const application = await filed('Company accounts', { visibility: 'private' });
    await t.db.update(documents).set({ origin: 'statement' }).where(eq(documents.id, statement));
    await t.db.update(documents).set({ origin: 'application' }).where(eq(documents.id, application));

    const ids = async (client: Client, url: string) => {
      const answer = await client.get(url);
      expect(answer.statusCode, url).toBe(200);
      return (answer.json().data as Array<{ id: number }>).map((d) => d.id).sort((a, b) => a - b);
    };
    const list = (type: string) => ids(admin.client, `/api/documents?${on('investor', investor.user.id)}&type=${type}`);
    expect(await list('record')).toEqual([record]);
    expect(await list('onboarding')).toEqual([onboarding]);
    expect(await list('identity')).toEqual([identity.id]);
    expect(await list('statement')).toEqual([statement]);
    expect(await list('application')).toEqual([application]);
    expect(await list('record,onboarding')).toEqual([record, onboarding]);
    expect(await ids(investor.client, '/api/my/documents?type=statement')).toEqual([statement]);
    expect(await ids(investor.client, '/api/my/documents?type=onboarding,record')).toEqual([record, onboarding]);

    const unknown = await admin.client.get(`/api/documents?${on('investor', investor.user.id)}&type=registration`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      "Unknown type 'registration'. Allowed types: record, onboarding, identity, statement, application, cloud, support.",
    );
    const notMine = await investor.client.get('/api/my/documents?type=identity');
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toContain('Allowed types: record, onboarding, statement, cloud');
  });
});
