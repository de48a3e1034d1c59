import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { notifyUser } from '../../shared/notifications';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notify = (userId: number, message = '<p>Hello</p>', cta: string | null = '/investor/news') =>
  notifyUser(t.ctx, userId, { message, icon: 'update_reports', cta });

describe('investor notifications', () => {
  it('lists only the signed-in user’s notifications, newest first, with the list envelope', async () => {
    const me = await signedIn(t, Role.User);
    const other = await signedIn(t, Role.User);
    await notify(me.user.id, '<p>first</p>');
    await notify(me.user.id, '<p>second</p>');
    await notify(other.user.id, '<p>not yours</p>');
    const body = (await me.client.get('/api/notifications/user')).json();
    expect(body.meta.total).toBe(2);
    expect(body.data.map((n: { data: { message: string } }) => n.data.message)).toEqual(['<p>second</p>', '<p>first</p>']);
    expect(body.data[0]).toMatchObject({ read_at: null, data: { icon: 'update_reports', cta: '/investor/news' } });
    expect(typeof body.data[0].created_at).toBe('string');
  });

  it('counts unread, marks one read, then all', async () => {
    const me = await signedIn(t, Role.User);
    const a = await notify(me.user.id);
    await notify(me.user.id);
    await notify(me.user.id);
    expect((await me.client.get('/api/notifications/user/unread')).json().data).toHaveLength(3);
    expect((await me.client.post(`/api/notifications/user/mark-read/${a.id}`)).statusCode).toBe(204);
    expect((await me.client.get('/api/notifications/user/unread')).json().data).toHaveLength(2);
    const read = (await me.client.get('/api/notifications/user?filter[read]=1')).json().data;
    expect(read.map((n: { id: string }) => n.id)).toEqual([a.id]);
    expect(read[0].read_at).not.toBeNull();
    expect((await me.client.post('/api/notifications/user/mark-read')).statusCode).toBe(204);
    expect((await me.client.get('/api/notifications/user/unread')).json().data).toHaveLength(0);
  });

  it('cannot mark another user’s notification (404) and it stays unread', async () => {
    const me = await signedIn(t, Role.User);
    const other = await signedIn(t, Role.User);
    const theirs = await notify(other.user.id);
    expect((await me.client.post(`/api/notifications/user/mark-read/${theirs.id}`)).statusCode).toBe(404);
    expect((await me.client.post('/api/notifications/user/mark-read/not-a-uuid')).statusCode).toBe(404);
    expect((await other.client.get('/api/notifications/user/unread')).json().data).toHaveLength(1);
  });

  it('sanitises the message and keeps calls to action inside the app', async () => {
    const me = await signedIn(t, Role.User);
    await notify(
      me.user.id,
      '<p>Hi <img src=x onerror=alert(1)><script>alert(2)</script><strong>there</strong></p>',
      'https://evil.example/phish',
    );
    const [n] = (await me.client.get('/api/notifications/user')).json().data;
    expect(n.data.message).toBe('<p>Hi <strong>there</strong></p>');
    expect(n.data.cta).toBeNull();
  });

  it('keeps the audiences apart: staff use /admin, investors /user; 401 when logged out', async () => {
    const investor = await signedIn(t, Role.User);
    const staff = await signedIn(t, Role.Custodian);
    await notify(staff.user.id, '<p>staff note</p>', '/admin');
    expect((await investor.client.get('/api/notifications/admin')).statusCode).toBe(403);
    expect((await staff.client.get('/api/notifications/user')).statusCode).toBe(403);
    expect((await staff.client.get('/api/notifications/admin/unread')).json().data).toHaveLength(1);
    expect((await staff.client.post('/api/notifications/admin/mark-read')).statusCode).toBe(204);
    expect((await staff.client.get('/api/notifications/admin/unread')).json().data).toHaveLength(0);
    expect((await agent(t.app).get('/api/notifications/user')).statusCode).toBe(401);
  });
});

describe('POST /api/broadcasting/auth', () => {
  it('signs the user’s own private channel and refuses anyone else’s', async () => {
    const me = await signedIn(t, Role.User);
    const own = await me.client.post('/api/broadcasting/auth', { socket_id: '123.456', channel_name: `private-user.${me.user.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().auth).toMatch(/^[^:]+:[0-9a-f]{64}$/);
    const other = await me.client.post('/api/broadcasting/auth', { socket_id: '123.456', channel_name: `private-user.${me.user.id + 1}` });
    expect(other.statusCode).toBe(403);
    const form = await me.client.post('/api/broadcasting/auth', `socket_id=1.2&channel_name=private-user.${me.user.id}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(200);
    expect((await agent(t.app).post('/api/broadcasting/auth', { socket_id: '1.2', channel_name: 'private-user.1' })).statusCode).toBe(401);
  });
});
