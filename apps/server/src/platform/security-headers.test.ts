import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { agent, createTestApp, signedIn, type TestApp } from '../test/harness';

/** What a browser is told about every answer: where content may come from, framing, transport, sniffing. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self' ws: wss:;frame-src https://www.youtube-nocookie.com https://player.vimeo.com",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Security headers', () => {
  it('are on every answer: signed in, signed out, refused, missing, invalid, state-changing', async () => {
    const investor = await signedIn(t, Role.User);
    const anonymous = agent(t.app);
    const answers = [
      await investor.client.get('/api/user'),
      await investor.client.get('/api/users'),
      await anonymous.get('/api/user'),
      await anonymous.get('/api/no-such-route'),
      await anonymous.post('/login', { email: investor.user.email, password: 'wrong password' }),
      await investor.client.post('/logout'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 403, 401, 404, 422, 204]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(answer.headers[name], `${answer.raw.req.url} ${name}`).toBe(value);
    }
  });

  it('give way to the stricter policy of a route that answers a stored file, and keep the others', async () => {
    const key = await t.ctx.storage.put('branding', { filename: 'logo.png', mimetype: 'image/png', data: Buffer.from('not really a png') });
    const logo = await agent(t.app).get(`/api/files/${key}`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(logo.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
  });
});
