import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { can, isStaffRole, ROLE_IDS, Role, type BulkResult } from '@platform/domain';
import { activityLog, mailOutbox, users } from '../../db/schema';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

type Answer = { statusCode: number; body: string; json: <U>() => U };
function data<T>(response: Answer, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ data: T }>().data;
}

/** Staff who may list investors but not change them, and staff who may change investors but not manage staff accounts. */
const readOnlyRole = ROLE_IDS.find((r) => isStaffRole(r) && can(r, 'investors', 'index') && !can(r, 'investors', 'update'));
const investorsOnlyRole = ROLE_IDS.find((r) => isStaffRole(r) && can(r, 'investors', 'update') && !can(r, 'settings_users', 'index'))!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Owner Olga' });
});
afterAll(() => t?.close());

const owners = async (ids: number[]) =>
  (await t.db.select({ id: users.id, ownerId: users.ownerId }).from(users).where(inArray(users.id, ids))).map((r) => r.ownerId);

describe('bulk actions on investors', () => {
  it('assigns an owner to every chosen investor in one go, logging each change', async () => {
    const [a, b] = [await createUser(t.ctx), await createUser(t.ctx)];
    const result = data<BulkResult>(await admin.client.post('/api/users/bulk/owner', { ids: [a.id, b.id, a.id], owner_id: admin.user.id }));
    expect(result).toEqual({ count: 2, message: '2 investors assigned.' });
    expect(await owners([a.id, b.id])).toEqual([admin.user.id, admin.user.id]);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(inArray(activityLog.subjectId, [String(a.id), String(b.id)]));
    expect(logged.filter((row) => row.action === 'updated')).toHaveLength(2);

    expect(data<BulkResult>(await admin.client.post('/api/users/bulk/owner', { ids: [a.id], owner_id: null })).count).toBe(1);
    expect(await owners([a.id])).toEqual([null]);
  });

  it('changes nothing when one chosen record is not an investor the viewer may change (422 naming it)', async () => {
    const a = await createUser(t.ctx);
    const staff = await createUser(t.ctx, { roleId: Role.SuperAdmin });
    const gone = await createUser(t.ctx, { deletedAt: new Date() });
    for (const stranger of [staff.id, gone.id, 999_999]) {
      const refused = await admin.client.post('/api/users/bulk/owner', { ids: [a.id, stranger], owner_id: admin.user.id });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors.ids[0]).toContain(String(stranger));
    }
    expect(await owners([a.id])).toEqual([null]);

    // Staff who see investors only cannot reach a staff account through a bulk action either.
    const manager = await signedIn(t, investorsOnlyRole);
    const refused = await manager.client.post('/api/users/bulk/owner', { ids: [a.id, staff.id], owner_id: admin.user.id });
    expect(refused.statusCode).toBe(422);
    expect(await owners([a.id, staff.id])).toEqual([null, null]);
  });

  it('refuses an owner who is not staff, no ids, and more than 500 ids with 422', async () => {
    const a = await createUser(t.ctx);
    const notStaff = await admin.client.post('/api/users/bulk/owner', { ids: [a.id], owner_id: a.id });
    expect(notStaff.statusCode).toBe(422);
    expect(notStaff.json().errors.owner_id).toBeDefined();
    const none = await admin.client.post('/api/users/bulk/owner', { ids: [], owner_id: admin.user.id });
    expect(none.statusCode).toBe(422);
    const many = await admin.client.post('/api/users/bulk/owner', {
      ids: Array.from({ length: 501 }, (_, i) => i + 1),
      owner_id: admin.user.id,
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.ids).toEqual(['Choose at most 500 records at a time.']);
  });

  it('sends each chosen investor the portal invitation, or none when one is not an investor', async () => {
    const a = await createUser(t.ctx, { email: 'bulk-a@example.test', passwordHash: null });
    const b = await createUser(t.ctx, { email: 'bulk-b@example.test', passwordHash: null });
    const result = data<BulkResult>(await admin.client.post('/api/users/bulk/invite', { ids: [a.id, b.id] }));
    expect(result).toEqual({ count: 2, message: '2 invitations sent.' });
    const sent = await t.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, ['bulk-a@example.test', 'bulk-b@example.test']));
    expect(sent).toHaveLength(2);

    const c = await createUser(t.ctx, { email: 'bulk-c@example.test', passwordHash: null });
    const staff = await createUser(t.ctx, { roleId: Role.SuperAdmin });
    expect((await admin.client.post('/api/users/bulk/invite', { ids: [c.id, staff.id] })).statusCode).toBe(422);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'bulk-c@example.test'))).toHaveLength(0);
  });

  it('answers 401 signed out and 403 without the right to change investors', async () => {
    const a = await createUser(t.ctx);
    for (const url of ['/api/users/bulk/owner', '/api/users/bulk/invite']) {
      expect((await agent(t.app).post(url, { ids: [a.id], owner_id: null })).statusCode).toBe(401);
      const investor = await signedIn(t, Role.User);
      expect((await investor.client.post(url, { ids: [a.id], owner_id: null })).statusCode).toBe(403);
      if (readOnlyRole) {
        const reader = await signedIn(t, readOnlyRole);
        expect((await reader.client.post(url, { ids: [a.id], owner_id: null })).statusCode).toBe(403);
      }
    }
  });

  it('exports only the chosen investors with filter[ids]', async () => {
    const a = await createUser(t.ctx, { name: 'Chosen Carla' });
    await createUser(t.ctx, { name: 'Left-out Leo' });
    const csv = await admin.client.get(`/api/users/export?filter[role_id]=5&filter[ids]=${a.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Chosen Carla');
    expect(csv.body).not.toContain('Left-out Leo');
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    expect((await admin.client.get(`/api/users/export?filter[ids]=${tooMany}`)).statusCode).toBe(400);
  });
});
