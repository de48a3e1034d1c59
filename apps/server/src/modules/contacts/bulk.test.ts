import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { can, isStaffRole, ROLE_IDS, Role, type BulkResult } from '@platform/domain';
import { contacts, leadStatuses } from '../../db/schema';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let hot: number;

type Answer = { statusCode: number; body: string; json: <U>() => U };
function data<T>(response: Answer, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ data: T }>().data;
}

const readOnlyRole = ROLE_IDS.find((r) => isStaffRole(r) && can(r, 'investors', 'index') && !can(r, 'investors', 'update'));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  [{ id: hot }] = await t.db.insert(leadStatuses).values({ name: 'Hot', position: 0 }).returning();
});
afterAll(() => t?.close());

let sequence = 0;
async function createContact(values: Partial<typeof contacts.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await t.db
    .insert(contacts)
    .values({ name: `Lead ${sequence}`, ...values })
    .returning();
  return row;
}
const states = async (ids: number[]) =>
  (await t.db.select().from(contacts).where(inArray(contacts.id, ids))).sort((a, b) => a.id - b.id).map((r) => [r.ownerId, r.leadStatusId]);

describe('bulk actions on contacts', () => {
  it('assigns an owner and a lead status to every chosen contact', async () => {
    const [a, b] = [await createContact(), await createContact()];
    expect(data<BulkResult>(await admin.client.post('/api/contacts/bulk/owner', { ids: [a.id, b.id], owner_id: admin.user.id }))).toEqual({
      count: 2,
      message: '2 contacts assigned.',
    });
    expect(
      data<BulkResult>(await admin.client.post('/api/contacts/bulk/lead-status', { ids: [a.id, b.id], lead_status_id: hot })).count,
    ).toBe(2);
    expect(await states([a.id, b.id])).toEqual([
      [admin.user.id, hot],
      [admin.user.id, hot],
    ]);
  });

  it('changes none when one contact is deleted or missing, and refuses an unknown lead status or owner', async () => {
    const a = await createContact();
    const gone = await createContact({ deletedAt: new Date() });
    const refused = await admin.client.post('/api/contacts/bulk/lead-status', { ids: [a.id, gone.id], lead_status_id: hot });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.ids[0]).toContain(String(gone.id));
    expect(await states([a.id])).toEqual([[null, null]]);

    const status = await admin.client.post('/api/contacts/bulk/lead-status', { ids: [a.id], lead_status_id: 999_999 });
    expect(status.statusCode).toBe(422);
    expect(status.json().errors.lead_status_id).toBeDefined();
    const investor = await createUser(t.ctx);
    const owner = await admin.client.post('/api/contacts/bulk/owner', { ids: [a.id], owner_id: investor.id });
    expect(owner.statusCode).toBe(422);
    expect(owner.json().errors.owner_id).toBeDefined();

    const many = await admin.client.post('/api/contacts/bulk/owner', { ids: Array.from({ length: 501 }, (_, i) => i + 1), owner_id: null });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.ids).toEqual(['Choose at most 500 records at a time.']);
  });

  it('answers 401 signed out and 403 without the right to change contacts', async () => {
    const a = await createContact();
    for (const url of ['/api/contacts/bulk/owner', '/api/contacts/bulk/lead-status']) {
      const body = { ids: [a.id], owner_id: null, lead_status_id: null };
      expect((await agent(t.app).post(url, body)).statusCode).toBe(401);
      const investor = await signedIn(t, Role.User);
      expect((await investor.client.post(url, body)).statusCode).toBe(403);
      if (readOnlyRole) {
        const reader = await signedIn(t, readOnlyRole);
        expect((await reader.client.post(url, body)).statusCode).toBe(403);
      }
    }
    expect(await states([a.id])).toEqual([[null, null]]);
  });

  it('exports only the chosen contacts with filter[ids]', async () => {
    const a = await createContact({ name: 'Chosen Chloe' });
    await createContact({ name: 'Skipped Sam' });
    const csv = await admin.client.get(`/api/contacts/export?filter[ids]=${a.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Chosen Chloe');
    expect(csv.body).not.toContain('Skipped Sam');
  });
});
