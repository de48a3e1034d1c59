import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { type BoardColumnPage, type DealBoard, Role } from '@platform/domain';
import { pipelineStages } from '../../db/schema';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createDeals, createPipelineWithStages, dealOrder } from '../../test/deals-funds';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Column Owner' });
});
afterAll(() => t.close());

const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);

async function getBoard(pipelineId: number, query = ''): Promise<DealBoard> {
  const response = await admin.client.get(`/api/pipelines/${pipelineId}/board${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function getColumn(pipelineId: number, stageId: number, query: string): Promise<BoardColumnPage> {
  const response = await admin.client.get(`/api/pipelines/${pipelineId}/board/stages/${stageId}/deals${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Every card of a column, walking its cursor from the board's first page to the end. */
async function walkColumn(pipelineId: number, stage: DealBoard['stages'][number], limit: number) {
  const seen = stage.deals.map((d) => d.company_name);
  let after = stage.next_after;
  while (after !== null) {
    const page = await getColumn(pipelineId, stage.id, `?after=${after}&limit=${limit}`);
    expect(page.meta.deals_count).toBe(stage.deals_count);
    expect(page.data.length).toBeLessThanOrEqual(limit);
    seen.push(...page.data.map((d) => d.company_name));
    after = page.meta.next_after;
  }
  return seen;
}

describe('GET /api/pipelines/{id}/board, paged', () => {
  it('answers each column’s first cards, its whole count and a cursor that walks the rest in order, once each', async () => {
    const { pipeline, stages } = await createPipelineWithStages(t, 'Paged board', ['Long', 'Exact', 'Short', 'Empty']);
    await createDeals(t, stages[0], names('long-', 23), { amountSought: '1000.10' });
    await createDeals(t, stages[1], names('exact-', 5));
    await createDeals(t, stages[2], names('short-', 2), { amountSought: '250.00', currency: 'EUR' });
    const board = await getBoard(pipeline.id, '?limit=5');
    expect(board.stages.map((s) => [s.name, s.deals.length, s.deals_count])).toEqual([
      ['Long', 5, 23],
      ['Exact', 5, 5],
      ['Short', 2, 2],
      ['Empty', 0, 0],
    ]);
    // A column whose cards all fit has no cursor, even when they fill the page exactly.
    expect(board.stages.map((s) => s.next_after)).toEqual([4, null, null, null]);
    expect(board.stages[0].deals.map((d) => d.position)).toEqual([0, 1, 2, 3, 4]);
    // Straightforward computation: the column read whole, in position order.
    for (const stage of board.stages) expect(await walkColumn(pipeline.id, stage, 7)).toEqual(await dealOrder(t, stage.id));
    // The board's one query writes each card as the column's page does, field for field.
    for (const stage of board.stages) expect(stage.deals).toEqual((await getColumn(pipeline.id, stage.id, '?limit=5')).data);
  });

  it('sums each column’s amount sought over all its deals, and leaves it out when currencies mix', async () => {
    const { pipeline, stages } = await createPipelineWithStages(t, 'Sums', ['One currency', 'Mixed', 'No amounts']);
    await createDeals(t, stages[0], names('gbp-', 30), { amountSought: '1000.10' });
    await createDeals(t, stages[0], ['no amount']);
    await createDeals(t, stages[1], ['pounds'], { amountSought: '10.00' });
    await createDeals(t, stages[1], ['euros'], { amountSought: '10.00', currency: 'EUR' });
    await createDeals(t, stages[2], ['nothing']);
    const board = await getBoard(pipeline.id, '?limit=2');
    expect(board.stages.map((s) => s.amount_sought)).toEqual([{ amount: '30003.00', currency: 'GBP' }, null, null]);
    expect(board.stages[0].deals_count).toBe(31);
  });

  it('starts with 25 cards a column by default, with owners on the cards', async () => {
    const { pipeline, stages } = await createPipelineWithStages(t, 'Default page', ['Only']);
    await createDeals(t, stages[0], names('d-', 30), { ownerId: admin.user.id });
    const [stage] = (await getBoard(pipeline.id)).stages;
    expect([stage.deals.length, stage.deals_count, stage.next_after]).toEqual([25, 30, 24]);
    expect(stage.deals[0].owner).toEqual({ id: admin.user.id, name: 'Column Owner' });
    const rest = await getColumn(pipeline.id, stage.id, `?after=${stage.next_after}`);
    expect(rest.data.map((d) => d.company_name)).toEqual(names('d-', 30).slice(25));
    expect(rest.meta).toEqual({ deals_count: 30, next_after: null });
    const whole = await getColumn(pipeline.id, stage.id, '');
    expect(whole.data.map((d) => d.company_name)).toEqual(names('d-', 30).slice(0, 25));
    expect(stage.deals).toEqual(whole.data);
  });

  it('leaves deleted deals out of the cards and the counts, and follows moves', async () => {
    const { pipeline, stages } = await createPipelineWithStages(t, 'Moves', ['From', 'To']);
    const deals = await createDeals(t, stages[0], names('m-', 6));
    await createDeals(t, stages[1], names('t-', 3));
    expect((await admin.client.request({ method: 'DELETE', url: `/api/pipeline-deals/${deals[1].id}` })).statusCode).toBe(204);
    await admin.client.post(`/api/pipeline-deals/${deals[0].id}/move`, { stage_id: stages[1].id, position: 1 });
    const board = await getBoard(pipeline.id, '?limit=2');
    expect(board.stages.map((s) => s.deals_count)).toEqual([4, 4]);
    expect(await walkColumn(pipeline.id, board.stages[0], 3)).toEqual(['m-02', 'm-03', 'm-04', 'm-05']);
    expect(await walkColumn(pipeline.id, board.stages[1], 1)).toEqual(['t-00', 'm-00', 't-01', 't-02']);
  });

  it('answers 404 for a stage of another pipeline, a deleted or unknown stage, and 400 for bad cursors and limits', async () => {
    const { pipeline, stages } = await createPipelineWithStages(t, 'Errors', ['A', 'Gone']);
    const other = await createPipelineWithStages(t, 'Other', ['X']);
    await t.db
      .update(pipelineStages)
      .set({ deletedAt: new Date(), position: null })
      .where(and(eq(pipelineStages.id, stages[1].id), isNull(pipelineStages.deletedAt)));
    const column = (pipelineId: number, stageId: number, query = '') =>
      admin.client.get(`/api/pipelines/${pipelineId}/board/stages/${stageId}/deals${query}`);
    expect((await column(pipeline.id, other.stages[0].id)).statusCode).toBe(404);
    expect((await column(pipeline.id, stages[1].id)).statusCode).toBe(404);
    expect((await column(pipeline.id, 999999)).statusCode).toBe(404);
    for (const query of ['?after=-1', '?after=x', '?limit=0', '?limit=201', '?page=2']) {
      const response = await column(pipeline.id, stages[0].id, query);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
    expect(Object.keys((await column(pipeline.id, stages[0].id, '?limit=0')).json().errors)).toEqual(['limit']);
    expect((await admin.client.get(`/api/pipelines/${pipeline.id}/board?limit=500`)).statusCode).toBe(400);
    expect((await agent(t.app).get(`/api/pipelines/${pipeline.id}/board/stages/${stages[0].id}/deals`)).statusCode).toBe(401);
  });
});
