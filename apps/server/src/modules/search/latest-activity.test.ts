import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type LatestActivity } from '@platform/domain';
import { eq } from 'drizzle-orm';
import { activityLog, pipelineDeals } from '../../db/schema';
import { createDeals, createPipelineWithStages } from '../../test/deals-funds';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let dealId: number;
let investorId: number;

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute));

async function feed(client: ReturnType<typeof agent>, query = ''): Promise<LatestActivity[]> {
  const response = await client.get(`/api/activity/latest${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const sentence = (entry: LatestActivity) =>
  [entry.actor?.name ?? 'The system', entry.verb, entry.subject.name, entry.detail].filter(Boolean).join(' ');

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Ada Admin' });
  const { stages } = await createPipelineWithStages(t, 'Feed pipeline', ['Sourcing', 'Due diligence']);
  const [deal, gone] = await createDeals(t, stages[0], ['Brightwater', 'Gone Ltd']);
  dealId = deal.id;
  const investor = await createUser(t.ctx, { name: 'Ivy Investor' });
  investorId = investor.id;
  const staff = await createUser(t.ctx, { name: 'Sam Staff', roleId: Role.Adviser });
  const actorId = admin.user.id;
  await t.db.insert(activityLog).values([
    { actorId, action: 'created', subjectType: 'pipeline_deal', subjectId: String(deal.id), createdAt: at(1) },
    { actorId, action: 'updated', subjectType: 'user', subjectId: String(investor.id), createdAt: at(2) },
    // A staff account, the settings, a sign-in and a record since deleted are not news for the dashboard.
    { actorId, action: 'updated', subjectType: 'user', subjectId: String(staff.id), createdAt: at(3) },
    { actorId, action: 'updated', subjectType: 'settings', subjectId: '1', createdAt: at(4) },
    { actorId: investor.id, action: 'logged_in', subjectType: 'user', subjectId: String(investor.id), createdAt: at(5) },
    { actorId, action: 'created', subjectType: 'pipeline_deal', subjectId: String(gone.id), createdAt: at(6) },
    { actorId, action: 'note_created', subjectType: 'investor', subjectId: String(investor.id), createdAt: at(7) },
    {
      actorId,
      action: 'moved',
      subjectType: 'pipeline_deal',
      subjectId: String(deal.id),
      before: { stage_id: stages[0].id, position: 0 },
      after: { stage_id: stages[1].id, position: 0 },
      createdAt: at(8),
    },
  ]);
  await t.db.update(pipelineDeals).set({ deletedAt: new Date(), position: null }).where(eq(pipelineDeals.id, gone.id));
});

afterAll(() => t.close());

describe('GET /api/activity/latest', () => {
  it('asks for a session and refuses investors', async () => {
    expect((await agent(t.app).get('/api/activity/latest')).statusCode).toBe(401);
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.get('/api/activity/latest')).statusCode).toBe(403);
    expect((await admin.client.get('/api/activity/latest?limit=0')).statusCode).toBe(400);
    expect((await admin.client.get('/api/activity/latest?limit=51')).statusCode).toBe(400);
  });

  it('tells the newest changes to records as sentences linked to them', async () => {
    const entries = await feed(admin.client);
    expect(entries.map(sentence)).toEqual([
      'Ada Admin moved Brightwater to Due diligence',
      'Ada Admin added a note to Ivy Investor',
      'Ada Admin updated Ivy Investor',
      'Ada Admin created Brightwater',
    ]);
    expect(entries[0].subject.href).toBe(`/admin/investments/deals/${dealId}/edit`);
    expect(entries[1].subject).toMatchObject({ type: 'investor', href: `/admin/investors/${investorId}/details` });
    expect(entries[0].created_at).toBe(at(8).toISOString());
    expect((await feed(admin.client, '?limit=2')).map((e) => e.id)).toEqual(entries.slice(0, 2).map((e) => e.id));
  });

  it("leaves investors' records out for a role without the investors area", async () => {
    const entrepreneur = await signedIn(t, Role.Entrepreneur);
    expect((await feed(entrepreneur.client)).map(sentence)).toEqual([
      'Ada Admin moved Brightwater to Due diligence',
      'Ada Admin created Brightwater',
    ]);
    const custodian = await signedIn(t, Role.Custodian);
    expect(await feed(custodian.client)).toEqual([]);
  });
});
