import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { agent, createUser, signedIn, type TestApp, createTestApp } from '../test/harness';
import { STORAGE_BACKENDS } from '../test/storage-backends';
import { fileDocumentOn, uploadForm } from '../test/uploads';
import { contacts } from '../db/schema';
import { UPLOAD_LIMITS } from './form';

const PDF = '%PDF-1.4\n%%EOF\n';

/** Every upload rule holds wherever the files are kept: the local folder, or an S3-compatible bucket. */
describe.each(STORAGE_BACKENDS)('uploads to a $name', (backend) => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof signedIn>>['client'];
  let investorId: number;
  /** The keys of every stored file, so a test can tell whether an upload left one behind. */
  let stored: () => Promise<string[]>;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    const started = await backend.start();
    stop = started.close;
    t = await createTestApp({ env: started.env });
    stored = () => started.stored(t.ctx.config.dataDir);
    staff = (await signedIn(t, Role.SuperAdmin)).client;
    investorId = (await createUser(t.ctx, { roleId: Role.User })).id;
  });
  afterAll(async () => {
    await t?.close();
    await stop?.();
  });

  const fileDocument = (filename: string, fields: Record<string, string | number> = {}) =>
    staff.post(
      '/api/documents',
      uploadForm(
        { subject_type: 'investor', subject_id: investorId, visibility: 'private', ...fields },
        { data: PDF, filename, type: 'application/pdf' },
      ),
    );

  it('cleans control characters and folders out of a file name', async () => {
    const before = (await stored()).length;
    const response = await fileDocument('../pass\u0000po\u001brt\u202e.pdf');
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ name: 'passport.pdf', original_filename: 'passport.pdf' });
    expect((await stored()).length).toBe(before + 1);
  });

  it('refuses on its field a file name with nothing printable, storing nothing', async () => {
    const before = await stored();
    const response = await fileDocument('\u0000\u0001');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file[0]).toMatch(/file name/);
    expect(await stored()).toEqual(before);
  });

  it('removes the stored file when the transaction that should record it fails', async () => {
    const before = await stored();
    const response = await fileDocument('passport.pdf', { folder_id: 2147483647 });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await stored()).toEqual(before);
  });

  it('serves a filed document byte for byte from where it is kept', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200_000, 0xa7), Buffer.from('\n%%EOF\n')]);
    const filed = await staff.post(
      '/api/documents',
      uploadForm({ subject_type: 'investor', subject_id: investorId, visibility: 'private' }, { data: pdf, filename: 'deck.pdf' }),
    );
    expect(filed.statusCode).toBe(201);
    const served = await staff.get(`/api/documents/${filed.json().data.id}/download`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it('keeps a record’s file while it lives, and removes it once the record’s purge has committed', async () => {
    const [lead] = await t.db
      .insert(contacts)
      .values({ name: 'Lead With A File', email: `lead.${Date.now()}@example.test` })
      .returning();
    const key = await fileDocumentOn(t, staff, { type: 'contact', id: lead.id });
    // Only Support may remove a lead for good.
    const support = (await signedIn(t, Role.Support)).client;
    expect(await stored()).toContain(key);
    expect((await support.request({ method: 'DELETE', url: `/api/contacts/${lead.id}?permanent=1` })).statusCode).toBe(204);
    expect(await stored()).not.toContain(key);
  });

  it('answers a file over the size limit with a 422 on its own field, on any upload route, storing nothing', async () => {
    const before = await stored();
    const tooLarge = Buffer.alloc(UPLOAD_LIMITS.fileSize + 1);
    const document = await staff.post(
      '/api/documents',
      uploadForm({ subject_type: 'investor', subject_id: investorId, visibility: 'private' }, { data: tooLarge, filename: 'big.pdf' }),
    );
    expect({ status: document.statusCode, body: document.json() }).toEqual({
      status: 422,
      body: { message: 'The file may not be larger than 20 MB.', errors: { file: ['The file may not be larger than 20 MB.'] } },
    });
    const logo = new FormData();
    logo.append('logo', new Blob([Uint8Array.from(tooLarge)], { type: 'image/png' }), 'logo.png');
    const branding = await staff.post('/api/branding', logo);
    expect({ status: branding.statusCode, errors: branding.json().errors }).toEqual({
      status: 422,
      errors: { logo: ['The file may not be larger than 20 MB.'] },
    });
    expect(await stored()).toEqual(before);
  });

  it('answers more files than a form takes with a 422 on the file', async () => {
    const form = uploadForm({ subject_type: 'investor', subject_id: investorId, visibility: 'private' });
    for (let n = 0; n <= UPLOAD_LIMITS.files; n++) form.append(`file${n}`, new Blob([PDF], { type: 'application/pdf' }), `${n}.pdf`);
    const response = await staff.post('/api/documents', form);
    expect({ status: response.statusCode, errors: response.json().errors }).toEqual({
      status: 422,
      errors: { file: ['Upload one file at a time.'] },
    });
  });

  it('checks every branding image before storing any', async () => {
    const before = await stored();
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('logo', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }), 'logo.svg');
    form.append('favicon', new Blob(['<html></html>'], { type: 'text/html' }), 'favicon.html');
    const response = await staff.post('/api/branding', form);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['favicon']);
    expect(await stored()).toEqual(before);
  });

  it('stores an SVG logo without script, handlers, foreign objects or outside references, and serves it sandboxed', async () => {
    const hostile = `<?xml version="1.0"?><?xml-stylesheet href="https://evil.test/x.css"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <style>@import url(https://evil.test/a.css); rect { fill: url(https://evil.test/p.svg#p) }</style>
  <linearGradient id="g"><stop offset="0" stop-color="#123456"/></linearGradient>
  <rect width="10" height="10" fill="url(#g)" onclick="alert(3)" style="background:url(https://evil.test/t.png)"/>
  <a href="javascript:alert(4)"><circle r="2"/></a>
  <use xlink:href="https://evil.test/sprite.svg#icon"/><use href="#g"/>
  <image href="https://evil.test/track.png"/>
  <foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.test"/></body></foreignObject>
</svg>`;
    const form = new FormData();
    form.append('_method', 'PATCH');
    for (const field of ['logo', 'logoLight', 'favicon'])
      form.append(field, new Blob([hostile], { type: 'image/svg+xml' }), `${field}.svg`);
    const response = await staff.post('/api/branding', form);
    expect(response.statusCode).toBe(200);
    for (const field of ['logo', 'logoLight', 'favicon']) {
      const served = await agent(t.app).get(response.json().data[field]);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/svg+xml');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
      const svg = served.body;
      for (const gone of [
        'script',
        'alert',
        'onload',
        'onclick',
        'evil.test',
        'javascript:',
        'foreignObject',
        'iframe',
        '@import',
        'xml-stylesheet',
      ]) {
        expect(svg, `${field}: ${gone}`).not.toContain(gone);
      }
      expect(svg).toMatch(/^<svg /);
      expect(svg).toContain('<rect width="10" height="10" fill="url(#g)"');
      expect(svg).toContain('<use href="#g"');
      expect(svg).toContain('<circle r="2"');
    }
  });

  it('refuses on its field a file named .svg that holds no SVG', async () => {
    const before = await stored();
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('logo', new Blob(['<html><body>hello</body></html>'], { type: 'image/svg+xml' }), 'logo.svg');
    const response = await staff.post('/api/branding', form);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.logo).toEqual(['The file is not an SVG image.']);
    expect(await stored()).toEqual(before);
  });
});
