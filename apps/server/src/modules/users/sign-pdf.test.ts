import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { agent, createUser, signedIn, createTestApp, type TestApp } from '../../test/harness';
import { uploadForm } from '../../test/uploads';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let investorId: number;
let pdfId: number;
let original: Buffer;

async function twoPagePdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of ['Subscription agreement', 'Signature page'])
    pdf.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 18, font });
  return Buffer.from(await pdf.save());
}

function drawnSignature() {
  const png = new PNG({ width: 120, height: 40 });
  for (let i = 0; i < png.data.length; i += 4) png.data[i + 3] = 0;
  for (let x = 5; x < 115; x += 1) {
    const y = 20 + Math.round(10 * Math.sin(x / 8));
    const at = (y * 120 + x) * 4;
    png.data[at + 3] = 255;
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  investorId = (await createUser(t.ctx, { name: 'Sam Signer' })).id;
  original = await twoPagePdf();
  const upload = await admin.client.request({
    method: 'POST',
    url: '/api/documents',
    payload: uploadForm(
      { subject_type: 'investor', subject_id: investorId, visibility: 'private' },
      { data: original, filename: 'agreement.pdf', type: 'application/pdf' },
    ),
  });
  expect(upload.statusCode).toBe(201);
  pdfId = upload.json().data.id;
});
afterAll(() => t.close());

const url = () => `/api/users/${investorId}/sign-pdf/${pdfId}`;

async function download(documentId: number) {
  const response = await admin.client.get(`/api/documents/${documentId}/download`);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

describe('signing an investor PDF', () => {
  it('tells the page sizes', async () => {
    const body = (await admin.client.get(url())).json();
    expect(body.data.pages).toEqual([
      { width: 595, height: 842 },
      { width: 595, height: 842 },
    ]);
  });

  it.each([
    ['typed', { text: 'Sam Signer' }],
    ['drawn', { drawing: drawnSignature() }],
  ])('files a %s signature as a new document that opens as a PDF with the same pages', async (kind, signature) => {
    const response = await admin.client.post(url(), { page: 2, x: 0.1, y: 0.7, width: 0.35, kind, ...signature });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created).toMatchObject({
      name: 'agreement (signed)',
      mime_type: 'application/pdf',
      visibility: 'private',
      subject_id: investorId,
    });
    const bytes = await download(created.id);
    expect(Buffer.compare(bytes, original)).not.toBe(0);
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.getPageCount()).toBe(2);
    // The original stays as it was.
    expect(Buffer.compare(await download(pdfId), original)).toBe(0);
    if (existsSync('/usr/bin/pdftoppm')) {
      const dir = mkdtempSync(path.join(tmpdir(), 'signed-'));
      writeFileSync(path.join(dir, 'signed.pdf'), bytes);
      execFileSync('/usr/bin/pdftoppm', ['-f', '2', '-l', '2', '-r', '20', '-png', path.join(dir, 'signed.pdf'), path.join(dir, 'page')]);
    }
    const activity = (await admin.client.get(`/api/activity?filter[subject_type]=investor&filter[subject_id]=${investorId}`)).json().data;
    expect(
      activity.some(
        (a: { action: string; after: { signed_document_id?: number } }) =>
          a.action === 'pdf_signed' && a.after.signed_document_id === created.id,
      ),
    ).toBe(true);
  });

  it('answers 422 on the fields', async () => {
    const off = await admin.client.post(url(), { page: 3, x: 0.9, y: 2, width: 0.3, kind: 'typed', text: '' });
    expect(off.statusCode).toBe(422);
    expect(Object.keys(off.json().errors).sort()).toEqual(['text', 'x', 'y']);
    const page = await admin.client.post(url(), { page: 3, x: 0.1, y: 0.1, width: 0.3, kind: 'typed', text: 'Sam' });
    expect(page.json().errors.page).toEqual(['Choose a page from 1 to 2.']);
    const drawing = await admin.client.post(url(), {
      page: 1,
      x: 0.1,
      y: 0.1,
      width: 0.3,
      kind: 'drawn',
      drawing: 'data:image/png;base64,bm90IGEgcG5n',
    });
    expect(drawing.json().errors.drawing).toBeDefined();
  });

  it('refuses documents that are not the investor’s PDFs (404, 422)', async () => {
    const other = (await createUser(t.ctx)).id;
    expect((await admin.client.get(`/api/users/${other}/sign-pdf/${pdfId}`)).statusCode).toBe(404);
    const text = await admin.client.request({
      method: 'POST',
      url: '/api/documents',
      payload: uploadForm(
        { subject_type: 'investor', subject_id: investorId, visibility: 'private' },
        { data: 'plain text', filename: 'note.txt' },
      ),
    });
    expect((await admin.client.get(`/api/users/${investorId}/sign-pdf/${text.json().data.id}`)).statusCode).toBe(422);
  });

  it('is for roles that may update investors (401, 403)', async () => {
    expect((await agent(t.app).get(url())).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const status = (await client.post(url(), { page: 1, x: 0.1, y: 0.1, width: 0.3, kind: 'typed', text: 'Role' })).statusCode;
      expect({ roleId, status }).toEqual({ roleId, status: can(roleId, 'investors', 'update') ? 201 : 403 });
    }
  });
});
