import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { agent, createTestApp, signedIn, type TestApp } from '../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../test/opportunities';

/** API answers carry people's details and money: no browser or proxy may keep them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Cache-Control on API answers', () => {
  it('is no-store on the answers of real pages, successes and failures alike', async () => {
    const investor = await signedIn(t, Role.User);
    const staff = await signedIn(t, Role.SuperAdmin);
    const opportunity = await createOpportunityRow(t);
    const investment = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount: '1000.00' });
    const anonymous = agent(t.app);
    const answers = [
      await investor.client.get('/api/user'),
      await investor.client.get('/api/my/investments'),
      await investor.client.get(`/api/my/investments/${investment.id}`),
      await investor.client.get('/api/my/portfolio'),
      await staff.client.get('/api/investments?include=user'),
      await staff.client.get(`/api/users/${investor.user.id}`),
      await staff.client.get('/api/investments/export?format=csv'),
      await investor.client.get('/api/investments'),
      await anonymous.get('/api/user'),
      await anonymous.get('/api/no-such-route'),
      await anonymous.get('/sanctum/csrf-cookie'),
      await anonymous.post('/login', { email: investor.user.email, password: 'wrong password' }),
      await anonymous.post('/password/email', { email: 'nobody@example.test' }),
      await investor.client.post('/logout'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 403, 401, 404, 204, 422, 200, 204]);
    for (const answer of answers) expect(answer.headers['cache-control'], answer.raw.req.url).toBe('no-store');
  });

  it('leaves the caching a route chose for itself: public branding images', async () => {
    const key = await t.ctx.storage.put('branding', { filename: 'logo.png', mimetype: 'image/png', data: Buffer.from('not really a png') });
    const logo = await agent(t.app).get(`/api/files/${key}`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('is no-store on every route of the API, logged out and, for reads, as the most privileged staff', async () => {
    const staff = await signedIn(t, Role.SuperAdmin);
    const anonymous = agent(t.app);
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
    );
    expect(routes.length).toBeGreaterThan(200);
    const cached: string[] = [];
    for (const route of routes) {
      // Staff read every page; the logout would end their session for the rest of the walk.
      const callers = route.method === 'GET' && route.url !== '/api/logout' ? [anonymous, staff.client] : [anonymous];
      for (const caller of callers) {
        const answer = await caller.request({ method: route.method as 'GET', url: route.url, xsrf: route.method !== 'GET' });
        if (answer.headers['cache-control'] !== 'no-store')
          cached.push(`${route.method} ${route.url} → ${answer.statusCode} ${String(answer.headers['cache-control'])}`);
      }
    }
    expect(cached).toEqual([]);
  }, 120_000);
});
