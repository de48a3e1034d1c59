import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';

/**
 * GET /api/logout is a plain navigation (spec §2.1, §8), so another site could point a link or an
 * image at it. The browser says where a request came from in Sec-Fetch-Site.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/logout', () => {
  it.each(['cross-site', 'same-site'])('refuses a %s request and keeps the session', async (site) => {
    const { client } = await signedIn(t, Role.User);
    const refused = await client.get('/api/logout', { headers: { 'sec-fetch-site': site } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/another site/);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it.each<[string | undefined, string]>([
    ['same-origin', 'the app itself (the logout button, the 401 handler)'],
    ['none', 'an address typed or bookmarked'],
    [undefined, 'a browser too old to send Fetch Metadata'],
  ])('logs out a request from %s: %s', async (site, _source) => {
    const { client } = await signedIn(t, Role.User);
    const done = await client.get('/api/logout', { headers: site ? { 'sec-fetch-site': site } : {} });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/login');
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });
});
