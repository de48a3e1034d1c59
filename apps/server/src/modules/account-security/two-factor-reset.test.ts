import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { Role, ROLE_IDS } from '@platform/domain';
import { activityLog, mailOutbox, settings, twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createTestApp, createUser, signedIn, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { startSmtp } from '../../test/smtp';

const clock = fixedClock(new Date('2026-11-24T09:00:00Z'));
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Platform <no-reply@platform.test>' } });
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Ada Admin' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Client = ReturnType<typeof agent>;
/** Turns two-factor on for the signed-in person, as they would with their app; the next sign-in waits for the next step. */
async function enrol(client: Client) {
  const { secret } = (await client.post('/api/auth/two-factor/setup')).json().data;
  const code = await generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  expect((await client.post('/api/auth/two-factor/enable', { code })).statusCode).toBe(200);
  clock.advance(30_000);
}
/** Mail is queued at the database's time; this test's clock is a day earlier, so make what is queued due now. */
async function deliver() {
  await t.db.update(mailOutbox).set({ availableAt: new Date(0) });
  await t.ctx.mailer.flush();
}
const reset = (client: Client, id: number, reason = 'Lost their phone; identity checked by video call.') =>
  client.post(`/api/users/${id}/two-factor/reset`, { reason });

describe("resetting another person's two-factor sign-in", () => {
  it('answers 401 to visitors and 403 to every role that does not manage users', async () => {
    const target = await createUser(t.ctx, { roleId: Role.FundManager });
    expect((await reset(agent(t.app), target.id)).statusCode).toBe(401);
    const refused = ROLE_IDS.filter((role) => role !== Role.SuperAdmin && role !== Role.Support);
    expect(refused.length).toBeGreaterThan(5);
    for (const role of refused) {
      const { client } = await signedIn(t, role);
      expect((await reset(client, target.id)).statusCode, `role ${role}`).toBe(403);
    }
  });

  it('asks for the reason, refuses one’s own, someone unknown, and someone without two-factor', async () => {
    const noReason = await admin.client.post(`/api/users/${admin.user.id}/two-factor/reset`, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['Give the reason for the reset.']);
    await enrol(admin.client);
    const own = await reset(admin.client, admin.user.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/cannot reset your own/);
    expect(await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, admin.user.id))).toHaveLength(1);
    expect((await reset(admin.client, 999_999)).statusCode).toBe(404);
    const plain = await createUser(t.ctx, { roleId: Role.InvestmentCommittee, name: 'Nora Plain' });
    const nothing = await reset(admin.client, plain.id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toMatch(/Nora Plain does not sign in with two-factor/);
  });

  it('removes the secret and recovery codes, ends their sessions, logs the reason and e-mails them', async () => {
    const support = await signedIn(t, Role.Support, { name: 'Sam Support' });
    const { user, client } = await signedIn(t, Role.FundManager, { name: 'Felix Lostphone' });
    await enrol(client);
    const phone = agent(t.app);
    expect((await phone.post('/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(202);

    const listed = (await admin.client.get(`/api/admin-accounts?filter[search]=${encodeURIComponent(user.email)}`)).json().data;
    expect(listed[0]).toMatchObject({ id: user.id, two_factor_enabled: true });

    expect((await reset(support.client, user.id)).statusCode).toBe(204);
    expect(await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id))).toEqual([]);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    // The sign-in that was waiting for a code cannot finish either.
    expect((await phone.post('/login/two-factor', { code: '123456' })).json().errors.code[0]).toMatch(/expired/);
    // The password alone signs in now (two-factor is not required here).
    expect((await agent(t.app).post('/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await admin.client.get(`/api/admin-accounts?filter[search]=${encodeURIComponent(user.email)}`)).json().data[0]).toMatchObject({
      two_factor_enabled: false,
    });

    const [logged] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'reset_two_factor'), eq(activityLog.subjectId, String(user.id))));
    expect(logged).toMatchObject({
      actorId: support.user.id,
      subjectType: 'user',
      before: { two_factor_enabled: true, recovery_codes: 10, sessions: 1 },
      after: { two_factor_enabled: false, reason: 'Lost their phone; identity checked by video call.' },
    });

    await deliver();
    const mail = smtp.received.find((m) => m.to.includes(user.email));
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(/Subject: Your .* two-factor sign-in was reset/);
    expect(mail!.raw).toContain('Sam Support reset the two-factor sign-in of your account.');
    expect(mail!.raw).toContain('You can sign in with your password alone now.');
  });

  it('where two-factor is required, asks them to enrol again at their next sign-in', async () => {
    // The administrator signs in with two-factor (enrolled above): the requirement does not stop them.
    const { user, client } = await signedIn(t, Role.InvestmentManager, { name: 'Iris Required' });
    await enrol(client);
    await t.db.update(settings).set({ requireStaffTwoFactor: true }).where(eq(settings.id, 1));
    try {
      expect((await reset(admin.client, user.id)).statusCode).toBe(204);
      const again = agent(t.app);
      const signIn = await again.post('/login', { email: user.email, password: TEST_PASSWORD });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().data.two_factor_enrolment_due).toBe(true);
      expect((await again.get('/api/notifications/admin')).json().code).toBe('two_factor_enrolment');
      await deliver();
      const mail = smtp.received.find((m) => m.to.includes(user.email));
      expect(mail!.raw).toContain('you will be asked to set up two-factor sign-in again');
    } finally {
      await t.db.update(settings).set({ requireStaffTwoFactor: false }).where(eq(settings.id, 1));
    }
  });
});
