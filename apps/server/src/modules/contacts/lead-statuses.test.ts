import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { contacts } from '../../db/schema';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

const names = async () =>
  (await admin.client.get('/api/lead-statuses')).json().data.map((s: { name: string; position: number }) => `${s.position}:${s.name}`);
const del = (client: typeof admin.client, id: number) => client.request({ method: 'DELETE', url: `/api/lead-statuses/${id}` });

describe('lead statuses', () => {
  it('adds at the end or at a place, reorders without gaps, renames and soft-deletes', async () => {
    const created: Record<string, number> = {};
    for (const name of ['New', 'Contacted', 'Qualified'])
      created[name] = (await admin.client.post('/api/lead-statuses', { name })).json().data.id;
    const inserted = await admin.client.post('/api/lead-statuses', { name: 'Meeting booked', position: 2 });
    expect(inserted.statusCode).toBe(201);
    created['Meeting booked'] = inserted.json().data.id;
    expect(await names()).toEqual(['0:New', '1:Contacted', '2:Meeting booked', '3:Qualified']);

    expect((await admin.client.patch(`/api/lead-statuses/${created.New}`, { position: 3 })).statusCode).toBe(200);
    expect(await names()).toEqual(['0:Contacted', '1:Meeting booked', '2:Qualified', '3:New']);
    expect((await admin.client.patch(`/api/lead-statuses/${created.Qualified}`, { position: 0, name: 'Warm' })).json().data).toMatchObject({
      name: 'Warm',
      position: 0,
    });
    expect(await names()).toEqual(['0:Warm', '1:Contacted', '2:Meeting booked', '3:New']);

    const [lead] = await t.db.insert(contacts).values({ name: 'Tagged', leadStatusId: created.Contacted }).returning();
    expect((await admin.client.get('/api/lead-statuses')).json().data[1]).toMatchObject({ name: 'Contacted', contacts_count: 1 });
    expect((await del(admin.client, created.Contacted)).statusCode).toBe(204);
    expect(await names()).toEqual(['0:Warm', '1:Meeting booked', '2:New']);
    const [after] = await t.db.select().from(contacts).where(eq(contacts.id, lead.id));
    expect(after.leadStatusId).toBeNull();
    expect((await del(admin.client, created.Contacted)).statusCode).toBe(404);
    // The name of a deleted status is free again.
    expect((await admin.client.post('/api/lead-statuses', { name: 'contacted' })).statusCode).toBe(201);
  });

  it('answers 422 on the field at fault, 404 for a missing one and 400 for list parameters', async () => {
    await admin.client.post('/api/lead-statuses', { name: 'Unique one' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'name'],
      [{ name: ' ' }, 'name'],
      [{ name: 'UNIQUE ONE' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ name: 'Fine', position: -1 }, 'position'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/lead-statuses', payload);
      expect({ field, status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
        field,
        status: 422,
        errors: [field],
      });
    }
    expect((await admin.client.patch('/api/lead-statuses/999999', { name: 'Gone' })).statusCode).toBe(404);
    expect((await admin.client.get('/api/lead-statuses?sort=name')).statusCode).toBe(400);
  });

  it('answers 401 logged out and 403 for each action a role lacks (walking can())', async () => {
    expect((await agent(t.app).get('/api/lead-statuses')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const status = (await admin.client.post('/api/lead-statuses', { name: `For role ${roleId}` })).json().data;
      const result = {
        index: (await client.get('/api/lead-statuses')).statusCode,
        create: (await client.post('/api/lead-statuses', { name: `Made by ${roleId}` })).statusCode,
        update: (await client.patch(`/api/lead-statuses/${status.id}`, { name: `Renamed by ${roleId}` })).statusCode,
        delete: (await del(client, status.id)).statusCode,
      };
      const settings = (action: 'create' | 'update' | 'delete', ok: number) => (can(roleId, 'settings_investor_type', action) ? ok : 403);
      expect({ roleId, ...result }).toEqual({
        roleId,
        index: can(roleId, 'investors', 'index') || can(roleId, 'settings_investor_type', 'index') ? 200 : 403,
        create: settings('create', 201),
        update: settings('update', 200),
        delete: settings('delete', 204),
      });
    }
  });
});
