import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { activityLog } from '../../db/schema';
import { agent, createUser, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createDeals, createPipelineWithStages, dealOrder } from '../../test/deals-funds';
import { addLookupValues } from '../../test/lookups';
import { draftOpportunityFromDeal } from './promotion';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let pipelineId: number;
let stageIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Owner Olga' });
  await addLookupValues(t, 'industries', ['Robotics', 'Fintech']);
  const { pipeline, stages } = await createPipelineWithStages(t, 'Deals', ['Sourced', 'Diligence', 'Committee']);
  pipelineId = pipeline.id;
  stageIds = stages.map((s) => s.id);
});
afterAll(() => t.close());

const del = (client: typeof admin.client, id: number) => client.request({ method: 'DELETE', url: `/api/pipeline-deals/${id}` });

describe('creating and editing deals', () => {
  it('creates a deal at the end of the first stage, sanitising rich text, and logs it', async () => {
    await createDeals(t, { id: stageIds[0], pipelineId }, ['Earlier Ltd']);
    const response = await admin.client.post('/api/pipeline-deals', {
      pipeline_id: pipelineId,
      company_name: 'Brightwater Robotics',
      owner_id: admin.user.id,
      source: 'Angel referral',
      amount_sought: '750000',
      pre_money_valuation: 3_250_000.5,
      industry: 'Robotics',
      summary: 'Warehouse picking robots.',
      key_information: '<p onclick="x()">Strong team<script>alert(1)</script></p>',
      key_dates: [{ label: 'IC meeting', date: '2026-03-14' }],
      performance_notes: '<p>ARR £1.2m</p>',
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      stage_id: stageIds[0],
      position: 1,
      amount_sought: '750000.00',
      pre_money_valuation: '3250000.50',
      currency: 'GBP',
    });
    expect(data.key_information).toBe('<p>Strong team</p>');
    expect(data.key_dates).toEqual([{ label: 'IC meeting', date: '2026-03-14' }]);
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'pipeline_deal'), eq(activityLog.subjectId, String(data.id))));
    expect(logs.map((l) => l.action)).toEqual(['created']);
  });

  it('accepts the FormData form, key dates as JSON text', async () => {
    const form = new FormData();
    form.append('pipeline_id', String(pipelineId));
    form.append('stage_id', String(stageIds[2]));
    form.append('company_name', 'Formdata Foods');
    form.append('key_dates', JSON.stringify([{ label: 'Close', date: '2026-06-30' }]));
    const response = await admin.client.post('/api/pipeline-deals', form);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ stage_id: stageIds[2], key_dates: [{ label: 'Close', date: '2026-06-30' }] });
  });

  it('answers 422 on the field at fault', async () => {
    const investor = await createUser(t.ctx, { roleId: Role.User });
    const { stages: elsewhere } = await createPipelineWithStages(t, 'Elsewhere', ['X']);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ pipeline_id: pipelineId }, 'company_name'],
      [{ pipeline_id: pipelineId, company_name: 'A', amount_sought: '10.005' }, 'amount_sought'],
      [{ pipeline_id: pipelineId, company_name: 'A', amount_sought: '-5' }, 'amount_sought'],
      [{ pipeline_id: pipelineId, company_name: 'A', currency: 'XYZ' }, 'currency'],
      [{ pipeline_id: pipelineId, company_name: 'A', key_dates: [{ label: 'x', date: '2026-02-30' }] }, 'key_dates.0.date'],
      [{ pipeline_id: pipelineId, company_name: 'A', owner_id: investor.id }, 'owner_id'],
      [{ pipeline_id: pipelineId, company_name: 'A', stage_id: elsewhere[0].id }, 'stage_id'],
      [{ pipeline_id: 999999, company_name: 'A' }, 'pipeline_id'],
      [{ company_name: 'A' }, 'pipeline_id'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/pipeline-deals', payload);
      expect({ field, status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
        field,
        status: 422,
        errors: [field],
      });
    }
  });

  it('shows a deal with its owner, stage and pipeline, and 404s a missing one', async () => {
    const [deal] = await createDeals(t, { id: stageIds[1], pipelineId }, ['Shown Ltd'], { ownerId: admin.user.id });
    const body = (await admin.client.get(`/api/pipeline-deals/${deal.id}?include=owner,stage,pipeline`)).json();
    expect(body.data).toMatchObject({
      company_name: 'Shown Ltd',
      owner: { name: 'Owner Olga' },
      stage: { name: 'Diligence' },
      pipeline: { name: 'Deals' },
    });
    expect((await admin.client.get('/api/pipeline-deals/999999')).statusCode).toBe(404);
    expect((await admin.client.get(`/api/pipeline-deals/${deal.id}?include=secrets`)).statusCode).toBe(400);
  });

  it('updates fields, and a stage change puts the deal at the end of the new stage', async () => {
    const { stages } = await createPipelineWithStages(t, 'Edit', ['A', 'B']);
    const [first] = await createDeals(t, stages[0], ['First', 'Second']);
    await createDeals(t, stages[1], ['Third']);
    const response = await admin.client.patch(`/api/pipeline-deals/${first.id}`, {
      stage_id: stages[1].id,
      amount_sought: '1000',
      industry: '',
    });
    expect(response.json().data).toMatchObject({ stage_id: stages[1].id, position: 1, amount_sought: '1000.00', industry: null });
    expect(await dealOrder(t, stages[0].id)).toEqual(['Second']);
    expect(await dealOrder(t, stages[1].id)).toEqual(['Third', 'First']);
    expect((await admin.client.patch(`/api/pipeline-deals/${first.id}`, { company_name: '' })).statusCode).toBe(422);
  });

  it('deletes a deal softly and closes the gap in its stage', async () => {
    const { stages } = await createPipelineWithStages(t, 'Delete', ['A']);
    const [, middle] = await createDeals(t, stages[0], ['One', 'Two', 'Three']);
    expect((await del(admin.client, middle.id)).statusCode).toBe(204);
    expect(await dealOrder(t, stages[0].id)).toEqual(['One', 'Three']);
    expect((await admin.client.get(`/api/pipeline-deals/${middle.id}`)).statusCode).toBe(404);
    expect((await del(admin.client, middle.id)).statusCode).toBe(404);
  });

  it('hands the data a Draft opportunity carries over on promotion', async () => {
    const [deal] = await createDeals(t, { id: stageIds[0], pipelineId }, ['Promoted plc'], {
      amountSought: '500000.00',
      industry: 'Fintech',
      keyInformation: '<p>Why</p>',
    });
    expect(await draftOpportunityFromDeal(t.db, deal.id)).toMatchObject({
      source_deal_id: deal.id,
      name: 'Promoted plc',
      target_raise: '500000.00',
      industry: 'Fintech',
      description: '<p>Why</p>',
      currency: 'GBP',
    });
  });
});

describe('GET /api/pipeline-deals (table view)', () => {
  let listStage: number;
  beforeAll(async () => {
    const { stages } = await createPipelineWithStages(t, 'Listing', ['Only']);
    listStage = stages[0].id;
    const owner = await createUser(t.ctx, { roleId: Role.FundManager });
    await createDeals(t, stages[0], ['Zeta 50%', 'Alpha', 'Mid'], { industry: 'Health' });
    await createDeals(t, stages[0], ['Owned'], { ownerId: owner.id, amountSought: '10.00', industry: 'Energy' });
  });

  it('filters by stage, industry, owner and search, and sorts', async () => {
    const byStage = (await admin.client.get(`/api/pipeline-deals?filter[stage_id]=${listStage}&sort=company_name`)).json();
    expect(byStage.data.map((d: { company_name: string }) => d.company_name)).toEqual(['Alpha', 'Mid', 'Owned', 'Zeta 50%']);
    const health = (
      await admin.client.get(`/api/pipeline-deals?filter[stage_id]=${listStage}&filter[industry]=Health&sort=-company_name&per_page=2`)
    ).json();
    expect(health.data.map((d: { company_name: string }) => d.company_name)).toEqual(['Zeta 50%', 'Mid']);
    expect(health.meta.total).toBe(3);
    expect((await admin.client.get(`/api/pipeline-deals?filter[stage_id]=${listStage}&filter[search]=50%25`)).json().meta.total).toBe(1);
    const fields = (
      await admin.client.get(
        `/api/pipeline-deals?filter[stage_id]=${listStage}&filter[industry]=Energy&fields[pipeline_deals]=company_name,amount_sought`,
      )
    ).json();
    expect(fields.data).toEqual([{ id: expect.any(Number), company_name: 'Owned', amount_sought: '10.00' }]);
  });

  it.each([['filter[colour]=red'], ['filter[owner_id]=abc'], ['sort=secret'], ['include=everything'], ['per_page=500']])(
    'answers 400 for %s',
    async (query) => {
      expect((await admin.client.get(`/api/pipeline-deals?${query}`)).statusCode).toBe(400);
    },
  );
});

describe('deal permissions', () => {
  it('answers 401 logged out and 403 for each action a role lacks (walking can())', async () => {
    expect((await agent(t.app).get('/api/pipeline-deals')).statusCode).toBe(401);
    const { stages } = await createPipelineWithStages(t, 'Permissions', ['A', 'B']);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const [deal] = await createDeals(t, stages[0], [`Deal for role ${roleId}`]);
      const status = {
        index: (await client.get('/api/pipeline-deals?per_page=1')).statusCode,
        show: (await client.get(`/api/pipeline-deals/${deal.id}`)).statusCode,
        board: (await client.get(`/api/pipelines/${stages[0].pipelineId}/board`)).statusCode,
        column: (await client.get(`/api/pipelines/${stages[0].pipelineId}/board/stages/${stages[0].id}/deals`)).statusCode,
        create: (await client.post('/api/pipeline-deals', { pipeline_id: stages[0].pipelineId, company_name: 'New' })).statusCode,
        update: (await client.patch(`/api/pipeline-deals/${deal.id}`, { source: 'x' })).statusCode,
        move: (await client.post(`/api/pipeline-deals/${deal.id}/move`, { stage_id: stages[1].id })).statusCode,
        delete: (await del(client, deal.id)).statusCode,
      };
      const expected = (action: 'index' | 'show' | 'create' | 'update' | 'delete', ok: number) => (can(roleId, 'deals', action) ? ok : 403);
      expect({ roleId, ...status }).toEqual({
        roleId,
        index: expected('index', 200),
        show: expected('show', 200),
        board: expected('index', 200),
        column: expected('index', 200),
        create: expected('create', 201),
        update: expected('update', 200),
        move: expected('update', 200),
        delete: expected('delete', 204),
      });
    }
  });
});
