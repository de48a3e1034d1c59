import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let manager: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  manager = await signedIn(t, Role.InvestmentManager);
});
afterAll(() => t.close());

const on = (id: number) => `filter[subject_type]=opportunity&filter[subject_id]=${id}`;

describe('the Investment Manager and the notes of existing investments (spec §2.2)', () => {
  it('refuses notes, call logs and tasks of an existing investment, but not its documents nor a live one’s notes', async () => {
    const existing = await createOpportunityRow(t, { status: 5 });
    const live = await createOpportunityRow(t, { status: 2 });
    const note = (
      await admin.client.post('/api/notes', { subject_type: 'opportunity', subject_id: existing.id, body: '<p>Board seat discussed</p>' })
    ).json().data;
    await admin.client.post('/api/notes', { subject_type: 'opportunity', subject_id: live.id, body: '<p>Open question</p>' });

    for (const path of ['/api/notes', '/api/call-logs', '/api/tasks']) {
      expect((await manager.client.get(`${path}?${on(existing.id)}`)).statusCode, path).toBe(403);
      expect((await admin.client.get(`${path}?${on(existing.id)}`)).statusCode, path).toBe(200);
    }
    expect((await manager.client.get(`/api/notes/${note.id}`)).statusCode).toBe(403);
    expect((await manager.client.get(`/api/documents?${on(existing.id)}`)).statusCode).toBe(200);
    const liveNotes = await manager.client.get(`/api/notes?${on(live.id)}`);
    expect(liveNotes.statusCode).toBe(200);
    expect(liveNotes.json().data).toHaveLength(1);
  });
});
