import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { agent, createTestApp, signedIn, type TestApp } from '../test/harness';
import { createInvestmentRow, createOpportunityRow, setFlags } from '../test/opportunities';

/**
 * Every text answer travels compressed (decision 0043): the built web app's files as the build
 * precompressed them, everything else on the fly — and a client that asks for nothing gets the
 * plain bytes.
 */
let t: TestApp;
let webDist: string;
const bundle = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const pageRequests = { '/investor': ['/api/my/portfolio', '/api/my/investments?per_page=100&sort=-created_at'] };
const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

beforeAll(async () => {
  // A build output as apps/web/vite.config.ts writes it: each text file with its .br and .gz.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  for (const [name, text] of [
    ['assets/index-Ab12Cd34.js', bundle],
    ['index.html', indexHtml],
  ]) {
    const file = path.join(webDist, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  // The signed-in pages' first data requests, as the build writes them beside its manifest.
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, '.vite', 'page-requests.json'), JSON.stringify(pageRequests));
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function decode(encoding: string | undefined, body: Buffer) {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe('compressed answers', () => {
  it('serves a hashed bundle precompressed per Accept-Encoding, cached for a year', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await agent(t.app).request({
        method: 'GET',
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': accept },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.rawPayload.length).toBeLessThan(bundle.length / 10);
      expect(decode(encoding, answer.rawPayload)).toBe(bundle);
    }
  });

  it('gives a client without Accept-Encoding the file as it is', async () => {
    const answer = await agent(t.app).request({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(bundle);
  });

  it('serves the page shell of every web route precompressed, revalidated on each visit', async () => {
    const answer = await agent(t.app).request({ method: 'GET', url: '/investor', headers: { 'accept-encoding': 'gzip' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(decode('gzip', answer.rawPayload)).toBe(indexHtml);
  });

  it("names a signed-in page's first data requests in its shell's Link header, for the browser to preload", async () => {
    // The risk warning shown: this build's index.html has no slot for the first paint (first-paint.test.ts), so it is served as it is.
    await setFlags(t, { risk_warning_enabled: true });
    const investor = await signedIn(t, Role.User);
    const page = await investor.client.request({ method: 'GET', url: '/investor', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers.link).toBe(
      '</api/my/portfolio>; rel=preload; as=fetch; crossorigin=use-credentials, ' +
        '</api/my/investments?per_page=100&sort=-created_at>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    expect(page.headers.vary).toMatch(/cookie/i);
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(decode('br', page.rawPayload)).toBe(indexHtml);
    // Another page names none, and neither does the same page to a visitor without a session.
    const other = await investor.client.request({ method: 'GET', url: '/investor/portfolio' });
    expect(other.statusCode).toBe(200);
    expect(other.headers.link).toBeUndefined();
    const signedOut = await agent(t.app).request({ method: 'GET', url: '/investor' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.headers.link).toBeUndefined();
    // A path that is a property of every object is no page.
    const constructorPath = await investor.client.request({ method: 'GET', url: '/constructor' });
    expect(constructorPath.statusCode).toBe(200);
    expect(constructorPath.headers.link).toBeUndefined();
  });

  it('compresses a large JSON answer and leaves it plain for a client that asks for nothing', async () => {
    const staff = await signedIn(t, Role.SuperAdmin);
    const investor = await signedIn(t, Role.User);
    const opportunity = await createOpportunityRow(t);
    for (let i = 0; i < 20; i += 1)
      await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount: '1000.00' });
    const compressed = await staff.client.request({
      method: 'GET',
      url: '/api/investments?include=user',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const plain = await staff.client.request({
      method: 'GET',
      url: '/api/investments?include=user',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(decode('br', compressed.rawPayload))).toEqual(JSON.parse(plain.body));
  });

  it('sends a small JSON answer as it is: compressing it would cost more than it saves', async () => {
    const answer = await agent(t.app).request({ method: 'GET', url: '/api/user', headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});
