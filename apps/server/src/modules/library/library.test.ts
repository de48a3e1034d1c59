import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { LIBRARY_ID, Role } from '@platform/domain';
import { clientGroupMembers, clientGroups } from '../../db/schema';
import { addLedgerEntry, createFund } from '../../test/deals-funds';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { uploadForm } from '../../test/uploads';

type Signed = Awaited<ReturnType<typeof signedIn>>;
let t: TestApp;
let admin: Signed;
let fundManager: Signed;
let custodian: Signed;
let holder: Signed;
let fundHolder: Signed;
let grouped: Signed;
let outsider: Signed;
let companyId: number;
let fundId: number;
let groupId: number;
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Admin Ada' });
  fundManager = await signedIn(t, Role.FundManager);
  custodian = await signedIn(t, Role.Custodian);
  holder = await signedIn(t, Role.User, { name: 'Holder' });
  fundHolder = await signedIn(t, Role.User, { name: 'Fund Holder' });
  grouped = await signedIn(t, Role.User, { name: 'Grouped' });
  outsider = await signedIn(t, Role.User, { name: 'Outsider' });
  companyId = (await createOpportunityRow(t, { status: 5, companyName: 'Brightwater Robotics' })).id;
  await createInvestmentRow(t, { opportunityId: companyId, userId: holder.user.id, amount: '1000.00', status: 'completed' });
  // A reservation is not a holding.
  await createInvestmentRow(t, { opportunityId: companyId, userId: outsider.user.id, amount: '500.00', status: 'reserved' });
  fundId = (await createFund(t, { name: 'Growth Fund' })).id;
  await addLedgerEntry(t, {
    fundId,
    investorId: fundHolder.user.id,
    kind: 'subscription',
    date: '2025-01-10',
    amount: '5000.00',
    units: '5000',
  });
  const [group] = await t.db.insert(clientGroups).values({ name: 'Angels' }).returning();
  groupId = group.id;
  await t.db.insert(clientGroupMembers).values({ groupId, userId: grouped.user.id });
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Annual letter');
  pdf = Buffer.from(await doc.save());
});
afterAll(() => t.close());

const del = (client: Signed['client'], url: string) => client.request({ method: 'DELETE', url });
const errorFields = (response: { json: () => { errors?: object } }) => Object.keys(response.json().errors ?? {});
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

async function createFolder(body: Record<string, unknown>) {
  const response = await admin.client.post('/api/library/folders', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; name: string };
}

async function uploadTo(folderId: number | null, name: string, visibility = 'public') {
  const response = await admin.client.post(
    '/api/documents',
    uploadForm(
      { subject_type: 'library', subject_id: LIBRARY_ID, visibility, name, ...(folderId ? { folder_id: folderId } : {}) },
      { data: pdf, filename: `${name}.pdf`, type: 'application/pdf' },
    ),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; download_url: string };
}

const myLibrary = async (who: Signed) => {
  const response = await who.client.get('/api/my/library');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Array<{ id: number; name: string; documents: Array<{ id: number; download_url: string }> }>;
};
const myDocumentIds = async (who: Signed, type = 'cloud') => ids((await who.client.get(`/api/my/documents?type=${type}`)).json().data);
const download = (who: Signed, id: number) => who.client.get(`/api/my/documents/${id}/download`);

describe('audiences', () => {
  let everyone: { id: number };
  let company: { id: number };
  let fund: { id: number };
  let groups: { id: number };
  const docs: Record<string, number> = {};

  beforeAll(async () => {
    everyone = await createFolder({ name: 'Firm news', audience: 'all' });
    company = await createFolder({ name: 'Brightwater', audience: 'holders', opportunity_id: companyId });
    fund = await createFolder({ name: 'Growth Fund reports', audience: 'holders', fund_id: fundId });
    groups = await createFolder({ name: 'Angels only', audience: 'groups', client_group_ids: [groupId] });
    docs.everyone = (await uploadTo(everyone.id, 'Firm letter')).id;
    docs.company = (await uploadTo(company.id, 'Board minutes')).id;
    docs.fund = (await uploadTo(fund.id, 'Fund report')).id;
    docs.groups = (await uploadTo(groups.id, 'Angels memo')).id;
    docs.private = (await uploadTo(everyone.id, 'Draft letter', 'private')).id;
    docs.loose = (await uploadTo(null, 'Unfiled')).id;
  });

  it('shows staff every folder with its audience and documents count', async () => {
    const response = await admin.client.get('/api/library/folders');
    expect(response.statusCode).toBe(200);
    const folders = response.json().data;
    expect(folders.find((f: { id: number }) => f.id === company.id)).toMatchObject({
      name: 'Brightwater',
      audience: 'holders',
      subject: { type: 'company', id: companyId, name: 'Brightwater Robotics' },
      documents_count: 1,
    });
    expect(folders.find((f: { id: number }) => f.id === groups.id).client_groups).toEqual([{ id: groupId, name: 'Angels' }]);
    expect(folders.find((f: { id: number }) => f.id === everyone.id).documents_count).toBe(2);
  });

  it('gives each investor the folders published to them, with their public documents', async () => {
    expect((await myLibrary(holder)).map((f) => f.name)).toEqual(['Brightwater', 'Firm news']);
    expect((await myLibrary(fundHolder)).map((f) => f.name)).toEqual(['Firm news', 'Growth Fund reports']);
    expect((await myLibrary(grouped)).map((f) => f.name)).toEqual(['Angels only', 'Firm news']);
    expect((await myLibrary(outsider)).map((f) => f.name)).toEqual(['Firm news']);
    // A private document and one outside any folder are for staff only.
    expect(ids((await myLibrary(holder)).find((f) => f.name === 'Firm news')!.documents)).toEqual([docs.everyone]);
  });

  it('lists them as type=cloud on the investor’s documents, and only them', async () => {
    expect((await myDocumentIds(holder)).sort()).toEqual([docs.everyone, docs.company].sort());
    expect(await myDocumentIds(outsider)).toEqual([docs.everyone]);
    expect(await myDocumentIds(holder, 'record')).toEqual([]);
  });

  it('downloads through the investor document route; anything not published to them is 404', async () => {
    const ok = await download(grouped, docs.groups);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(ok.rawPayload, pdf)).toBe(0);
    for (const [who, id] of [
      [outsider, docs.groups],
      [outsider, docs.company],
      [holder, docs.fund],
      [fundHolder, docs.company],
      [holder, docs.private],
      [holder, docs.loose],
    ] as const) {
      const response = await download(who, id);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('%PDF');
    }
  });

  it('evaluates holders when the investor asks: a new holder sees what was filed before', async () => {
    expect((await download(outsider, docs.company)).statusCode).toBe(404);
    const investment = await createInvestmentRow(t, {
      opportunityId: companyId,
      userId: outsider.user.id,
      amount: '800.00',
      status: 'paid',
    });
    expect((await myLibrary(outsider)).map((f) => f.name)).toEqual(['Brightwater', 'Firm news']);
    expect((await download(outsider, docs.company)).statusCode).toBe(200);
    expect(investment.id).toBeGreaterThan(0);
  });

  it('follows a change of audience and group membership at once', async () => {
    const changed = await admin.client.patch(`/api/library/folders/${groups.id}`, { audience: 'holders', fund_id: fundId });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ audience: 'holders', fund_id: fundId, client_groups: [] });
    expect((await download(grouped, docs.groups)).statusCode).toBe(404);
    expect((await download(fundHolder, docs.groups)).statusCode).toBe(200);
    await admin.client.patch(`/api/library/folders/${groups.id}`, { audience: 'groups', client_group_ids: [groupId] });
    expect((await download(grouped, docs.groups)).statusCode).toBe(200);
  });

  it('hides a deleted document, and a moved one follows its new folder', async () => {
    const moved = await admin.client.patch(`/api/documents/${docs.company}`, { folder_id: groups.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await download(grouped, docs.company)).statusCode).toBe(200);
    expect((await download(holder, docs.company)).statusCode).toBe(404);
    expect((await del(admin.client, `/api/documents/${docs.company}`)).statusCode).toBe(204);
    expect((await download(grouped, docs.company)).statusCode).toBe(404);
  });

  it('lists the library on the staff documents list as type=cloud, and not as record', async () => {
    const on = `filter[subject_type]=library&filter[subject_id]=${LIBRARY_ID}`;
    const cloud = (await admin.client.get(`/api/documents?${on}&type=cloud&filter[folder_id]=${everyone.id}`)).json();
    expect(ids(cloud.data).sort()).toEqual([docs.everyone, docs.private].sort());
    expect((await admin.client.get(`/api/documents?${on}&type=record`)).json().data).toEqual([]);
  });
});

describe('folders', () => {
  it('validates the audience: 422 by field', async () => {
    for (const [body, field] of [
      [{ name: 'x', audience: 'holders' }, 'audience'],
      [{ name: 'x', audience: 'groups' }, 'client_group_ids'],
      [{ name: 'x', audience: 'groups', client_group_ids: [999999] }, 'client_group_ids'],
      [{ name: 'x', audience: 'holders', opportunity_id: 999999 }, 'opportunity_id'],
      [{ name: 'x', audience: 'holders', fund_id: 999999 }, 'fund_id'],
      [{ name: 'x', audience: 'nobody' }, 'audience'],
      [{ name: '', audience: 'all' }, 'name'],
    ] as const) {
      const response = await admin.client.post('/api/library/folders', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorFields(response)).toContain(field);
    }
  });

  it('keeps names unique in the library, and deletes only an empty folder', async () => {
    const folder = await createFolder({ name: 'Tax packs', audience: 'all' });
    const twin = await admin.client.post('/api/library/folders', { name: 'tax PACKS', audience: 'all' });
    expect(twin.statusCode).toBe(422);
    expect(errorFields(twin)).toEqual(['name']);
    const document = await uploadTo(folder.id, 'Pack 2025');
    expect((await del(admin.client, `/api/library/folders/${folder.id}`)).statusCode).toBe(422);
    expect((await del(admin.client, `/api/documents/${document.id}`)).statusCode).toBe(204);
    expect((await del(admin.client, `/api/library/folders/${folder.id}`)).statusCode).toBe(204);
    expect((await del(admin.client, `/api/library/folders/${folder.id}`)).statusCode).toBe(404);
    const activity = (await admin.client.get(`/api/activity?filter[subject_type]=library&filter[subject_id]=${LIBRARY_ID}`)).json();
    expect(activity.data.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['folder_created', 'folder_deleted', 'document_created', 'document_deleted']),
    );
  });

  it('refuses uploads that are not documents', async () => {
    const folder = await createFolder({ name: 'Refused', audience: 'all' });
    const response = await admin.client.post(
      '/api/documents',
      uploadForm(
        { subject_type: 'library', subject_id: LIBRARY_ID, visibility: 'public', folder_id: folder.id },
        { data: '<html><script>alert(1)</script></html>', filename: 'page.html', type: 'text/html' },
      ),
    );
    expect(response.statusCode).toBe(422);
    expect(errorFields(response)).toEqual(['file']);
    const elsewhere = await admin.client.post(
      '/api/documents',
      uploadForm(
        { subject_type: 'library', subject_id: 2, visibility: 'public' },
        { data: pdf, filename: 'a.pdf', type: 'application/pdf' },
      ),
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(errorFields(elsewhere)).toEqual(['subject_id']);
  });

  it('answers to the update_reports grants', async () => {
    expect((await fundManager.client.get('/api/library/folders')).statusCode).toBe(200);
    expect((await fundManager.client.post('/api/library/folders', { name: 'No', audience: 'all' })).statusCode).toBe(403);
    expect((await custodian.client.get('/api/library/folders')).statusCode).toBe(403);
    expect((await custodian.client.get(`/api/documents?filter[subject_type]=library&filter[subject_id]=${LIBRARY_ID}`)).statusCode).toBe(
      403,
    );
    expect((await holder.client.get('/api/library/folders')).statusCode).toBe(403);
    expect((await admin.client.get('/api/my/library')).statusCode).toBe(403);
  });
});
