import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Sam Staff' });
});
afterAll(() => t.close());

describe('Q&A on an opportunity', () => {
  it('lets an investor ask, staff answer, and other investors read without seeing who asked', async () => {
    const row = await createOpportunityRow(t, { status: 2 });
    const asker = await signedIn(t, Role.User, { name: 'Ada Asker' });
    const reader = await signedIn(t, Role.User, { name: 'Rita Reader' });
    const asked = await asker.client.post(`/api/investment-opportunities/${row.id}/discussions`, {
      body: 'When does the round close? <script>x</script>',
    });
    expect(asked.statusCode).toBe(201);
    const questionId = asked.json().data.id;
    expect((await admin.client.post(`/api/discussions/${questionId}/replies`, { body: 'On 30 June.' })).statusCode).toBe(201);
    expect((await reader.client.post(`/api/discussions/${questionId}/replies`, { body: 'Me too' })).statusCode).toBe(404);
    expect((await asker.client.post(`/api/discussions/${questionId}/replies`, { body: 'Thanks!' })).statusCode).toBe(201);

    const seenByReader = (await reader.client.get(`/api/investment-opportunities/${row.id}/discussions`)).json().data;
    expect(seenByReader).toHaveLength(1);
    expect(seenByReader[0]).toMatchObject({
      body: 'When does the round close? <script>x</script>',
      author: { name: 'An investor', staff: false },
    });
    expect(seenByReader[0].replies.map((r: { author: { name: string }; body: string }) => [r.author.name, r.body])).toEqual([
      ['Sam Staff', 'On 30 June.'],
      ['An investor', 'Thanks!'],
    ]);
    const seenByAsker = (await asker.client.get(`/api/investment-opportunities/${row.id}/discussions`)).json().data;
    expect(seenByAsker[0].author.name).toBe('Ada Asker');
    const seenByStaff = (await admin.client.get(`/api/investment-opportunities/${row.id}/discussions`)).json().data;
    expect(seenByStaff[0].author.name).toBe('Ada Asker');
  });

  it('answers 401, 404 for what an investor cannot see, 403 for staff without the permission, 422 for an empty post', async () => {
    const draft = await createOpportunityRow(t, { status: 1 });
    const investor = await signedIn(t, Role.User);
    expect((await agent(t.app).get(`/api/investment-opportunities/${draft.id}/discussions`)).statusCode).toBe(401);
    expect((await investor.client.get(`/api/investment-opportunities/${draft.id}/discussions`)).statusCode).toBe(404);
    expect((await investor.client.post(`/api/investment-opportunities/${draft.id}/discussions`, { body: 'Hello?' })).statusCode).toBe(404);
    const adviser = await signedIn(t, Role.Adviser);
    expect((await adviser.client.get(`/api/investment-opportunities/${draft.id}/discussions`)).statusCode).toBe(403);
    const live = await createOpportunityRow(t, { status: 2 });
    const empty = await investor.client.post(`/api/investment-opportunities/${live.id}/discussions`, { body: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body).toEqual(['Write your question or answer.']);
  });
});
