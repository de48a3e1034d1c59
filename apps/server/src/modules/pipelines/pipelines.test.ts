import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { activityLog } from '../../db/schema';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createDeals, createPipelineWithStages } from '../../test/deals-funds';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let clients: Map<number, Awaited<ReturnType<typeof signedIn>>['client']>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  clients = new Map();
  for (const roleId of ROLE_IDS) clients.set(roleId, (await signedIn(t, roleId)).client);
});
afterAll(() => t.close());

describe('GET /api/pipelines', () => {
  it('lists live pipelines with their stages in order and deal counts', async () => {
    const { stages } = await createPipelineWithStages(t, 'Alpha listing', ['Sourced', 'Screening']);
    await createDeals(t, stages[1], ['Acme', 'Birch']);
    const body = (await admin.client.get('/api/pipelines?include=stages&filter[search]=alpha')).json();
    expect(body.meta.total).toBe(1);
    expect(
      body.data[0].stages.map((s: { name: string; position: number; deals_count: number }) => [s.name, s.position, s.deals_count]),
    ).toEqual([
      ['Sourced', 0, 0],
      ['Screening', 1, 2],
    ]);
  });

  it.each([['filter[colour]=red'], ['sort=secret'], ['include=deals'], ['fields[pipelines]=password']])(
    'answers 400 for %s',
    async (query) => {
      expect((await admin.client.get(`/api/pipelines?${query}`)).statusCode).toBe(400);
    },
  );

  it('matches search text literally: % is not a wildcard', async () => {
    expect((await admin.client.get('/api/pipelines?filter[search]=%25')).json().meta.total).toBe(0);
  });

  it('answers 401 logged out and 403 to roles that see neither pipelines settings nor deals', async () => {
    expect((await agent(t.app).get('/api/pipelines')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const allowed = can(roleId, 'settings_pipelines', 'index') || can(roleId, 'deals', 'index');
      expect({ roleId, status: (await clients.get(roleId)!.get('/api/pipelines')).statusCode }).toEqual({
        roleId,
        status: allowed ? 200 : 403,
      });
    }
  });
});

describe('creating, renaming and deleting pipelines', () => {
  it('creates a pipeline with stages and logs it', async () => {
    const response = await admin.client.post('/api/pipelines', { name: 'Seed deals', stages: ['New', 'Diligence', 'Committee'] });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.stages.map((s: { name: string }) => s.name)).toEqual(['New', 'Diligence', 'Committee']);
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'pipeline'), eq(activityLog.subjectId, String(data.id))));
    expect(logs.map((l) => l.action)).toEqual(['created']);
    expect((await admin.client.get(`/api/pipelines/${data.id}`)).json().data.name).toBe('Seed deals');
  });

  it('answers 422 with field errors', async () => {
    const response = await admin.client.post('/api/pipelines', { name: '  ', stages: ['ok', ''] });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['name', 'stages.1']);
    expect((await admin.client.post('/api/pipelines', { name: 'x', colour: 'red' })).statusCode).toBe(422);
  });

  it('renames by PATCH or by form POST with _method=PATCH', async () => {
    const { pipeline } = await createPipelineWithStages(t, 'Old name', []);
    expect((await admin.client.patch(`/api/pipelines/${pipeline.id}`, { name: 'New name' })).json().data.name).toBe('New name');
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('name', 'Form name');
    expect((await admin.client.post(`/api/pipelines/${pipeline.id}`, form)).json().data.name).toBe('Form name');
    expect((await admin.client.patch(`/api/pipelines/${pipeline.id}`, { name: '' })).statusCode).toBe(422);
    expect((await admin.client.patch('/api/pipelines/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await admin.client.get('/api/pipelines/abc')).statusCode).toBe(400);
  });

  it('refuses to delete a pipeline that holds deals, then deletes it once empty', async () => {
    const { pipeline, stages } = await createPipelineWithStages(t, 'Doomed', ['Only']);
    const [deal] = await createDeals(t, stages[0], ['Keeper']);
    const refused = await admin.client.request({ method: 'DELETE', url: `/api/pipelines/${pipeline.id}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.pipeline[0]).toContain('1 deal');
    expect((await admin.client.request({ method: 'DELETE', url: `/api/pipeline-deals/${deal.id}` })).statusCode).toBe(204);
    expect((await admin.client.request({ method: 'DELETE', url: `/api/pipelines/${pipeline.id}` })).statusCode).toBe(204);
    expect((await admin.client.get(`/api/pipelines/${pipeline.id}`)).statusCode).toBe(404);
  });

  it('answers 403 to every role without the settings permission for each write', async () => {
    const { pipeline } = await createPipelineWithStages(t, 'Guarded', []);
    for (const roleId of ROLE_IDS) {
      const client = clients.get(roleId)!;
      const create = (await client.post('/api/pipelines', { name: 'x' })).statusCode;
      const update = (await client.patch(`/api/pipelines/${pipeline.id}`, { name: 'y' })).statusCode;
      const remove = can(roleId, 'settings_pipelines', 'delete')
        ? 403
        : (await client.request({ method: 'DELETE', url: `/api/pipelines/${pipeline.id}` })).statusCode;
      expect({ roleId, create, update, remove }).toEqual({
        roleId,
        create: can(roleId, 'settings_pipelines', 'create') ? 201 : 403,
        update: can(roleId, 'settings_pipelines', 'update') ? 200 : 403,
        remove: 403,
      });
    }
  });
});
