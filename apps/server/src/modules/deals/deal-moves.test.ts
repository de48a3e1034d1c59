import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { pipelineDeals } from '../../db/schema';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createDeals, createPipelineWithStages, dealOrder } from '../../test/deals-funds';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Board Owner' });
});
afterAll(() => t.close());

const move = (id: number, body: Record<string, unknown>) => admin.client.post(`/api/pipeline-deals/${id}/move`, body);

async function board(names: string[], perStage: string[][]) {
  const { pipeline, stages } = await createPipelineWithStages(t, `Board ${Math.random()}`, names);
  const deals = [];
  for (const [i, list] of perStage.entries()) deals.push(...(await createDeals(t, stages[i], list)));
  const byName = Object.fromEntries(deals.map((d) => [d.companyName, d.id]));
  return { pipeline, stages, byName };
}

describe('POST /api/pipeline-deals/{id}/move', () => {
  it('moves a deal down and up within its stage', async () => {
    const { stages, byName } = await board(['A'], [['a', 'b', 'c', 'd']]);
    expect((await move(byName.a, { stage_id: stages[0].id, position: 2 })).json().data.position).toBe(2);
    expect(await dealOrder(t, stages[0].id)).toEqual(['b', 'c', 'a', 'd']);
    await move(byName.d, { stage_id: stages[0].id, position: 0 });
    expect(await dealOrder(t, stages[0].id)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('moves a deal to a place in another stage, or to its end', async () => {
    const { stages, byName } = await board(
      ['A', 'B'],
      [
        ['a', 'b'],
        ['x', 'y'],
      ],
    );
    await move(byName.a, { stage_id: stages[1].id, position: 1 });
    expect(await dealOrder(t, stages[0].id)).toEqual(['b']);
    expect(await dealOrder(t, stages[1].id)).toEqual(['x', 'a', 'y']);
    const response = await move(byName.b, { stage_id: stages[1].id, position: 50 });
    expect(response.json().data).toMatchObject({ stage_id: stages[1].id, position: 3 });
    expect(await dealOrder(t, stages[0].id)).toEqual([]);
    await move(byName.y, { stage_id: stages[0].id });
    expect(await dealOrder(t, stages[0].id)).toEqual(['y']);
  });

  it('moves a deal into another pipeline', async () => {
    const { stages, byName } = await board(['A'], [['a', 'b']]);
    const other = await board(['Z'], [['z']]);
    const response = await move(byName.a, { stage_id: other.stages[0].id, position: 0 });
    expect(response.json().data).toMatchObject({ pipeline_id: other.pipeline.id, stage_id: other.stages[0].id, position: 0 });
    expect(await dealOrder(t, other.stages[0].id)).toEqual(['a', 'z']);
    expect(await dealOrder(t, stages[0].id)).toEqual(['b']);
  });

  it('answers 422 for a missing stage or bad position, 404 for a missing deal', async () => {
    const { stages, byName } = await board(['A'], [['a']]);
    expect((await move(byName.a, { stage_id: 999999 })).json().errors.stage_id).toBeDefined();
    expect((await move(byName.a, { stage_id: stages[0].id, position: -1 })).json().errors.position).toBeDefined();
    expect((await move(byName.a, {})).json().errors.stage_id).toBeDefined();
    expect((await move(999999, { stage_id: stages[0].id })).statusCode).toBe(404);
  });

  it('keeps positions dense and unique under 20 concurrent moves', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `d${i}`);
    const { stages, byName } = await board(['A', 'B', 'C'], [names.slice(0, 6), names.slice(6, 10), names.slice(10)]);
    const moves = Array.from({ length: 20 }, (_, i) =>
      move(byName[names[(i * 7) % names.length]], { stage_id: stages[i % 3].id, position: (i * 5) % 4 }),
    );
    const statuses = (await Promise.all(moves)).map((r) => r.statusCode);
    expect(statuses).toEqual(Array(20).fill(200));
    const seen: string[] = [];
    for (const stage of stages) seen.push(...(await dealOrder(t, stage.id)));
    expect(seen.sort()).toEqual([...names].sort());
  });
});

describe('GET /api/pipelines/{id}/board', () => {
  it('answers the stages in order with their deals in order, as cards with owners', async () => {
    const { pipeline, stages, byName } = await board(['First', 'Second', 'Empty'], [['a', 'b'], ['c']]);
    await t.db.update(pipelineDeals).set({ ownerId: admin.user.id, amountSought: '2500.00' }).where(eq(pipelineDeals.id, byName.b));
    await move(byName.c, { stage_id: stages[0].id, position: 0 });
    const response = await admin.client.get(`/api/pipelines/${pipeline.id}/board`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.stages.map((s: { name: string; deals_count: number }) => [s.name, s.deals_count])).toEqual([
      ['First', 3],
      ['Second', 0],
      ['Empty', 0],
    ]);
    expect(data.stages[0].deals.map((d: { company_name: string; position: number }) => [d.company_name, d.position])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    expect(data.stages[0].deals[2]).toMatchObject({
      owner: { id: admin.user.id, name: 'Board Owner' },
      amount_sought: '2500.00',
      currency: 'GBP',
    });
  });

  it('leaves out deleted deals, answers 404 for a missing pipeline and 400 for parameters', async () => {
    const { pipeline, stages, byName } = await board(['Only'], [['keep', 'gone']]);
    await t.db
      .update(pipelineDeals)
      .set({ deletedAt: new Date(), position: null })
      .where(and(eq(pipelineDeals.id, byName.gone), isNull(pipelineDeals.deletedAt)));
    const { data } = (await admin.client.get(`/api/pipelines/${pipeline.id}/board`)).json();
    expect(data.stages[0].deals.map((d: { company_name: string }) => d.company_name)).toEqual(['keep']);
    expect(stages).toHaveLength(1);
    expect((await admin.client.get('/api/pipelines/999999/board')).statusCode).toBe(404);
    expect((await admin.client.get(`/api/pipelines/${pipeline.id}/board?page=2`)).statusCode).toBe(400);
  });
});
