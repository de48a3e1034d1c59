import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { Role } from '@platform/domain';
import { settings, userTwoFactor } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { unseal } from '../../platform/crypto';
import { agent, createTestApp, createUser, signedIn, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { loadSettings } from '../../shared/settings';

const MINUTE = 60_000;
const clock = fixedClock(new Date('2026-11-24T09:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const defaults = { password_min_length: 12, session_lifetime_minutes: 720, session_idle_minutes: 30, require_staff_two_factor: false };
beforeEach(async () => {
  await loadSettings(t.db);
  await t.db
    .update(settings)
    .set({ passwordMinLength: 12, sessionLifetimeMinutes: 720, sessionIdleMinutes: 30, requireStaffTwoFactor: false })
    .where(eq(settings.id, 1));
});

/** The code the user's authenticator app shows now, computed with the same library from the secret. */
const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
/** Codes work once per 30-second step: the next sign-in waits for the next step. */
const nextStep = () => clock.advance(30_000);

async function enrol(client: ReturnType<typeof agent>) {
  const setup = await client.post('/api/auth/two-factor/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data;
  const enabled = await client.post('/api/auth/two-factor/enable', { code: await codeFor(secret) });
  expect(enabled.statusCode).toBe(200);
  nextStep();
  return { secret, recoveryCodes: enabled.json().data.recovery_codes as string[] };
}

describe('Password Management settings', () => {
  it('answers 401 to visitors and 403 to roles without the users settings grant', async () => {
    const anonymous = agent(t.app);
    expect((await anonymous.get('/api/settings/security')).statusCode).toBe(401);
    expect((await anonymous.patch('/api/settings/security', defaults)).statusCode).toBe(401);
    for (const role of [Role.InvestmentCommittee, Role.FundManager, Role.User]) {
      const { client } = await signedIn(t, role);
      expect((await client.get('/api/settings/security')).statusCode).toBe(403);
      expect((await client.patch('/api/settings/security', defaults)).statusCode).toBe(403);
    }
  });

  it('lets Super Admin and Support read and change the policy, recorded in the activity log', async () => {
    for (const [role, minimum] of [
      [Role.SuperAdmin, 13],
      [Role.Support, 14],
    ] as const) {
      const { client } = await signedIn(t, role);
      const shown = await client.get('/api/settings/security');
      expect(shown.statusCode).toBe(200);
      expect(shown.json().data).toMatchObject({ password_max_length: 128, session_lifetime_minutes: 720 });
      expect(shown.json().data.breached_passwords_listed).toBeGreaterThan(40_000);
      const changed = await client.patch('/api/settings/security', { ...defaults, password_min_length: minimum, session_idle_minutes: 20 });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({ password_min_length: minimum, session_idle_minutes: 20 });
    }
    expect((await agent(t.app).get('/api/auth/password-policy')).json().data).toEqual({ min_length: 14, max_length: 128 });
  });

  it('refuses a minimum under 8 or over 64, and an idle timeout longer than the lifetime, with field messages', async () => {
    const { client } = await signedIn(t, Role.SuperAdmin);
    const short = await client.patch('/api/settings/security', { ...defaults, password_min_length: 6 });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password_min_length).toEqual(['The minimum length must be at least 8.']);
    expect(
      (await client.patch('/api/settings/security', { ...defaults, password_min_length: 65 })).json().errors.password_min_length,
    ).toEqual(['The minimum length may be at most 64.']);
    const idle = await client.patch('/api/settings/security', { ...defaults, session_lifetime_minutes: 60, session_idle_minutes: 90 });
    expect(idle.json().errors.session_idle_minutes).toEqual(['The idle timeout cannot be longer than the session lifetime.']);
  });
});

describe('the password policy', () => {
  const change = (client: ReturnType<typeof agent>, password: string) =>
    client.post('/api/auth/update-password', { current_password: TEST_PASSWORD, password, password_confirmation: password });

  it('refuses a breached password with a clear message on the field, whatever its case', async () => {
    const { client } = await signedIn(t, Role.User);
    for (const breached of ['1qaz2wsx3edc4rfv', 'Administrator']) {
      const refused = await change(client, breached);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.password[0]).toMatch(/^This password is on a list of passwords exposed in data breaches/);
    }
  });

  it('refuses a password shorter than the configured minimum', async () => {
    const { client } = await signedIn(t, Role.FundManager);
    const refused = await change(client, 'elevenchars');
    expect(refused.json().errors).toEqual({ password: ['The password must be at least 12 characters.'] });
    await t.db.update(settings).set({ passwordMinLength: 20 });
    expect((await change(client, 'nineteen characters')).json().errors).toEqual({
      password: ['The password must be at least 20 characters.'],
    });
  });

  it('accepts a long passphrase with spaces and no composition rules', async () => {
    const { user, client } = await signedIn(t, Role.User);
    const passphrase = 'correct horse battery staple on a rainy tuesday morning';
    expect((await change(client, passphrase)).statusCode).toBe(200);
    expect((await agent(t.app).post('/login', { email: user.email, password: passphrase })).statusCode).toBe(200);
  });

  it('applies at registration too', async () => {
    const registered = await agent(t.app).post('/api/auth/manual-register', {
      name: 'Rita Register',
      email: 'rita@example.test',
      password: 'Administrator',
      password_confirmation: 'Administrator',
    });
    expect(registered.statusCode).toBe(422);
    expect(registered.json().errors.password[0]).toMatch(/exposed in data breaches/);
  });
});

describe('session lifetimes', () => {
  it('ends a session idle for longer than the idle timeout', async () => {
    const { client } = await signedIn(t, Role.User);
    clock.advance(29 * MINUTE);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    clock.advance(30 * MINUTE);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('ends a session at its absolute lifetime however busy it is', async () => {
    const { client } = await signedIn(t, Role.SuperAdmin);
    for (let elapsed = 25; elapsed < 720; elapsed += 25) {
      clock.advance(25 * MINUTE);
      expect((await client.get('/api/user')).statusCode).toBe(200);
    }
    clock.advance(25 * MINUTE);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('applies a shorter setting to sessions already open', async () => {
    const { client } = await signedIn(t, Role.User);
    clock.advance(11 * MINUTE);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    await t.db.update(settings).set({ sessionIdleMinutes: 10 });
    clock.advance(11 * MINUTE);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });
});

describe('two-factor sign-in', () => {
  it('answers 401 to visitors on every two-factor and session route', async () => {
    const anonymous = agent(t.app);
    expect((await anonymous.get('/api/auth/two-factor')).statusCode).toBe(401);
    expect((await anonymous.post('/api/auth/two-factor/setup')).statusCode).toBe(401);
    expect((await anonymous.post('/api/auth/two-factor/enable', { code: '123456' })).statusCode).toBe(401);
    expect((await anonymous.post('/api/auth/two-factor/disable', { current_password: 'x' })).statusCode).toBe(401);
    expect((await anonymous.post('/api/auth/two-factor/recovery-codes', { current_password: 'x' })).statusCode).toBe(401);
    expect((await anonymous.get('/api/auth/sessions')).statusCode).toBe(401);
    expect((await anonymous.request({ method: 'DELETE', url: '/api/auth/sessions/1' })).statusCode).toBe(401);
    expect((await anonymous.request({ method: 'DELETE', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });

  it('enrols with a QR code and a first code, keeping the secret encrypted at rest', async () => {
    const { user, client } = await signedIn(t, Role.User);
    expect((await client.get('/api/auth/two-factor')).json().data).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });
    const setup = (await client.post('/api/auth/two-factor/setup')).json().data;
    expect(setup.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(setup.otpauth_uri).toContain(`secret=${setup.secret}`);
    const [stored] = await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(stored.secretEncrypted).not.toContain(setup.secret);
    expect(unseal(t.ctx.appKey, 'totp-secret', stored.secretEncrypted)).toBe(setup.secret);

    const wrong = await client.post('/api/auth/two-factor/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code[0]).toMatch(/^That code is not right/);
    expect((await client.post('/api/auth/two-factor/enable', { code: 'abc' })).json().errors.code).toEqual([
      'Enter the 6-digit code from your authenticator app.',
    ]);
    const enabled = await client.post('/api/auth/two-factor/enable', { code: await codeFor(setup.secret) });
    expect(enabled.json().data.recovery_codes).toHaveLength(10);
    expect(new Set(enabled.json().data.recovery_codes).size).toBe(10);
    expect((await client.get('/api/auth/two-factor')).json().data).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    expect((await client.post('/api/auth/two-factor/setup')).statusCode).toBe(422);
  });

  it('asks for the code after the password and grants no session until it is right; a code works once', async () => {
    const { user, client } = await signedIn(t, Role.FundManager);
    const { secret } = await enrol(client);

    const browser = agent(t.app);
    const first = await browser.post('/login', { email: user.email, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ two_factor_required: true });
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    const wrong = await browser.post('/login/two-factor', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    const code = await codeFor(secret);
    const right = await browser.post('/login/two-factor', { code });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.id).toBe(user.id);
    expect((await browser.get('/api/user')).statusCode).toBe(200);

    // The same code again, in the same 30 seconds, is refused.
    const again = agent(t.app);
    expect((await again.post('/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(202);
    expect((await again.post('/login/two-factor', { code })).json().errors.code[0]).toMatch(/^That code is not right/);
    nextStep();
    expect((await again.post('/login/two-factor', { code: await codeFor(secret) })).statusCode).toBe(200);
  });

  it('accepts each recovery code once', async () => {
    const { user, client } = await signedIn(t, Role.User);
    const { recoveryCodes } = await enrol(client);
    const signIn = async (recovery_code: string) => {
      const browser = agent(t.app);
      await browser.post('/login', { email: user.email, password: TEST_PASSWORD });
      return browser.post('/login/two-factor', { recovery_code });
    };
    expect((await signIn(recoveryCodes[0].toUpperCase())).statusCode).toBe(200);
    const reused = await signIn(recoveryCodes[0]);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.recovery_code).toEqual(['That recovery code is not right, or it has been used.']);
    expect((await client.get('/api/auth/two-factor')).json().data.recovery_codes_left).toBe(9);
  });

  it('has no second step without a password first, and throttles wrong codes like sign-ins', async () => {
    const none = await agent(t.app).post('/login/two-factor', { code: '123456' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.code[0]).toMatch(/This sign-in has expired/);

    const { user, client } = await signedIn(t, Role.User);
    await enrol(client);
    const browser = agent(t.app);
    await browser.post('/login', { email: user.email, password: TEST_PASSWORD });
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push((await browser.post('/login/two-factor', { code: '000000' })).statusCode);
    expect(answers.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(answers).toContain(429);
  });

  it('expires the second step after five minutes', async () => {
    const { user, client } = await signedIn(t, Role.User);
    const { secret } = await enrol(client);
    const browser = agent(t.app);
    await browser.post('/login', { email: user.email, password: TEST_PASSWORD });
    clock.advance(5 * MINUTE + 1000);
    expect((await browser.post('/login/two-factor', { code: await codeFor(secret) })).json().errors.code[0]).toMatch(/expired/);
  });

  it('turns off and makes new recovery codes only with the current password', async () => {
    const { user, client } = await signedIn(t, Role.User);
    await enrol(client);
    expect((await client.post('/api/auth/two-factor/recovery-codes', { current_password: 'wrong-password' })).json().errors).toEqual({
      current_password: ['The current password is incorrect.'],
    });
    const fresh = await client.post('/api/auth/two-factor/recovery-codes', { current_password: TEST_PASSWORD });
    expect(fresh.json().data.recovery_codes).toHaveLength(10);
    expect((await client.post('/api/auth/two-factor/disable', { current_password: 'wrong-password' })).statusCode).toBe(422);
    expect((await client.post('/api/auth/two-factor/disable', { current_password: TEST_PASSWORD })).statusCode).toBe(204);
    expect((await agent(t.app).post('/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('ends the other sessions when it is turned on', async () => {
    const { user, client } = await signedIn(t, Role.User);
    const other = agent(t.app);
    await other.login(user.email);
    await enrol(client);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });
});

describe('two-factor sign-in required for staff', () => {
  it('leads a staff member without it to enrol before anything else, and keeps it on', async () => {
    const admin = await signedIn(t, Role.SuperAdmin);
    await admin.client.patch('/api/settings/security', { ...defaults, require_staff_two_factor: true });
    const user = await createUser(t.ctx, { roleId: Role.InvestmentCommittee });
    const client = agent(t.app);
    expect((await client.login(user.email)).json().data.two_factor_enrolment_due).toBe(true);
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.two_factor_enrolment_due).toBe(true);
    const blocked = await client.get('/api/notifications/admin');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'two_factor_enrolment', message: 'Set up two-factor sign-in to continue.' });
    expect((await client.get('/api/auth/two-factor')).json().data).toMatchObject({ enabled: false, required: true });

    const { secret } = await enrol(client);
    expect((await client.get('/api/user')).json().data.two_factor_enrolment_due).toBe(false);
    expect((await client.get('/api/notifications/admin')).statusCode).toBe(200);
    const off = await client.post('/api/auth/two-factor/disable', { current_password: TEST_PASSWORD });
    expect(off.json().errors.current_password).toEqual(['Two-factor sign-in is required for staff accounts and cannot be turned off.']);

    const browser = agent(t.app);
    expect((await browser.post('/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(202);
    expect((await browser.post('/login/two-factor', { code: await codeFor(secret) })).statusCode).toBe(200);
  });

  it('leaves investors free to choose', async () => {
    await t.db.update(settings).set({ requireStaffTwoFactor: true });
    const { client } = await signedIn(t, Role.User);
    const me = (await client.get('/api/user')).json().data;
    expect(me.two_factor_enrolment_due).toBe(false);
    expect((await client.get('/api/auth/two-factor')).json().data.required).toBe(false);
  });
});

describe('active sessions', () => {
  it('lists the caller’s sessions with device and marks the current one', async () => {
    const user = await createUser(t.ctx, { roleId: Role.User });
    const laptop = agent(t.app);
    await laptop.request({
      method: 'POST',
      url: '/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
    });
    const phone = agent(t.app);
    await phone.login(user.email);
    const list = (await laptop.get('/api/auth/sessions')).json().data;
    expect(list).toHaveLength(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.find((s: { current: boolean }) => s.current).device).toBe('Chrome 131 on Linux');
    expect(list[0]).toEqual(
      expect.objectContaining({ ip: '127.0.0.1', signed_in_at: expect.any(String), last_seen_at: expect.any(String) }),
    );
  });

  it('ends another of one’s sessions, refuses the current one, and 404s on someone else’s', async () => {
    const user = await createUser(t.ctx, { roleId: Role.Support });
    const desk = agent(t.app);
    await desk.login(user.email);
    const laptop = agent(t.app);
    await laptop.login(user.email);
    const list = (await desk.get('/api/auth/sessions')).json().data as { id: number; current: boolean }[];
    const current = list.find((s) => s.current)!;
    const other = list.find((s) => !s.current)!;

    const stranger = await signedIn(t, Role.SuperAdmin);
    expect((await stranger.client.request({ method: 'DELETE', url: `/api/auth/sessions/${other.id}` })).statusCode).toBe(404);
    expect((await desk.request({ method: 'DELETE', url: `/api/auth/sessions/${current.id}` })).statusCode).toBe(422);
    expect((await desk.request({ method: 'DELETE', url: '/api/auth/sessions/abc' })).statusCode).toBe(400);
    expect((await desk.request({ method: 'DELETE', url: `/api/auth/sessions/${other.id}` })).statusCode).toBe(204);
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    expect((await desk.get('/api/user')).statusCode).toBe(200);
  });

  it('ends every other session at once', async () => {
    const user = await createUser(t.ctx, { roleId: Role.User });
    const [one, two, three] = [agent(t.app), agent(t.app), agent(t.app)];
    for (const browser of [one, two, three]) await browser.login(user.email);
    expect((await one.request({ method: 'DELETE', url: '/api/auth/sessions' })).statusCode).toBe(204);
    expect((await two.get('/api/user')).statusCode).toBe(401);
    expect((await three.get('/api/user')).statusCode).toBe(401);
    expect((await one.get('/api/auth/sessions')).json().data).toHaveLength(1);
  });
});
