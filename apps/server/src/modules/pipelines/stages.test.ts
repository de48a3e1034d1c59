import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createDeals, createPipelineWithStages, dealOrder } from '../../test/deals-funds';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>['client'];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, Role.SuperAdmin)).client;
});
afterAll(() => t.close());

const names = (body: { data: Array<{ name: string }> }) => body.data.map((s) => s.name);
const stagesOf = async (pipelineId: number) => (await admin.get(`/api/pipeline-stages?filter[pipeline_id]=${pipelineId}`)).json();
const del = (url: string, payload?: object) => admin.request({ method: 'DELETE', url, payload });

describe('stages', () => {
  it('adds a stage at a position, moving the later ones down, or at the end', async () => {
    const { pipeline } = await createPipelineWithStages(t, 'Insert', ['A', 'B', 'C']);
    const created = await admin.post('/api/pipeline-stages', { pipeline_id: pipeline.id, name: 'Between', position: 1 });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Between', position: 1, deals_count: 0 });
    await admin.post('/api/pipeline-stages', { pipeline_id: pipeline.id, name: 'Last', position: 99 });
    const body = await stagesOf(pipeline.id);
    expect(names(body)).toEqual(['A', 'Between', 'B', 'C', 'Last']);
    expect(body.data.map((s: { position: number }) => s.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('answers 422 for a bad stage and 400 for a bad filter', async () => {
    const response = await admin.post('/api/pipeline-stages', { pipeline_id: 999999, name: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.name).toBeDefined();
    expect((await admin.post('/api/pipeline-stages', { pipeline_id: 999999, name: 'x' })).json().errors.pipeline_id).toBeDefined();
    expect((await admin.get('/api/pipeline-stages?filter[pipeline_id]=abc')).statusCode).toBe(400);
    expect((await admin.get('/api/pipeline-stages?sort=colour')).statusCode).toBe(400);
  });

  it('renames a stage', async () => {
    const { stages } = await createPipelineWithStages(t, 'Rename', ['Old']);
    expect((await admin.patch(`/api/pipeline-stages/${stages[0].id}`, { name: 'New' })).json().data.name).toBe('New');
    expect((await admin.get(`/api/pipeline-stages/${stages[0].id}`)).json().data.name).toBe('New');
    expect((await admin.patch(`/api/pipeline-stages/${stages[0].id}`, { name: '' })).statusCode).toBe(422);
  });

  it('reorders every stage in one call, and refuses a list that is not exactly the stages', async () => {
    const { pipeline, stages } = await createPipelineWithStages(t, 'Reorder', ['A', 'B', 'C']);
    const [a, b, c] = stages.map((s) => s.id);
    const response = await admin.post('/api/pipeline-stages/reorder', { pipeline_id: pipeline.id, stage_ids: [c, a, b] });
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual(['C', 'A', 'B']);
    for (const bad of [
      [c, a],
      [c, a, b, b],
      [c, a, 999999],
    ]) {
      const refused = await admin.post('/api/pipeline-stages/reorder', { pipeline_id: pipeline.id, stage_ids: bad });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.stage_ids).toBeDefined();
    }
    expect(names(await stagesOf(pipeline.id))).toEqual(['C', 'A', 'B']);
  });

  it('deletes an empty stage and closes the gap', async () => {
    const { pipeline, stages } = await createPipelineWithStages(t, 'Delete empty', ['A', 'B', 'C']);
    expect((await del(`/api/pipeline-stages/${stages[1].id}`)).statusCode).toBe(204);
    const body = await stagesOf(pipeline.id);
    expect(names(body)).toEqual(['A', 'C']);
    expect(body.data.map((s: { position: number }) => s.position)).toEqual([0, 1]);
    expect((await admin.get(`/api/pipeline-stages/${stages[1].id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a stage holding deals without a target, and moves them to the end of the target with one', async () => {
    const { stages } = await createPipelineWithStages(t, 'Delete full', ['A', 'B']);
    const { stages: elsewhere } = await createPipelineWithStages(t, 'Other pipeline', ['X']);
    await createDeals(t, stages[0], ['One', 'Two']);
    await createDeals(t, stages[1], ['Three']);
    const refused = await del(`/api/pipeline-stages/${stages[0].id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.target_stage_id[0]).toContain('2 deal(s)');
    for (const target of [elsewhere[0].id, stages[0].id, 999999]) {
      expect((await del(`/api/pipeline-stages/${stages[0].id}`, { target_stage_id: target })).json().errors.target_stage_id).toBeDefined();
    }
    expect((await del(`/api/pipeline-stages/${stages[0].id}?target_stage_id=${stages[1].id}`)).statusCode).toBe(204);
    expect(await dealOrder(t, stages[1].id)).toEqual(['Three', 'One', 'Two']);
  });

  it('answers 401, and 403 to every role without the settings permission for each write', async () => {
    const { pipeline, stages } = await createPipelineWithStages(t, 'Guarded stages', ['A']);
    expect((await agent(t.app).get('/api/pipeline-stages')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const read = (await client.get(`/api/pipeline-stages/${stages[0].id}`)).statusCode;
      expect({ roleId, read }).toEqual({
        roleId,
        read: can(roleId, 'settings_pipelines', 'show') || can(roleId, 'deals', 'show') ? 200 : 403,
      });
      if (can(roleId, 'settings_pipelines', 'update')) continue;
      expect((await client.post('/api/pipeline-stages', { pipeline_id: pipeline.id, name: 'x' })).statusCode).toBe(403);
      expect((await client.patch(`/api/pipeline-stages/${stages[0].id}`, { name: 'x' })).statusCode).toBe(403);
      expect((await client.post('/api/pipeline-stages/reorder', { pipeline_id: pipeline.id, stage_ids: [stages[0].id] })).statusCode).toBe(
        403,
      );
      expect((await client.request({ method: 'DELETE', url: `/api/pipeline-stages/${stages[0].id}` })).statusCode).toBe(403);
    }
  });
});
