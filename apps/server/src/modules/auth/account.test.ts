import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { mailOutbox } from '../../db/schema';
import { agent, createTestApp, reloadUser, signedIn, TEST_PASSWORD, type TestApp } from '../../test/harness';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newestMail(to: string) {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}

describe('a member of staff’s own details', () => {
  it('answers 401 to visitors and 403 to investors', async () => {
    expect((await agent(t.app).patch('/api/auth/account', { name: 'X' })).statusCode).toBe(401);
    expect((await agent(t.app).post('/api/auth/email-change', { email: 'a@b.test', current_password: 'x' })).statusCode).toBe(401);
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.patch('/api/auth/account', { name: 'X' })).statusCode).toBe(403);
  });

  it('changes the name and the avatar, which is served to signed-in users only', async () => {
    const { client } = await signedIn(t, Role.Custodian);
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('name', 'Cora Custodian');
    form.append('avatar', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const saved = await client.post('/api/auth/account', form);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ name: 'Cora Custodian', avatar: expect.stringMatching(/^\/api\/files\/avatars\/.+\.png$/) });
    const avatar = saved.json().data.avatar;
    const file = await client.get(avatar);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await agent(t.app).get(avatar)).statusCode).toBe(401);

    const removed = await client.patch('/api/auth/account', { name: 'Cora Custodian', remove_avatar: '1' });
    expect(removed.json().data.avatar).toBeNull();
    expect((await client.get(avatar)).statusCode).toBe(404);
    expect((await client.patch('/api/auth/account', { name: ' ' })).json().errors).toEqual({ name: ['Enter your name.'] });
  });

  it('changes the e-mail address only when the link sent to the new address is followed', async () => {
    const { user, client } = await signedIn(t, Role.Support);
    const wrong = await client.post('/api/auth/email-change', { email: 'sam.new@example.test', current_password: 'not-it' });
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });

    const asked = await client.post('/api/auth/email-change', { email: 'Sam.New@example.test', current_password: TEST_PASSWORD });
    expect(asked.statusCode).toBe(202);
    expect((await reloadUser(t.ctx, user.id)).email).toBe(user.email);
    expect((await newestMail(user.email)).subject).toMatch(/email address is being changed/);
    const link = /https?:\/\/\S+\/email\/change\/(\S+)/.exec((await newestMail('sam.new@example.test')).text);
    expect(link).not.toBeNull();

    const followed = await client.get(`/email/change/${link![1]}`);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/admin/settings/security/details?email_changed=1');
    expect((await reloadUser(t.ctx, user.id)).email).toBe('sam.new@example.test');
    expect((await client.get(`/email/change/${link![1]}`)).headers.location).toBe('/verify-email?invalid=1');
    expect((await agent(t.app).post('/login', { email: 'sam.new@example.test', password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('sends no link to an address another account has, and answers the same', async () => {
    const other = await signedIn(t, Role.User);
    const { client } = await signedIn(t, Role.Support);
    const asked = await client.post('/api/auth/email-change', { email: other.user.email, current_password: TEST_PASSWORD });
    expect(asked.statusCode).toBe(202);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, other.user.email), eq(mailOutbox.subject, 'Confirm your new email address for Investor Portal')));
    expect(mails).toHaveLength(0);
  });

  it('changes the password with the current one, under the policy, and signs the other devices out', async () => {
    const { user, client } = await signedIn(t, Role.SuperAdmin);
    const laptop = agent(t.app);
    await laptop.login(user.email);
    const breached = await client.post('/api/auth/update-password', {
      current_password: TEST_PASSWORD,
      password: 'passwordpassword',
      password_confirmation: 'passwordpassword',
    });
    expect(breached.statusCode).toBe(422);
    const changed = await client.post('/api/auth/update-password', {
      current_password: TEST_PASSWORD,
      password: 'a quiet walk by the river',
      password_confirmation: 'a quiet walk by the river',
    });
    expect(changed.statusCode).toBe(200);
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });
});
