import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { buildApp } from '../../app';
import { readConfig } from '../../config';
import { mailOutbox } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createUser, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { clientNetwork } from '../../platform/rate-limit';
import { ACCOUNT_FAILURES_PER_HOUR, ADDRESS_FAILURES, FREE_FAILURES, MAX_DELAY_MS } from '../../shared/sign-in-throttle';

const clock = fixedClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let lastAddress = 0;
/** A client address no other test uses, so each test's per-address counts start at zero. */
const freshAddress = () => {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
};

function client(app: TestApp['app'] = t.app) {
  const browser = agent(app);
  return {
    signIn: (email: string, password: string, remoteAddress = freshAddress(), headers: Record<string, string> = {}) =>
      browser.request({ method: 'POST', url: '/login', payload: { email, password }, remoteAddress, headers }),
    post: (url: string, payload: object, remoteAddress = freshAddress()) =>
      browser.request({ method: 'POST', url, payload, remoteAddress }),
  };
}

const waitSeconds = (message: string) => {
  const match = /Please wait (\d+) (second|minute)s? before trying again\./.exec(message);
  if (!match) throw new Error(`no wait in: ${message}`);
  return Number(match[1]) * (match[2] === 'minute' ? 60 : 1);
};

describe('proxy trust', () => {
  it('trusts no proxy unless TRUST_PROXY says so: off, a hop count or a list of addresses and ranges', () => {
    for (const off of [undefined, '', ' ', 'false', 'OFF', '0']) expect(readConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses to start on a TRUST_PROXY it cannot read, naming the value', () => {
    for (const bad of ['true', 'yes', '10.0.0.0/33', '1.2.3', '-1', '10.0.0.1,,']) {
      expect(() => readConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be off, a hop count/);
    }
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.1,proxy.local' })).toThrow("cannot read 'proxy.local'");
  });

  it('limits 30 wrong passwords for one account sent with 30 different X-Forwarded-For values', async () => {
    const user = await createUser(t.ctx);
    const { signIn } = client();
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++)
      statuses.push((await signIn(user.email, 'wrong-password', '127.0.0.1', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    expect(statuses.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(422));
    expect(statuses.slice(FREE_FAILURES)).toEqual(Array(30 - FREE_FAILURES).fill(429));
  });

  it('limits failed sign-ins from one address across 25 different accounts, whatever X-Forwarded-For says', async () => {
    const { signIn } = client();
    const own = await createUser(t.ctx);
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 1; i <= 25; i++) {
      statuses.push(
        (await signIn(`sprayed-${i}@example.test`, 'Summer2026!', address, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode,
      );
      // Signing in to an account of one's own does not wipe the count of failures from the address.
      if (i % 5 === 0 && i < ADDRESS_FAILURES) expect((await signIn(own.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    }
    expect(statuses.slice(0, ADDRESS_FAILURES)).toEqual(Array(ADDRESS_FAILURES).fill(422));
    expect(statuses.slice(ADDRESS_FAILURES)).toEqual(Array(25 - ADDRESS_FAILURES).fill(429));
    const refused = await signIn('sprayed-26@example.test', 'Summer2026!', address);
    expect(refused.json().message).toMatch(/^Too many failed sign-ins from your network\. Please wait \d+ minutes? before trying again\.$/);
  });

  it('counts an IPv6 client as its /64, so rotating addresses inside it does not escape the address limit', async () => {
    expect(clientNetwork('2001:db8:1:2:aaaa:bbbb:cccc:1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('192.0.2.7')).toBe('192.0.2.7');

    const { signIn } = client();
    const statuses: number[] = [];
    for (let i = 1; i <= 25; i++)
      statuses.push((await signIn(`rotating-${i}@example.test`, 'Summer2026!', `2001:db8:77:1::${i.toString(16)}`)).statusCode);
    expect(statuses.slice(0, ADDRESS_FAILURES)).toEqual(Array(ADDRESS_FAILURES).fill(422));
    expect(statuses.slice(ADDRESS_FAILURES)).toEqual(Array(25 - ADDRESS_FAILURES).fill(429));
    expect((await signIn('next-network@example.test', 'Summer2026!', '2001:db8:77:2::1')).statusCode).toBe(422);
  });

  it('honours X-Forwarded-For from the proxy TRUST_PROXY names, for the per-address limit', async () => {
    const proxied = await buildApp({
      config: { ...t.ctx.config, trustProxy: readConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy },
      database: t.ctx.database,
      clock,
      logger: false,
    });
    await proxied.app.ready();
    try {
      const { signIn } = client(proxied.app);
      const distinct: number[] = [];
      for (let i = 1; i <= 25; i++)
        distinct.push(
          (await signIn(`behind-proxy-${i}@example.test`, 'wrong-password', '127.0.0.1', { 'x-forwarded-for': `192.0.2.${i}` })).statusCode,
        );
      expect(distinct).toEqual(Array(25).fill(422));

      const shared: number[] = [];
      for (let i = 1; i <= 25; i++)
        shared.push(
          (await signIn(`one-client-${i}@example.test`, 'wrong-password', '127.0.0.1', { 'x-forwarded-for': '192.0.2.200' })).statusCode,
        );
      expect(shared.slice(0, ADDRESS_FAILURES)).toEqual(Array(ADDRESS_FAILURES).fill(422));
      expect(shared.slice(ADDRESS_FAILURES)).toEqual(Array(25 - ADDRESS_FAILURES).fill(429));
    } finally {
      await proxied.app.close();
    }
  });
});

describe('failed sign-ins per account', () => {
  it('makes each try after a handful of failures wait longer: 1, 2, 4, 8, 16 seconds, then 30', async () => {
    const user = await createUser(t.ctx);
    const { signIn } = client();
    for (let i = 0; i < FREE_FAILURES; i++) expect((await signIn(user.email, 'wrong-password')).statusCode).toBe(422);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const refused = await signIn(user.email, 'wrong-password');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many failed sign-ins for this account\./);
      waits.push(waitSeconds(refused.json().message));
      clock.advance(waits[i] * 1000);
      expect((await signIn(user.email, 'wrong-password')).statusCode).toBe(422);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30]);
  });

  it('answers an unknown e-mail exactly as an account, wait included', async () => {
    const user = await createUser(t.ctx);
    const { signIn } = client();
    for (let i = 0; i <= FREE_FAILURES; i++) {
      const known = await signIn(user.email, 'wrong-password');
      const unknown = await signIn('nobody-here@example.test', 'wrong-password');
      expect([known.statusCode, known.json()]).toEqual([unknown.statusCode, unknown.json()]);
    }
  });

  it('refuses the right password while the wait runs and accepts it once it has run; the success keeps the failures', async () => {
    const user = await createUser(t.ctx);
    const { signIn } = client();
    for (let i = 0; i < FREE_FAILURES; i++) await signIn(user.email, 'wrong-password');
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    clock.advance(1000);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    // The earlier failures still count: one more, and the next try waits again, longer.
    expect((await signIn(user.email, 'wrong-password')).statusCode).toBe(422);
    const refused = await signIn(user.email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(waitSeconds(refused.json().message)).toBe(2);
  });

  it('locks the account at 100 failures in the hour, e-mails its owner once, and a new password from a reset link lifts the lock', async () => {
    const user = await createUser(t.ctx);
    const { signIn, post } = client();
    for (let i = 1; i <= ACCOUNT_FAILURES_PER_HOUR; i++) {
      clock.advance(MAX_DELAY_MS);
      expect((await signIn(user.email, `wrong-password-${i}`)).statusCode, `failure ${i}`).toBe(422);
    }
    clock.advance(MAX_DELAY_MS);
    const locked = await signIn(user.email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(waitSeconds(locked.json().message)).toBeGreaterThan(55 * 60);
    clock.advance(10 * 60_000);
    expect((await signIn(user.email, 'wrong-password')).statusCode).toBe(429);

    await t.ctx.background.settled();
    await t.ctx.mailer.flush();
    const notices = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), like(mailOutbox.subject, '%paused%')));
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain('/forgot-password');

    await post('/password/email', { email: user.email });
    await t.ctx.background.settled();
    await t.ctx.mailer.flush();
    const [reset] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), like(mailOutbox.subject, 'Reset%')));
    const token = /\/reset-password\/([^?\s]+)/.exec(reset.text)![1];
    expect(
      (await post('/password/reset', { token, email: user.email, password: 'a-fresh-password', password_confirmation: 'a-fresh-password' }))
        .statusCode,
    ).toBe(200);
    expect((await signIn(user.email, 'a-fresh-password')).statusCode).toBe(200);
  });
});

describe('reset, set-password and registration limits', () => {
  it('limits reset requests per e-mail whatever the address, and per address across e-mails', async () => {
    const user = await createUser(t.ctx);
    const { post } = client();
    const perAccount: number[] = [];
    for (let i = 0; i < 6; i++) perAccount.push((await post('/password/email', { email: user.email })).statusCode);
    expect(perAccount).toEqual([200, 200, 200, 200, 200, 429]);

    const address = freshAddress();
    const perAddress: number[] = [];
    for (let i = 0; i < 21; i++) perAddress.push((await post('/password/email', { email: `reset-${i}@example.test` }, address)).statusCode);
    expect(perAddress).toEqual([...Array(20).fill(200), 429]);
    await t.ctx.background.settled();
  });

  for (const url of ['/password/reset', '/api/auth/set-password']) {
    it(`limits wrong tokens on ${url} per account whatever the address, and per address across accounts`, async () => {
      const user = await createUser(t.ctx);
      const { post } = client();
      const body = (email: string) => ({
        token: 'guessed-token',
        email,
        password: 'a-long-password',
        password_confirmation: 'a-long-password',
      });
      const perAccount: number[] = [];
      for (let i = 0; i < 11; i++) perAccount.push((await post(url, body(user.email))).statusCode);
      expect(perAccount).toEqual([...Array(10).fill(422), 429]);

      const address = freshAddress();
      const perAddress: number[] = [];
      for (let i = 0; i < 21; i++) perAddress.push((await post(url, body(`token-${i}@example.test`), address)).statusCode);
      expect(perAddress).toEqual([...Array(20).fill(422), 429]);
    });
  }

  it('limits registrations per e-mail whatever the address, and per address across e-mails', async () => {
    const { post } = client();
    const body = (email: string) => ({ name: 'Someone', email, password: 'a-long-password', password_confirmation: 'a-long-password' });
    const perAccount: number[] = [];
    for (let i = 0; i < 4; i++) perAccount.push((await post('/api/auth/manual-register', body('often@example.test'))).statusCode);
    expect(perAccount).toEqual([202, 202, 202, 429]);

    const address = freshAddress();
    const perAddress: number[] = [];
    for (let i = 0; i < 6; i++)
      perAddress.push((await post('/api/auth/manual-register', body(`new-${i}@example.test`), address)).statusCode);
    expect(perAddress).toEqual([202, 202, 202, 202, 202, 429]);
    await t.ctx.background.settled();
  });
});
