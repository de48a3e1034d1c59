import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUBLIC_FLAG_NAMES, Role, ROLE_IDS, can } from '@platform/domain';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('GET /api/public-settings/1', () => {
  it('answers branding and every flag under data, without login and without secrets', async () => {
    const response = await agent(t.app).get('/api/public-settings/1');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    for (const key of [
      'colors',
      'navigation',
      'terms_version',
      'terms_format',
      'terms_text',
      'isCustomBranding',
      'isTrial',
      'logo',
      'logo_alt',
      'logoLight',
      'favicon',
      'market_sounding_description',
      'risk_warning_text',
      'appVersion',
    ]) {
      expect(data).toHaveProperty(key);
    }
    for (const flag of PUBLIC_FLAG_NAMES) expect(typeof data[flag]).toBe('boolean');
    expect(data.terms_version).toBe(1);
    expect(data.appVersion).toBe('1.0');
    expect(JSON.stringify(data)).not.toContain(t.ctx.appKey);
  });

  it('answers 404 for any other id', async () => {
    expect((await agent(t.app).get('/api/public-settings/2')).statusCode).toBe(404);
  });
});

describe('branding', () => {
  it('is readable and writable only with the settings permission', async () => {
    expect((await agent(t.app).get('/api/branding/1')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      expect({ roleId, read: (await client.get('/api/branding/1')).statusCode }).toEqual({
        roleId,
        read: can(roleId, 'settings_branding', 'show') ? 200 : 403,
      });
      if (!can(roleId, 'settings_branding', 'update'))
        expect((await client.patch('/api/branding', { isTrial: true })).statusCode).toBe(403);
    }
  });

  it('tells every signed-in user on their private channel that the settings changed', async () => {
    const investor = await signedIn(t, Role.User);
    const published = vi.spyOn(t.ctx.realtime, 'publishToUsers');
    try {
      expect((await admin.client.patch('/api/branding', { isTrial: false })).statusCode).toBe(200);
      const told = published.mock.calls
        .flatMap(([messages]) => messages)
        .filter((m) => m.event === 'settings.updated')
        .map((m) => m.userId);
      expect(told).toEqual(expect.arrayContaining([admin.user.id, investor.user.id]));
    } finally {
      published.mockRestore();
    }
  });

  it('updates terminology, flags and rich text, sanitising HTML', async () => {
    const response = await admin.client.patch('/api/branding', {
      navigation: JSON.stringify({ investments: 'Deal Room' }),
      funds_enabled: '1',
      nominee_enabled: false,
      risk_warning_text: '<p onclick="steal()">Capital at risk<script>alert(1)</script> <a href="javascript:alert(1)">more</a></p>',
    });
    expect(response.statusCode).toBe(200);
    const data = (await agent(t.app).get('/api/public-settings/1')).json().data;
    expect(JSON.parse(data.navigation)).toEqual({ investments: 'Deal Room' });
    expect(data.funds_enabled).toBe(true);
    expect(data.nominee_enabled).toBe(false);
    expect(data.risk_warning_text).toContain('Capital at risk');
    expect(data.risk_warning_text).not.toMatch(/script|onclick|javascript:/);
  });

  it('accepts the form-data POST with _method=PATCH and an uploaded logo, then serves it', async () => {
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('logo_alt', 'Acme Angels');
    form.append('logo', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const response = await admin.client.post('/api/branding', form);
    expect(response.statusCode).toBe(200);
    const { logo, logo_alt: alt } = response.json().data;
    expect(alt).toBe('Acme Angels');
    expect(logo).toMatch(/^\/api\/files\/branding\/.+\.png$/);
    const file = await agent(t.app).get(logo);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('takes an uploaded font file by its content, serves it as a font to everyone, and drops it on request', async () => {
    const woff2 = Buffer.concat([Buffer.from('wOF2\x00\x01\x00\x00', 'latin1'), Buffer.alloc(120, 7)]);
    const upload = (fields: Record<string, string>, file?: { data: Buffer; name: string }) => {
      const form = new FormData();
      form.append('_method', 'PATCH');
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (file) form.append('fontFile', new Blob([new Uint8Array(file.data)]), file.name);
      return admin.client.post('/api/branding', form);
    };
    // A font file holds a family the page must name: the bundled family's name would not load it.
    const unnamed = await upload({ font: 'Montserrat' }, { data: woff2, name: 'brand.woff2' });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().errors.font).toEqual(['Enter the name of the font family the file holds, as the font file names it.']);
    // The name says font, the bytes say otherwise.
    const fake = await upload({ font: 'Brand Sans' }, { data: PNG, name: 'brand.woff2' });
    expect(fake.json().errors.fontFile).toEqual(['The file must be a WOFF2, WOFF, TrueType or OpenType font.']);

    const saved = await upload({ font: 'Brand Sans' }, { data: woff2, name: 'Brand Sans Regular.WOFF2' });
    expect(saved.statusCode, saved.body).toBe(200);
    const { font, font_file: url } = saved.json().data;
    expect(font).toBe('Brand Sans');
    expect(url).toMatch(/^\/api\/files\/branding\/[^/]+\.woff2$/);
    expect((await agent(t.app).get('/api/public-settings/1')).json().data.font_file).toBe(url);
    const file = await agent(t.app).get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/woff2');
    expect(file.rawPayload.equals(woff2)).toBe(true);

    const removed = await upload({ font: 'Montserrat', remove_font_file: '1' });
    expect(removed.json().data).toMatchObject({ font: 'Montserrat', font_file: null });
  });

  it('answers 422 on the right field for bad input and changes nothing', async () => {
    const before = (await admin.client.get('/api/branding/1')).json().data;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ navigation: '{oops' }, 'navigation'],
      [{ navigation: JSON.stringify({ notALabel: 'x' }) }, 'navigation'],
      [{ colors: JSON.stringify({ primary: 'red' }) }, 'colors'],
      [{ terms_version: 0 }, 'terms_version'],
      [{ support_email: 'nope' }, 'support_email'],
      [{ time_zone: 'Europe/Atlantis' }, 'time_zone'],
      [{ unknown_field: 1 }, 'body'],
      [{ terms_format: 'url', terms_text: 'not a url' }, 'terms_text'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.patch('/api/branding', payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 422 });
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    const form = new FormData();
    form.append('logo', new Blob(['<html><script>alert(1)</script></html>'], { type: 'text/html' }), 'logo.html');
    const html = await admin.client.post('/api/branding', form);
    expect(html.statusCode).toBe(422);
    expect(html.json().errors.logo).toBeDefined();
    const after = (await admin.client.get('/api/branding/1')).json().data;
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
  });

  it("keeps the firm's time zone in the zone's own spelling", async () => {
    expect((await admin.client.get('/api/branding/1')).json().data.time_zone).toBe('Europe/London');
    const saved = await admin.client.patch('/api/branding', { time_zone: 'america/new_york' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.time_zone).toBe('America/New_York');
    expect((await admin.client.patch('/api/branding', { time_zone: 'Europe/London' })).json().data.time_zone).toBe('Europe/London');
  });

  it('raises the terms version but never lowers it', async () => {
    expect((await admin.client.patch('/api/branding', { terms_version: 2 })).statusCode).toBe(200);
    const lower = await admin.client.patch('/api/branding', { terms_version: 1 });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors.terms_version[0]).toContain('cannot go back');
  });

  it('raises the terms version when the terms text changes, so investors accept the new terms', async () => {
    const before = (await admin.client.get('/api/branding/1')).json().data.terms_version;
    const changed = await admin.client.patch('/api/branding', { terms_format: 'text', terms_text: '<p>New terms of business.</p>' });
    expect(changed.json().data.terms_version).toBe(before + 1);
    const same = await admin.client.patch('/api/branding', { terms_text: '<p>New terms of business.</p>' });
    expect(same.json().data.terms_version).toBe(before + 1);
    const further = await admin.client.patch('/api/branding', { terms_text: '<p>Newer terms.</p>', terms_version: before + 5 });
    expect(further.json().data.terms_version).toBe(before + 5);
  });
});
