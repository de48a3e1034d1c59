import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { readConfig } from '../../config';
import {
  contacts,
  investmentMethodEntities,
  investmentMethods,
  mailOutbox,
  organisations,
  organisationUsers,
  sessions,
  settings,
  users,
} from '../../db/schema';
import { agent, createTestApp, createUser, reloadUser, TEST_PASSWORD, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function lastMailTo(email: string) {
  await t.ctx.background.settled();
  await t.ctx.mailer.flush();
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https?://[^\\s]+${path}[^\\s]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return new URL(match[0]);
};

describe('XSRF and sessions', () => {
  it('sets a readable XSRF-TOKEN cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/\./);
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('refuses a state-changing request without the XSRF header, and with a forged one', async () => {
    const user = await createUser(t.ctx);
    const client = agent(t.app);
    const missing = await client.post('/login', { email: user.email, password: TEST_PASSWORD }, { xsrf: false });
    expect(missing.statusCode).toBe(419);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { cookie: 'XSRF-TOKEN=abc.def', 'x-xsrf-token': 'abc.def' },
    });
    expect(forged.statusCode).toBe(419);
  });

  it('logs in, sets an httpOnly SameSite session cookie and answers /api/user', async () => {
    const user = await createUser(t.ctx, { roleId: Role.Adviser });
    const client = agent(t.app);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const login = await client.login(user.email);
    const cookie = login.cookies.find((c) => c.name === 'platform_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(login.json().data).toMatchObject({ id: user.id, email: user.email, role_id: Role.Adviser });
    expect(login.json().data.last_login_at).not.toBeNull();
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.password_hash).toBeUndefined();
    expect(JSON.stringify(me.json())).not.toContain('argon2');
  });

  it('rotates the session at login: the earlier session stops working', async () => {
    const user = await createUser(t.ctx);
    const client = agent(t.app);
    await client.login(user.email);
    const first = client.jar.get('platform_session');
    await client.login(user.email);
    expect(client.jar.get('platform_session')).not.toBe(first);
    const stale = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `platform_session=${first}` } });
    expect(stale.statusCode).toBe(401);
  });

  it('answers the same for an unknown e-mail and a wrong password', async () => {
    const user = await createUser(t.ctx);
    const wrong = await agent(t.app).post('/login', { email: user.email, password: 'not-the-password' });
    const unknown = await agent(t.app).post('/login', { email: 'nobody@example.test', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errors.email).toEqual(['These credentials do not match our records.']);
  });

  it('validates the login form field by field', async () => {
    const response = await agent(t.app).post('/login', { email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('limits sign-ins of any outcome to LOGIN_ATTEMPTS_PER_MINUTE per address and e-mail, with a clear 429', async () => {
    const user = await createUser(t.ctx);
    const client = agent(t.app);
    for (let i = 0; i < 10; i++) await client.login(user.email);
    const limited = await client.post('/login', { email: user.email, password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait/);
  });

  it('reads the login limit from LOGIN_ATTEMPTS_PER_MINUTE, 10 when unset or not a positive whole number', () => {
    expect(readConfig({ LOGIN_ATTEMPTS_PER_MINUTE: '250' }).loginAttemptsPerMinute).toBe(250);
    expect(readConfig({}).loginAttemptsPerMinute).toBe(10);
    expect(readConfig({ LOGIN_ATTEMPTS_PER_MINUTE: '0' }).loginAttemptsPerMinute).toBe(10);
    expect(readConfig({ LOGIN_ATTEMPTS_PER_MINUTE: 'many' }).loginAttemptsPerMinute).toBe(10);
  });

  it('logs out through POST /logout and through GET /api/logout', async () => {
    const user = await createUser(t.ctx);
    const client = agent(t.app);
    await client.login(user.email);
    expect((await client.post('/logout')).statusCode).toBe(204);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    await client.login(user.email);
    const redirect = await client.get('/api/logout');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/login');
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});

describe('/api/user includes', () => {
  it('returns the spec §3 fields and every relation asked for, and 400 for an unknown one', async () => {
    const owner = await createUser(t.ctx, { roleId: Role.Adviser });
    const user = await createUser(t.ctx, { ownerId: owner.id });
    const client = agent(t.app);
    await client.login(user.email);
    const include =
      'organisations,attributeValues,onboardingDocuments,owner,investmentMethodEntities.investmentMethod,leadInvestmentMethodEntities.investmentMethod,ownershipChoices';
    const response = await client.get(`/api/user?include=${include}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    for (const key of [
      'id',
      'name',
      'email',
      'role_id',
      'email_verified_at',
      'accepted_terms_version',
      'avatar',
      'compliance_passed',
      'compliance_tries',
      'compliance_questions',
    ]) {
      expect(data).toHaveProperty(key);
    }
    expect(data.owner).toEqual({ id: owner.id, name: owner.name, email: owner.email });
    for (const key of [
      'organisations',
      'attribute_values',
      'onboarding_documents',
      'investment_method_entities',
      'lead_investment_method_entities',
      'ownership_choices',
    ]) {
      expect(data[key]).toEqual([]);
    }
    const bad = await client.get('/api/user?include=secrets');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'secrets'");
  });

  it('loads the organisations and investment-method accounts the person has, and those opened for them as a lead', async () => {
    const user = await createUser(t.ctx, { name: 'Ida Include' });
    const [org] = await t.db.insert(organisations).values({ name: 'Include Holdings Ltd', type: 'company' }).returning();
    const [closedOrg] = await t.db.insert(organisations).values({ name: 'Closed Ltd', deletedAt: new Date() }).returning();
    await t.db.insert(organisationUsers).values([
      { organisationId: org.id, userId: user.id, role: 'director' },
      { organisationId: closedOrg.id, userId: user.id, role: 'director' },
    ]);
    const [sipp] = await t.db.insert(investmentMethods).values({ name: 'Include SIPP', type: 'sipp', provider: 'Pension Co' }).returning();
    const [own] = await t.db
      .insert(investmentMethodEntities)
      .values({ investmentMethodId: sipp.id, userId: user.id, reference: 'OWN-1' })
      .returning();

    const client = agent(t.app);
    await client.login(user.email);
    const data = (
      await client.get('/api/user?include=organisations,investmentMethodEntities.investmentMethod,leadInvestmentMethodEntities')
    ).json().data;
    expect(data.organisations).toEqual([{ id: org.id, name: 'Include Holdings Ltd', type: 'company', role: 'director' }]);
    expect(data.investment_method_entities).toEqual([
      {
        id: own.id,
        investment_method_id: sipp.id,
        reference: 'OWN-1',
        created_at: own.createdAt.toISOString(),
        investment_method: { id: sipp.id, name: 'Include SIPP', type: 'sipp', provider: 'Pension Co' },
      },
    ]);
    expect(data.lead_investment_method_entities).toEqual([]);
    // Without `.investmentMethod` the method is not loaded.
    expect((await client.get('/api/user?include=investmentMethodEntities')).json().data.investment_method_entities[0]).not.toHaveProperty(
      'investment_method',
    );

    // A lead's account moves to the investor they become, and is listed as opened for them as a lead.
    const admin = agent(t.app);
    await admin.login((await createUser(t.ctx, { roleId: Role.SuperAdmin })).email);
    const [lead] = await t.db
      .insert(contacts)
      .values({ name: 'Lena Lead', email: `lena-${process.pid}@example.test` })
      .returning();
    const [leadAccount] = await t.db
      .insert(investmentMethodEntities)
      .values({ investmentMethodId: sipp.id, contactId: lead.id, reference: 'LEAD-1' })
      .returning();
    const converted = await admin.post(`/api/convert-contact/${lead.id}`, { send_invitation: false });
    expect(converted.statusCode, converted.body).toBe(201);
    const investorId = converted.json().data.investor.id;
    const shown = (
      await admin.get(`/api/users/${investorId}?include=investmentMethodEntities,leadInvestmentMethodEntities.investmentMethod`)
    ).json().data;
    expect(shown.investment_method_entities.map((a: { id: number }) => a.id)).toEqual([leadAccount.id]);
    expect(shown.lead_investment_method_entities).toEqual([
      expect.objectContaining({
        id: leadAccount.id,
        reference: 'LEAD-1',
        investment_method: expect.objectContaining({ name: 'Include SIPP' }),
      }),
    ]);
  });

  it('loads compliance fields for investors only', async () => {
    const staff = agent(t.app);
    await staff.login((await createUser(t.ctx, { roleId: Role.SuperAdmin })).email);
    expect((await staff.get('/api/user')).json().data.compliance_tries).toBeNull();
    const investor = agent(t.app);
    await investor.login((await createUser(t.ctx, { complianceTries: 2 })).email);
    expect((await investor.get('/api/user')).json().data.compliance_tries).toBe(2);
  });
});

describe('registration and e-mail verification', () => {
  const registration = (email: string, name = 'New Investor') => ({
    name,
    email,
    password: 'a-long-password',
    password_confirmation: 'a-long-password',
  });

  it('registers an investor without signing them in, and sends a verification link that works once', async () => {
    const client = agent(t.app);
    const response = await client.post('/api/auth/manual-register', registration('New.Investor@Example.test'));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: expect.stringMatching(/Check your email/) });
    expect((await client.get('/api/user')).statusCode).toBe(401);

    const mail = await lastMailTo('new.investor@example.test');
    expect(mail.status).toBe('logged');
    const [created] = await t.db.select().from(users).where(eq(users.email, 'new.investor@example.test'));
    expect(created).toMatchObject({ roleId: Role.User, emailVerifiedAt: null, acceptedTermsVersion: 0 });
    const link = linkIn(mail.text, '/email/verify/');
    const tampered = await client.get(`${link.pathname}?expires=${link.searchParams.get('expires')}&signature=forged`);
    expect(tampered.headers.location).toBe('/verify-email?invalid=1');
    expect((await reloadUser(t.ctx, created.id)).emailVerifiedAt).toBeNull();

    const verified = await client.get(`${link.pathname}${link.search}`);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/login?verified=1');
    expect((await reloadUser(t.ctx, created.id)).emailVerifiedAt).not.toBeNull();
    const signedIn = await client.login('new.investor@example.test', 'a-long-password');
    expect(signedIn.json().data).toMatchObject({ id: created.id, role_id: Role.User });
  });

  it('answers a taken e-mail exactly as a new one, and tells the owner instead of creating an account', async () => {
    const existing = await createUser(t.ctx, { name: 'Ada Owner' });
    const taken = await agent(t.app).post('/api/auth/manual-register', registration(existing.email.toUpperCase(), 'Impostor'));
    const fresh = await agent(t.app).post('/api/auth/manual-register', registration('never-seen@example.test'));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['set-cookie']).toEqual(fresh.headers['set-cookie']);

    const notice = await lastMailTo(existing.email);
    expect(notice.subject).toMatch(/Someone tried to register/);
    expect(notice.text).toContain('Hello Ada Owner');
    expect(notice.text).toMatch(/\/login\b/);
    expect(notice.text).toContain('/forgot-password');
    expect(await t.db.select().from(users).where(sql`lower(${users.email}) = ${existing.email.toLowerCase()}`)).toHaveLength(1);
    expect((await reloadUser(t.ctx, existing.id)).name).toBe('Ada Owner');
    await agent(t.app).login(existing.email);
  });

  it('still checks the form field by field before anything else', async () => {
    const response = await agent(t.app).post('/api/auth/manual-register', {
      name: '',
      email: 'not-an-email',
      password: 'a-long-password',
      password_confirmation: 'different-password',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'name', 'password_confirmation']);
    expect(response.json().errors.password_confirmation).toEqual(['The password confirmation does not match.']);
  });

  it('answers a verification link whose id is no id 400, and one beyond the id range 404', async () => {
    for (const id of ['1.5', '-1', '0', '1e3', 'abc']) {
      const response = await agent(t.app).get(`/email/verify/${id}/x`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message, id).toMatch(/Invalid parameter 'id'/);
    }
    for (const id of ['99999999999', '2147483648']) {
      expect((await agent(t.app).get(`/email/verify/${id}/x`)).statusCode, id).toBe(404);
    }
  });

  it('resends the verification e-mail to an unverified user', async () => {
    const user = await createUser(t.ctx, { emailVerifiedAt: null });
    const client = agent(t.app);
    await client.login(user.email);
    const response = await client.post('/email/resend');
    expect(response.statusCode).toBe(202);
    expect((await lastMailTo(user.email)).subject).toMatch(/Verify your email/);
    expect((await agent(t.app).post('/email/resend')).statusCode).toBe(401);
  });

  it('asks for a password unless inviteOnRegister is on, when the invitation to choose one is sent instead', async () => {
    const withoutPassword = await agent(t.app).post('/api/auth/manual-register', { name: 'No Password', email: 'np@example.test' });
    expect(withoutPassword.json().errors).toEqual({ password: ['Choose a password.'] });
    await t.db.update(settings).set({ flags: { invite_on_register: true } });
    try {
      const client = agent(t.app);
      const response = await client.post('/api/auth/manual-register', { name: 'Ivo Invited', email: 'ivo@example.test' });
      expect(response.statusCode).toBe(202);
      expect(response.json().message).toBe('Thank you. Check your email: we have sent you a link to choose your password.');
      const link = linkIn((await lastMailTo('ivo@example.test')).text, '/set-password/');
      const set = await client.post('/api/auth/set-password', {
        token: link.pathname.split('/').pop(),
        email: 'ivo@example.test',
        password: 'ivos-own-password',
        password_confirmation: 'ivos-own-password',
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().data).toMatchObject({ role_id: Role.User, email_verified_at: expect.any(String) });
    } finally {
      await t.db.update(settings).set({ flags: {} });
    }
  });
});

describe('password reset', () => {
  it('answers identically for known and unknown addresses before looking either up, and mails only the known one', async () => {
    const user = await createUser(t.ctx);
    const known = await agent(t.app).post('/password/email', { email: user.email });
    const unknown = await agent(t.app).post('/password/email', { email: 'ghost@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await lastMailTo('ghost@example.test')).toBeUndefined();
    expect((await lastMailTo(user.email)).text).toContain('/reset-password/');
  });

  it('resets with the mailed token exactly once and ends existing sessions', async () => {
    const user = await createUser(t.ctx);
    const other = agent(t.app);
    await other.login(user.email);
    await agent(t.app).post('/password/email', { email: user.email });
    const link = linkIn((await lastMailTo(user.email)).text, '/reset-password/');
    const token = link.pathname.split('/').pop();
    const body = { token, email: user.email, password: 'brand-new-password', password_confirmation: 'brand-new-password' };
    const first = await agent(t.app).post('/password/reset', body);
    expect(first.statusCode).toBe(200);
    const again = await agent(t.app).post('/password/reset', body);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email[0]).toMatch(/invalid or has expired/);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    await agent(t.app).login(user.email, 'brand-new-password');
  });

  it('refuses a token for another account', async () => {
    const victim = await createUser(t.ctx);
    const attacker = await createUser(t.ctx);
    await agent(t.app).post('/password/email', { email: attacker.email });
    const token = linkIn((await lastMailTo(attacker.email)).text, '/reset-password/')
      .pathname.split('/')
      .pop();
    const response = await agent(t.app).post('/password/reset', {
      token,
      email: victim.email,
      password: 'hijacked-password',
      password_confirmation: 'hijacked-password',
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('invitations and password changes', () => {
  it('lets staff invite a user who then sets a password, is signed in and verified', async () => {
    const staff = agent(t.app);
    await staff.login((await createUser(t.ctx, { roleId: Role.SuperAdmin })).email);
    const invitee = await createUser(t.ctx, { passwordHash: null, emailVerifiedAt: null });
    const sent = await staff.post('/api/users/resend-set-password-email', { user_id: invitee.id });
    expect(sent.statusCode).toBe(200);
    const link = linkIn((await lastMailTo(invitee.email)).text, '/set-password/');
    const client = agent(t.app);
    const response = await client.post('/api/auth/set-password', {
      token: link.pathname.split('/').pop(),
      email: link.searchParams.get('email'),
      password: 'my-first-password',
      password_confirmation: 'my-first-password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email_verified_at).not.toBeNull();
    expect((await client.get('/api/user')).json().data.id).toBe(invitee.id);
  });

  it('lets only staff with the investors permission send invitations', async () => {
    const invitee = await createUser(t.ctx);
    const custodian = agent(t.app);
    await custodian.login((await createUser(t.ctx, { roleId: Role.Custodian })).email);
    expect((await custodian.post('/api/users/resend-set-password-email', { user_id: invitee.id })).statusCode).toBe(403);
    expect((await agent(t.app).post('/api/users/resend-set-password-email', { user_id: invitee.id })).statusCode).toBe(401);
  });

  it('changes the password after checking the current one, signing out other devices only', async () => {
    const user = await createUser(t.ctx);
    const laptop = agent(t.app);
    const phone = agent(t.app);
    await laptop.login(user.email);
    await phone.login(user.email);
    const wrong = await laptop.post('/api/auth/update-password', {
      current_password: 'wrong',
      password: 'another-password',
      password_confirmation: 'another-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The current password is incorrect.']);
    const ok = await laptop.post('/api/auth/update-password', {
      current_password: TEST_PASSWORD,
      password: 'another-password',
      password_confirmation: 'another-password',
    });
    expect(ok.statusCode).toBe(200);
    expect((await laptop.get('/api/user')).statusCode).toBe(200);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
  });
});

describe('terms acceptance through the user update', () => {
  it('accepts the current terms version sent as FormData with _method=PATCH', async () => {
    const user = await createUser(t.ctx, { acceptedTermsVersion: 0 });
    const client = agent(t.app);
    await client.login(user.email);
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('accepted_terms_version', '1');
    const response = await client.post(`/api/users/${user.id}`, form);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.accepted_terms_version).toBe(1);

    const stale = new FormData();
    stale.append('_method', 'PATCH');
    stale.append('accepted_terms_version', '7');
    const rejected = await client.post(`/api/users/${user.id}`, stale);
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().errors.accepted_terms_version).toBeDefined();
  });

  it('does not let an investor update someone else', async () => {
    const other = await createUser(t.ctx);
    const client = agent(t.app);
    await client.login((await createUser(t.ctx)).email);
    const response = await client.patch(`/api/users/${other.id}`, { name: 'Hacked' });
    expect(response.statusCode).toBe(404);
    expect((await reloadUser(t.ctx, other.id)).name).not.toBe('Hacked');
  });
});
