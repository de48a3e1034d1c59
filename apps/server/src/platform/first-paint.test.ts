import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_WARNING_MORE, RISK_WARNING_SUMMARY, Role } from '@platform/domain';
import { agent, createTestApp, signedIn, type TestApp } from '../test/harness';
import { setFlags, setSettings } from '../test/opportunities';
import { escapeHtml } from './html';

/**
 * An investor page's HTML draws the risk warning before the code has run (decision 0079), where the
 * build's index.html leaves it a slot, for a visitor with a session and while the firm shows the
 * warning (compression.test.ts serves a build without the slot as it is). `e2e/first-paint.spec.ts` checks in a browser that the portal's own band takes its place.
 */
let t: TestApp;
let webDist: string;
// A head of the real one's size, over the threshold for compressing an answer (1 KB).
const head = Array.from({ length: 20 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js">`).join('');
const shell = (body: string) => `<!doctype html><html><head>${head}</head><body>${body}<div id="root"></div></body></html>`;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-first-paint-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), shell('<!--first-paint-->'));
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const band = `<div class="risk-warning"><p>${escapeHtml(RISK_WARNING_SUMMARY)} <span class="risk-warning-more">${escapeHtml(RISK_WARNING_MORE)}</span></p></div>`;

describe("an investor page's first paint", () => {
  it('draws the risk warning, word for word and in the firm’s font, on every portal page of a signed-in visitor', async () => {
    await setFlags(t, { risk_warning_enabled: true });
    await setSettings(t, { font: 'Open Sans' });
    const investor = await signedIn(t, Role.User);
    const expected = shell(
      '<div id="first-paint" class="first-paint" aria-hidden="true" style="font-family: Open Sans, -apple-system, &#39;Segoe UI&#39;, Roboto, sans-serif">' +
        `${band}<div class="first-paint-bar"></div></div>`,
    );
    for (const [url, accept, encoding] of [
      ['/investor', 'gzip, deflate, br', 'br'],
      ['/investor/portfolio', 'gzip', 'gzip'],
      ['/investor/opportunities/12?tab=documents', undefined, undefined],
    ] as const) {
      const page = await investor.client.request({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.vary).toMatch(/cookie/i);
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      expect(page.headers['content-encoding'], url).toBe(encoding);
      const body = page.rawPayload;
      const html = encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
      expect(html.toString(), url).toBe(expected);
    }
  });

  it('leaves the slot empty while the firm does not show the warning', async () => {
    await setFlags(t, { risk_warning_enabled: false });
    const investor = await signedIn(t, Role.User);
    const page = await investor.client.request({ method: 'GET', url: '/investor' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(shell('<!--first-paint-->'));
    await setFlags(t, { risk_warning_enabled: true });
  });

  it('draws nothing for a visitor without a session, or outside the portal', async () => {
    await setFlags(t, { risk_warning_enabled: true });
    const signedOut = await agent(t.app).request({ method: 'GET', url: '/investor' });
    expect(signedOut.body).toBe(shell('<!--first-paint-->'));
    const staff = await signedIn(t, Role.SuperAdmin);
    for (const url of ['/admin', '/login', '/investors', '/investorx']) {
      const page = await staff.client.request({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body, url).toBe(shell('<!--first-paint-->'));
    }
  });
});
