import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { demoPicture } from '../../db/demo-images';
import { clientGroupMembers, clientGroups, mailOutbox } from '../../db/schema';
import { richTextForEmail, sanitizeRichText } from '../../platform/sanitize';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let reader: Awaited<ReturnType<typeof signedIn>>;
let outsider: Awaited<ReturnType<typeof signedIn>>;
let groupId: number;
const picture = demoPicture(5, 40, 30);
const ID = '0b6f7c3e-5a2d-4f8e-9c1b-2d3e4f5a6b7c';

function imageForm(bytes: Buffer | string, filename = 'chart.png') {
  const form = new FormData();
  form.append('image', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), filename);
  return form;
}

async function upload(client = admin.client) {
  const response = await client.post('/api/rich-text-images', imageForm(picture));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; url: string };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  reader = await signedIn(t, Role.User, { email: `reader-${process.pid}@example.test` });
  outsider = await signedIn(t, Role.User);
  const [group] = await t.db.insert(clientGroups).values({ name: 'Readers' }).returning();
  groupId = group.id;
  await t.db.insert(clientGroupMembers).values({ groupId, userId: reader.user.id });
});
afterAll(() => t.close());

describe('the rich-text sanitiser and pictures', () => {
  it('keeps only pictures this app serves', () => {
    const own = `<img src="/api/rich-text-images/${ID}" alt="Chart" onerror="alert(1)" width="9">`;
    expect(sanitizeRichText(`<p>a</p>${own}`)).toBe(`<p>a</p><img src="/api/rich-text-images/${ID}" alt="Chart" />`);
    for (const outside of [
      'https://tracker.example/pixel.gif',
      '//tracker.example/pixel.gif',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      `/api/rich-text-images/${ID}/../../users`,
      `/api/opportunity-images/1`,
      `https://evil.example/api/rich-text-images/${ID}`,
    ])
      expect(sanitizeRichText(`<p>x<img src="${outside}"></p>`)).toBe('<p>x</p>');
    expect(richTextForEmail(`<p>a</p><img src="/api/rich-text-images/${ID}" />`)).toBe('<p>a</p>');
  });
});

describe('/api/rich-text-images', () => {
  it('takes PNG, JPEG, WebP or GIF pictures up to 5 MB from staff who write updates', async () => {
    expect((await agent(t.app).post('/api/rich-text-images', imageForm(picture))).statusCode).toBe(401);
    expect((await reader.client.post('/api/rich-text-images', imageForm(picture))).statusCode).toBe(403);
    const custodian = await signedIn(t, Role.Custodian);
    expect((await custodian.client.post('/api/rich-text-images', imageForm(picture))).statusCode).toBe(403);
    const svg = await admin.client.post('/api/rich-text-images', imageForm('<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'x.png'));
    expect(svg.statusCode).toBe(422);
    expect(svg.json().errors.image).toEqual(['The picture must be a PNG, JPEG, WebP or GIF image.']);
    const big = Buffer.concat([picture, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await admin.client.post('/api/rich-text-images', imageForm(big))).json().errors.image).toEqual([
      'The picture may not be larger than 5 MB.',
    ]);
    const missing = await admin.client.post('/api/rich-text-images', new FormData());
    expect(missing.json().errors.image).toEqual(['Choose a picture to upload.']);

    const image = await upload();
    expect(image.url).toBe(`/api/rich-text-images/${image.id}`);
    const served = await admin.client.get(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(picture)).toBe(true);
  });

  it("loads an update's picture only for staff who read updates and investors the live update reached", async () => {
    const image = await upload();
    const custodian = await signedIn(t, Role.Custodian);
    // Before it is in a saved text, only its uploader sees it.
    expect((await custodian.client.get(image.url)).statusCode).toBe(404);
    const created = await admin.client.post('/api/update-reports', {
      title: 'Pictured update',
      report_type_id: 1,
      body: `<p>Our new plant:</p><img src="${image.url}" alt="The plant"><img src="https://tracker.example/p.gif">`,
      audience: 'groups',
      client_group_ids: [groupId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json().data;
    expect(report.body).toBe(`<p>Our new plant:</p><img src="${image.url}" alt="The plant" />`);
    // A draft reached nobody yet.
    expect((await reader.client.get(image.url)).statusCode).toBe(404);
    const fundManager = await signedIn(t, Role.FundManager);
    expect((await fundManager.client.get(image.url)).statusCode).toBe(200);
    expect((await custodian.client.get(image.url)).statusCode).toBe(404);

    expect((await admin.client.post(`/api/update-reports/${report.id}/publish`)).statusCode).toBe(200);
    expect((await reader.client.get(image.url)).statusCode).toBe(200);
    expect((await reader.client.get(`/api/my/update-reports/${report.id}`)).json().data.body).toContain(image.url);
    expect((await outsider.client.get(image.url)).statusCode).toBe(404);
    expect((await agent(t.app).get(image.url)).statusCode).toBe(401);
    expect((await reader.client.get('/api/rich-text-images/not-a-uuid')).statusCode).toBe(400);
    expect((await reader.client.get(`/api/rich-text-images/${ID}`)).statusCode).toBe(404);
    // The e-mail links to the page instead: a mail client cannot load a signed-in picture.
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, reader.user.email));
    expect(mail.html).toContain('Our new plant');
    expect(mail.html).not.toContain('<img');
  });
});
