import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLE_IDS, Role, type WipReport } from '@platform/domain';
import { activityLog, tasks, notes } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createDeals, createPipelineWithStages, parseCsvExport } from '../../test/deals-funds';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';
import { daysBetween } from './service';

const NOW = new Date('2030-03-15T12:00:00Z');
const clock = fixedClock(NOW);
const daysAgo = (days: number, hours = 0) => new Date(NOW.getTime() - days * 86_400_000 - hours * 3_600_000);

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let ownerId: number;
let otherOwnerId: number;
let ids: { acme: number; beta: number; gamma: number; promoted: number; draft: number; live: number; closed: number; pipeline: number };

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
  ownerId = (await createUser(t.ctx, { roleId: Role.FundManager, name: 'Olive Owner' })).id;
  otherOwnerId = (await createUser(t.ctx, { roleId: Role.FundManager, name: 'Oscar Other' })).id;
  const { pipeline, stages } = await createPipelineWithStages(t, 'Seed pipeline', ['Sourcing', 'Diligence']);
  const second = await createPipelineWithStages(t, 'Another pipeline', ['Intro']);
  const [acme, beta] = await createDeals(t, stages[0], ['Acme Ltd', 'Beta Ltd'], {
    ownerId,
    amountSought: '250000.00',
    createdAt: daysAgo(40),
  });
  const [gamma, promoted] = await createDeals(t, stages[1], ['Gamma Ltd', 'Promoted Ltd'], {
    ownerId: otherOwnerId,
    amountSought: '100000.50',
    currency: 'EUR',
    createdAt: daysAgo(30),
  });
  await createDeals(t, second.stages[0], ['Elsewhere Ltd'], { createdAt: daysAgo(1) });
  const draft = await createOpportunityRow(t, { status: 1, name: 'Promoted Round', sourceDealId: promoted.id, createdAt: daysAgo(5) });
  const live = await createOpportunityRow(t, { status: 2, name: 'Live Round', committedAmount: '1500.00', createdAt: daysAgo(20) });
  const closed = await createOpportunityRow(t, { status: 4, name: 'Closed Round' });
  ids = {
    acme: acme.id,
    beta: beta.id,
    gamma: gamma.id,
    promoted: promoted.id,
    draft: draft.id,
    live: live.id,
    closed: closed.id,
    pipeline: pipeline.id,
  };

  // Acme moved into its stage 10 days and 6 hours ago (an earlier move and a reorder do not count).
  await t.db.insert(activityLog).values([
    { action: 'created', subjectType: 'pipeline_deal', subjectId: String(acme.id), createdAt: daysAgo(40) },
    {
      action: 'moved',
      subjectType: 'pipeline_deal',
      subjectId: String(acme.id),
      before: { stage_id: stages[1].id, position: 0 },
      after: { stage_id: stages[0].id, position: 1 },
      createdAt: daysAgo(10, 6),
    },
    {
      action: 'moved',
      subjectType: 'pipeline_deal',
      subjectId: String(acme.id),
      before: { stage_id: stages[0].id, position: 1 },
      after: { stage_id: stages[0].id, position: 0 },
      createdAt: daysAgo(2),
    },
    // The live opportunity went live 3 days ago.
    {
      action: 'status_changed',
      subjectType: 'opportunity',
      subjectId: String(live.id),
      before: { status: 1 },
      after: { status: 2 },
      createdAt: daysAgo(3),
    },
  ]);
  await t.db.insert(tasks).values([
    { subjectType: 'pipeline_deal', subjectId: acme.id, title: 'Undated follow-up', createdAt: daysAgo(9) },
    { subjectType: 'pipeline_deal', subjectId: acme.id, title: 'Call the founder', dueDate: '2030-03-20', createdAt: daysAgo(9) },
    {
      subjectType: 'pipeline_deal',
      subjectId: acme.id,
      title: 'Earlier but done',
      dueDate: '2030-03-01',
      status: 'done',
      completedAt: daysAgo(1),
    },
    {
      subjectType: 'pipeline_deal',
      subjectId: acme.id,
      title: 'Read the deck',
      dueDate: '2030-03-18',
      createdAt: daysAgo(8),
      updatedAt: daysAgo(8),
    },
  ]);
  await t.db
    .insert(notes)
    .values({ subjectType: 'opportunity', subjectId: live.id, body: '<p>Spoke to the lead.</p>', createdAt: daysAgo(0, 2) });
});

afterAll(async () => {
  await t?.close();
});

async function report(query = '', client = admin.client) {
  const response = await client.get(`/api/reports/wip${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: WipReport }>().data;
}

const item = (r: WipReport, kind: string, id: number) => r.groups.flatMap((g) => g.items).find((i) => i.kind === kind && i.id === id);

describe('the WIP report', () => {
  it('counts whole days', () => {
    expect(daysBetween(daysAgo(10, 6), NOW)).toBe(10);
    expect(daysBetween(daysAgo(0, 23), NOW)).toBe(0);
    expect(daysBetween(new Date(NOW.getTime() + 60_000), NOW)).toBe(0);
  });

  it('groups deals by pipeline stage and open opportunities by status, with totals per currency', async () => {
    const r = await report();
    expect(r.as_of).toBe(NOW.toISOString());
    expect(r.groups.map((g) => `${g.pipeline?.name ?? '-'}/${g.label}:${g.count}`)).toEqual([
      'Another pipeline/Intro:1',
      'Seed pipeline/Sourcing:2',
      'Seed pipeline/Diligence:1',
      '-/Draft:1',
      '-/Live - External:1',
    ]);
    const sourcing = r.groups.find((g) => g.label === 'Sourcing')!;
    expect(sourcing.totals).toEqual([{ currency: 'GBP', amount: '500000.00' }]);
    expect(r.groups.find((g) => g.label === 'Diligence')!.totals).toEqual([{ currency: 'EUR', amount: '100000.50' }]);
    // A promoted deal shows as its opportunity; a closed opportunity is not work in progress.
    expect(item(r, 'deal', ids.promoted)).toBeUndefined();
    expect(item(r, 'opportunity', ids.closed)).toBeUndefined();
    expect(item(r, 'opportunity', ids.draft)).toMatchObject({
      owner: { id: otherOwnerId, name: 'Oscar Other' },
      pipeline: { id: ids.pipeline, name: 'Seed pipeline' },
      amount_kind: 'committed',
      admin_path: `/admin/investments/opportunities/${ids.draft}/edit`,
    });
  });

  it('measures days in the current stage from the last stage change, else from creation', async () => {
    const r = await report();
    const acme = item(r, 'deal', ids.acme)!;
    expect(acme.days_in_stage).toBe(10);
    expect(acme.stage_entered_at).toBe(daysAgo(10, 6).toISOString());
    expect(item(r, 'deal', ids.beta)!.days_in_stage).toBe(40);
    expect(item(r, 'opportunity', ids.live)!.days_in_stage).toBe(3);
    expect(item(r, 'opportunity', ids.draft)!.days_in_stage).toBe(5);
    // The longest waiting first.
    expect(r.groups.find((g) => g.label === 'Sourcing')!.items.map((i) => i.name)).toEqual(['Beta Ltd', 'Acme Ltd']);
    // A day later by the clock (past the session's idle limit: a new sign-in), a day more.
    clock.advance(86_400_000);
    const later = await signedIn(t, Role.SuperAdmin);
    expect(item(await report('', later.client), 'deal', ids.acme)!.days_in_stage).toBe(11);
    clock.set(NOW);
  });

  it('shows the next open task and the last activity', async () => {
    const r = await report();
    const acme = item(r, 'deal', ids.acme)!;
    expect(acme.next_task).toMatchObject({ title: 'Read the deck', due_date: '2030-03-18' });
    expect(acme.last_activity_at).toBe(daysAgo(2).toISOString());
    expect(item(r, 'deal', ids.beta)!.next_task).toBeNull();
    expect(item(r, 'opportunity', ids.live)!.last_activity_at).toBe(daysAgo(0, 2).toISOString());
  });

  it('filters by owner and pipeline', async () => {
    const mine = await report(`?filter[owner_id]=${ownerId}`);
    expect(mine.groups.flatMap((g) => g.items).map((i) => i.name)).toEqual(['Beta Ltd', 'Acme Ltd']);
    const seed = await report(`?filter[pipeline_id]=${ids.pipeline}`);
    expect(seed.groups.flatMap((g) => g.items).map((i) => i.name)).toEqual(['Beta Ltd', 'Acme Ltd', 'Gamma Ltd', 'Promoted Round']);
  });

  it('refuses unknown and malformed filters', async () => {
    expect((await admin.client.get('/api/reports/wip?filter[owner_id]=abc')).statusCode).toBe(400);
    expect((await admin.client.get('/api/reports/wip?filter[stage]=1')).statusCode).toBe(400);
    expect((await admin.client.get('/api/reports/wip/export?format=pdf')).statusCode).toBe(400);
  });

  it('exports the same rows as CSV and Excel', async () => {
    const csv = await admin.client.get(`/api/reports/wip/export?filter[owner_id]=${ownerId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parseCsvExport(csv.body);
    expect(rows.map((r) => [r.Group, r.Name, r.Amount, r['Days in stage'], r['Next task']])).toEqual([
      ['Seed pipeline: Sourcing', 'Beta Ltd', '250000.00', '40', ''],
      ['Seed pipeline: Sourcing', 'Acme Ltd', '250000.00', '10', 'Read the deck'],
    ]);
    const xlsx = await admin.client.get('/api/reports/wip/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is for the roles the permission table gives wip reports to', async () => {
    expect((await agent(t.app).get('/api/reports/wip')).statusCode).toBe(401);
    expect((await agent(t.app).get('/api/reports/wip/export')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const expected = can(roleId, 'wip_reports', 'index') ? 200 : 403;
      expect((await client.get('/api/reports/wip')).statusCode, `role ${roleId}`).toBe(expected);
      expect((await client.get('/api/reports/wip/export')).statusCode, `role ${roleId} export`).toBe(expected);
    }
    expect(can(Role.FundManager, 'wip_reports', 'index')).toBe(true);
    expect(can(Role.Entrepreneur, 'wip_reports', 'index')).toBe(false);
  });
});
