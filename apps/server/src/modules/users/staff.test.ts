import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, ne } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { mailOutbox, sessions, users } from '../../db/schema';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

async function lastMailTo(email: string) {
  await t.ctx.background.settled();
  await t.ctx.mailer.flush();
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}

describe('settings › user management grants', () => {
  it('answers 401 signed out and 403 for every role but Super Admin and Support', async () => {
    const target = await createUser(t.ctx, { roleId: Role.Custodian });
    const calls = [
      (c: ReturnType<typeof agent>) => c.get('/api/admin-accounts'),
      (c: ReturnType<typeof agent>) => c.post('/api/admin-accounts', { name: 'X', email: 'x@grants.test', role_id: Role.Adviser }),
      (c: ReturnType<typeof agent>) => c.patch(`/api/admin-accounts/${target.id}`, { role_id: Role.Adviser }),
      (c: ReturnType<typeof agent>) => c.post(`/api/admin-accounts/${target.id}/deactivate`),
      (c: ReturnType<typeof agent>) => c.post(`/api/admin-accounts/${target.id}/reactivate`),
      (c: ReturnType<typeof agent>) => c.post(`/api/admin-accounts/${target.id}/resend-invitation`),
    ];
    for (const call of calls) expect((await call(agent(t.app))).statusCode).toBe(401);
    const allowed = ROLE_IDS.filter((role) => can(role, 'settings_users', 'index'));
    expect(allowed.sort()).toEqual([Role.SuperAdmin, Role.Support].sort());
    for (const roleId of ROLE_IDS.filter((role) => !allowed.includes(role))) {
      const { client } = await signedIn(t, roleId);
      for (const call of calls) expect({ roleId, status: (await call(client)).statusCode }).toEqual({ roleId, status: 403 });
    }
    const support = await signedIn(t, Role.Support);
    expect((await support.client.get('/api/admin-accounts')).statusCode).toBe(200);
  });
});

describe('staff accounts', () => {
  it('lists staff only, with role, status and last sign-in', async () => {
    await createUser(t.ctx, { email: 'investor@staff-list.test', roleId: Role.User });
    await createUser(t.ctx, { name: 'Ivy Invited', email: 'ivy@staff-list.test', roleId: Role.Adviser, passwordHash: null });
    const body = (await admin.client.get('/api/admin-accounts?filter[search]=staff-list.test')).json();
    expect(body.data).toEqual([
      expect.objectContaining({ name: 'Ivy Invited', role_name: 'Adviser', status: 'invited', last_login_at: null }),
    ]);
    const me = (await admin.client.get(`/api/admin-accounts?filter[search]=${admin.user.email}`)).json().data[0];
    expect(me).toMatchObject({ status: 'active', role_id: Role.SuperAdmin });
    expect(me.last_login_at).not.toBeNull();
    expect((await admin.client.get('/api/admin-accounts?filter[status]=gone')).statusCode).toBe(400);
  });

  it('invites by e-mail with a set-password link, and resends it while the password is not chosen', async () => {
    const invited = await admin.client.post('/api/admin-accounts', { name: 'Nia New', email: 'Nia@Staff.test', role_id: Role.FundManager });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data).toMatchObject({ email: 'nia@staff.test', role_id: Role.FundManager, status: 'invited' });
    expect((await lastMailTo('nia@staff.test')).text).toContain('/set-password/');
    const again = await admin.client.post(`/api/admin-accounts/${invited.json().data.id}/resend-invitation`);
    expect(again.json().message).toBe('An invitation to set a password has been sent to nia@staff.test.');
    const taken = await admin.client.post('/api/admin-accounts', { name: 'Dup', email: 'nia@staff.test', role_id: Role.Adviser });
    expect(taken.json().errors).toEqual({ email: ['The email has already been taken.'] });
    const investor = await admin.client.post('/api/admin-accounts', { name: 'Inv', email: 'inv@staff.test', role_id: Role.User });
    expect(investor.json().errors).toEqual({ role_id: ['Choose a staff role.'] });
    // Someone who already chose a password is not sent a new invitation.
    expect((await admin.client.post(`/api/admin-accounts/${admin.user.id}/resend-invitation`)).statusCode).toBe(409);
  });

  it('applies a role change on the next request', async () => {
    const member = await signedIn(t, Role.Adviser);
    expect((await member.client.get('/api/admin-accounts')).statusCode).toBe(403);
    const changed = await admin.client.patch(`/api/admin-accounts/${member.user.id}`, { role_id: Role.Support });
    expect(changed.json().data.role_name).toBe('Support');
    expect((await member.client.get('/api/admin-accounts')).statusCode).toBe(200);
  });

  it('ends the sessions of a deactivated account at once, and lets it back in when reactivated', async () => {
    const member = await signedIn(t, Role.Custodian);
    expect((await member.client.get('/api/user')).statusCode).toBe(200);
    const off = await admin.client.post(`/api/admin-accounts/${member.user.id}/deactivate`);
    expect(off.json().data.status).toBe('deactivated');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
    expect((await member.client.get('/api/user')).statusCode).toBe(401);
    expect((await agent(t.app).post('/login', { email: member.user.email, password: 'correct-horse-battery' })).statusCode).toBe(422);
    const on = await admin.client.post(`/api/admin-accounts/${member.user.id}/reactivate`);
    expect(on.json().data.status).toBe('active');
    await member.client.login(member.user.email);
    expect((await member.client.get('/api/user')).statusCode).toBe(200);
  });

  it('does not manage investors here', async () => {
    const investor = await createUser(t.ctx, { roleId: Role.User });
    expect((await admin.client.post(`/api/admin-accounts/${investor.id}/deactivate`)).statusCode).toBe(404);
  });

  it('refuses to demote or deactivate the last Super Admin', async () => {
    await t.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(and(eq(users.roleId, Role.SuperAdmin), ne(users.id, admin.user.id)));
    const message = 'This is the last Super Admin: make another account a Super Admin first.';
    const demoted = await admin.client.patch(`/api/admin-accounts/${admin.user.id}`, { role_id: Role.Support });
    expect({ status: demoted.statusCode, message: demoted.json().message }).toEqual({ status: 409, message });
    const deactivated = await admin.client.post(`/api/admin-accounts/${admin.user.id}/deactivate`);
    expect({ status: deactivated.statusCode, message: deactivated.json().message }).toEqual({ status: 409, message });
    const other = await createUser(t.ctx, { roleId: Role.Adviser });
    await admin.client.patch(`/api/admin-accounts/${other.id}`, { role_id: Role.SuperAdmin });
    expect((await admin.client.patch(`/api/admin-accounts/${admin.user.id}`, { role_id: Role.Support })).statusCode).toBe(200);
  });
});
