import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { agent, createUser, signedIn, type TestApp, createTestApp } from '../test/harness';
import { uploadForm } from '../test/uploads';
import { UPLOAD_LIMITS } from './form';
import { localStorage, withStoredFiles } from './storage';

const PDF = '%PDF-1.4\n%%EOF\n';

/** Every stored file under a folder, so a test can tell whether an upload left one behind. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('uploads', () => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof signedIn>>['client'];
  let investorId: number;
  let uploads: string;

  beforeAll(async () => {
    t = await createTestApp();
    staff = (await signedIn(t, Role.SuperAdmin)).client;
    investorId = (await createUser(t.ctx, { roleId: Role.User })).id;
    uploads = path.join(t.ctx.config.dataDir, 'uploads');
  });
  afterAll(async () => {
    await t?.close();
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
    const before = filesUnder(uploads).length;
    const response = await fileDocument('../pass\u0000po\u001brt\u202e.pdf');
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ name: 'passport.pdf', original_filename: 'passport.pdf' });
    expect(filesUnder(uploads).length).toBe(before + 1);
  });

  it('refuses on its field a file name with nothing printable, storing nothing', async () => {
    const before = filesUnder(uploads);
    const response = await fileDocument('\u0000\u0001');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file[0]).toMatch(/file name/);
    expect(filesUnder(uploads)).toEqual(before);
  });

  it('removes the stored file when the transaction that should record it fails', async () => {
    const before = filesUnder(uploads);
    const response = await fileDocument('passport.pdf', { folder_id: 2147483647 });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(filesUnder(uploads)).toEqual(before);
  });

  it('removes the files of a step that succeeded inside an outer transaction that failed', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stored-files-'));
    const storage = localStorage(root);
    const file = { filename: 'a.pdf', mimetype: 'application/pdf', data: Buffer.from(PDF) };
    const failed = withStoredFiles(storage, async (outer) => {
      await withStoredFiles(outer, (inner) => inner.put('documents', file));
      await outer.put('documents', file);
      throw new Error('the transaction rolled back');
    });
    await expect(failed).rejects.toThrow('the transaction rolled back');
    expect(filesUnder(root)).toEqual([]);
    const kept = await withStoredFiles(storage, (tracked) => tracked.put('documents', file));
    expect(filesUnder(root)).toEqual([path.join(root, kept)]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers a file over the size limit with a 422 on its own field, on any upload route, storing nothing', async () => {
    const before = filesUnder(uploads);
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
    expect(filesUnder(uploads)).toEqual(before);
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
    const before = filesUnder(uploads);
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('logo', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }), 'logo.svg');
    form.append('favicon', new Blob(['<html></html>'], { type: 'text/html' }), 'favicon.html');
    const response = await staff.post('/api/branding', form);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['favicon']);
    expect(filesUnder(uploads)).toEqual(before);
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
    const before = filesUnder(uploads);
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('logo', new Blob(['<html><body>hello</body></html>'], { type: 'image/svg+xml' }), 'logo.svg');
    const response = await staff.post('/api/branding', form);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.logo).toEqual(['The file is not an SVG image.']);
    expect(filesUnder(uploads)).toEqual(before);
  });
});
