import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, insiderEntries, notifications, opportunityInvitations } from '../../db/schema';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createDeals, createPipelineWithStages } from '../../test/deals-funds';
import { setFlags, setSettings } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let stage: { id: number; pipelineId: number };
let termsId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Alice Admin' });
  const { stages } = await createPipelineWithStages(t, 'Placing', ['Sourced']);
  stage = stages[0];
  const published = await admin.client.post('/api/intent-terms', { body: '<p>Non-binding.<script>x()</script></p>' });
  expect(published.statusCode).toBe(201);
  termsId = published.json().data.id;
});
afterAll(() => t.close());

const del = (client: typeof admin.client, url: string) => client.request({ method: 'DELETE', url });
const newDeal = async (name = `Deal ${++seq} Ltd`) => (await createDeals(t, stage, [name]))[0];
const investor = (name = `Ivy ${++seq}`) => signedIn(t, Role.User, { name });

async function place(body: Record<string, unknown>) {
  const response = await admin.client.post('/api/deal-placements', { teaser: '<p>A robotics round.</p>', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; recipients: Array<{ user: { id: number } }> };
}

const interested = (placementId: number, amount: string | number = '20000', option = 'finance_in_place') => ({
  placement_id: placementId,
  option,
  amount,
  accept_terms: true,
  intent_terms_id: termsId,
});

describe('intent terms', () => {
  it('publishes sanitised versions in turn; the current one is readable by investors', async () => {
    const second = await admin.client.post('/api/intent-terms', { body: '<p>Version two</p>' });
    expect(second.json().data).toMatchObject({ version: 2, body: '<p>Version two</p>' });
    const list = (await admin.client.get('/api/intent-terms')).json().data;
    expect(list.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(list[1].body).toBe('<p>Non-binding.</p>');
    const ivy = await investor();
    expect((await ivy.client.get('/api/intent-terms/current')).json().data).toMatchObject({ version: 2 });
    expect((await ivy.client.post('/api/intent-terms', { body: 'x' })).statusCode).toBe(403);
    expect(Object.keys((await admin.client.post('/api/intent-terms', { body: ' ' })).json().errors)).toEqual(['body']);
    termsId = second.json().data.id;
  });
});

describe('placing a deal', () => {
  it('places with investors and a client group, notifies each once, and logs it', async () => {
    const [direct, member, both] = [await investor(), await investor(), await investor()];
    const group = (
      await admin.client.post('/api/client-groups', { name: `Syndicate ${++seq}`, member_ids: [member.user.id, both.user.id] })
    ).json().data;
    const deal = await newDeal();
    const placement = await place({ deal_id: deal.id, user_ids: [direct.user.id, both.user.id], client_group_ids: [group.id] });
    expect(placement).toMatchObject({ deal: { id: deal.id }, inside_information: false, demand: { placed: 3, answered: 0 } });
    const reached = (placement.recipients as Array<{ user: { id: number }; client_group: { id: number } | null }>).map((r) => [
      r.user.id,
      r.client_group?.id ?? null,
    ]);
    expect(reached.sort()).toEqual(
      [
        [direct.user.id, null],
        [member.user.id, group.id],
        [both.user.id, null],
      ].sort(),
    );
    for (const who of [direct, member, both]) {
      const rows = await t.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
      expect(rows.map((n) => (n.data as { icon: string; cta: string }).cta)).toEqual([`/investor/investments/placements/${placement.id}`]);
    }
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'deal_placement'), eq(activityLog.subjectId, String(placement.id))));
    expect(logs.map((l) => l.action)).toEqual(['placed']);
  });

  it('answers 422 on the field at fault, and refuses a second live placement of a deal', async () => {
    const staff = await signedIn(t, Role.FundManager);
    const ivy = await investor();
    const deal = await newDeal();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ deal_id: deal.id, teaser: 'x' }, 'user_ids'],
      [{ deal_id: deal.id, teaser: '', user_ids: [ivy.user.id] }, 'teaser'],
      [{ deal_id: 999999, teaser: 'x', user_ids: [ivy.user.id] }, 'deal_id'],
      [{ deal_id: deal.id, teaser: 'x', user_ids: [staff.user.id] }, 'user_ids'],
      [{ deal_id: deal.id, teaser: 'x', client_group_ids: [999999] }, 'client_group_ids'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/deal-placements', payload);
      expect({ field, status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
        field,
        status: 422,
        errors: [field],
      });
    }
    await place({ deal_id: deal.id, user_ids: [ivy.user.id] });
    const again = await admin.client.post('/api/deal-placements', { deal_id: deal.id, teaser: 'x', user_ids: [ivy.user.id] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.deal_id).toBeDefined();
  });

  it('sanitises the teaser, adds investors later (notifying only the new) and withdraws', async () => {
    const [first, later] = [await investor(), await investor()];
    const deal = await newDeal();
    const placement = await place({ deal_id: deal.id, user_ids: [first.user.id], teaser: '<p onclick="x()">Hi<script>1</script></p>' });
    const shown = (await admin.client.get(`/api/deal-placements/${placement.id}`)).json().data;
    expect(shown.teaser).toBe('<p>Hi</p>');
    const updated = await admin.client.patch(`/api/deal-placements/${placement.id}`, { user_ids: [first.user.id, later.user.id] });
    expect(updated.json().data.demand.placed).toBe(2);
    const firstNotes = await t.db.select().from(notifications).where(eq(notifications.userId, first.user.id));
    expect(firstNotes).toHaveLength(1);
    expect((await later.client.get(`/api/my/deal-placements/${placement.id}`)).statusCode).toBe(200);
    expect((await del(admin.client, `/api/deal-placements/${placement.id}`)).statusCode).toBe(204);
    expect((await later.client.get(`/api/my/deal-placements/${placement.id}`)).statusCode).toBe(404);
    expect((await later.client.get('/api/my/deal-placements')).json().data).toEqual([]);
    expect((await del(admin.client, `/api/deal-placements/${placement.id}`)).statusCode).toBe(404);
    // Withdrawn, the deal may be placed again.
    await place({ deal_id: deal.id, user_ids: [first.user.id] });
  });
});

describe('what investors see', () => {
  it('shows an investor only the placements made to them; others answer 404', async () => {
    const [placed, other] = [await investor(), await investor()];
    const deal = await newDeal('Scoped Robotics');
    const placement = await place({ deal_id: deal.id, user_ids: [placed.user.id], teaser: '<p>Teaser</p>' });
    const mine = (await placed.client.get('/api/my/deal-placements')).json().data;
    expect(mine).toEqual([
      expect.objectContaining({ id: placement.id, company_name: 'Scoped Robotics', teaser: '<p>Teaser</p>', intent: null }),
    ]);
    expect((await other.client.get('/api/my/deal-placements')).json().data).toEqual([]);
    expect((await other.client.get(`/api/my/deal-placements/${placement.id}`)).statusCode).toBe(404);
    expect((await other.client.post('/api/intents', interested(placement.id))).statusCode).toBe(404);
    expect((await other.client.get('/api/deal-placements')).statusCode).toBe(403);
    expect((await agent(t.app).get('/api/my/deal-placements')).statusCode).toBe(401);
    expect((await admin.client.get('/api/my/deal-placements')).statusCode).toBe(403);
  });
});

describe('intents', () => {
  it('records one current intent per investor per deal, changing it in place and logging each change', async () => {
    const ivy = await investor();
    const deal = await newDeal();
    const placement = await place({ deal_id: deal.id, user_ids: [ivy.user.id] });
    const first = await ivy.client.post('/api/intents', interested(placement.id, '20000'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ option: 'finance_in_place', amount: '20000.00', currency: 'GBP', intent_terms_version: 2 });
    const changed = await ivy.client.post('/api/intents', interested(placement.id, '12500.50', 'no_finance_in_place'));
    expect(changed.json().data).toMatchObject({ id: first.json().data.id, option: 'no_finance_in_place', amount: '12500.50' });
    const declined = await ivy.client.post('/api/intents', { placement_id: placement.id, option: 'not_interested' });
    expect(declined.json().data).toMatchObject({ id: first.json().data.id, option: 'not_interested', amount: null });
    expect((await ivy.client.get('/api/intents')).json().data).toHaveLength(1);
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'deal_placement'), eq(activityLog.subjectId, String(placement.id))));
    expect(logs.map((l) => l.action)).toEqual(['placed', 'intent_stated', 'intent_changed', 'intent_changed']);
    // Concurrent answers still leave one intent.
    await Promise.all([1, 2, 3].map((n) => ivy.client.post('/api/intents', interested(placement.id, `${n}000`))));
    const staffView = (await admin.client.get(`/api/intents?deal_id=${deal.id}`)).json().data;
    expect(staffView).toHaveLength(1);
  });

  it('requires an amount above zero and the current terms accepted when interested', async () => {
    const ivy = await investor();
    const deal = await newDeal();
    const placement = await place({ deal_id: deal.id, user_ids: [ivy.user.id] });
    const fields = async (body: Record<string, unknown>) => {
      const response = await ivy.client.post('/api/intents', body);
      return [response.statusCode, Object.keys(response.json().errors ?? {}).sort()];
    };
    expect(await fields({ ...interested(placement.id), amount: '0' })).toEqual([422, ['amount']]);
    expect(await fields({ ...interested(placement.id), amount: '-5' })).toEqual([422, ['amount']]);
    expect(await fields({ ...interested(placement.id), amount: '10.005' })).toEqual([422, ['amount']]);
    expect(await fields({ ...interested(placement.id), amount: 0.1 + 0.2 })).toEqual([422, ['amount']]);
    expect(await fields({ ...interested(placement.id), amount: undefined })).toEqual([422, ['amount']]);
    expect(await fields({ ...interested(placement.id), accept_terms: false })).toEqual([422, ['accept_terms']]);
    expect(await fields({ ...interested(placement.id), option: 'maybe' })).toEqual([422, ['option']]);
    expect(await fields({ ...interested(placement.id), intent_terms_id: 999999 })).toEqual([422, ['intent_terms_id']]);
    const outdated = await ivy.client.post('/api/intents', { ...interested(placement.id), intent_terms_id: termsId - 1 });
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().message).toMatch(/replaced by version 2/);
    expect((await ivy.client.get('/api/intents')).json().data).toEqual([]);
  });
});

describe('demand', () => {
  it('totals intents by option for the deal page and the board, withdrawn placements left out', async () => {
    const [a, b, c, d] = [await investor(), await investor(), await investor(), await investor()];
    const { stages } = await createPipelineWithStages(t, 'Demand', ['Only']);
    const [deal, other] = await createDeals(t, stages[0], ['Demand One', 'Demand Two']);
    const placement = await place({ deal_id: deal.id, user_ids: [a.user.id, b.user.id, c.user.id, d.user.id] });
    await a.client.post('/api/intents', interested(placement.id, '20000'));
    await b.client.post('/api/intents', interested(placement.id, '5000.25'));
    await c.client.post('/api/intents', interested(placement.id, '1000', 'no_finance_in_place'));
    await d.client.post('/api/intents', { placement_id: placement.id, option: 'not_interested' });
    const { demand } = (await admin.client.get(`/api/deal-placements/${placement.id}`)).json().data;
    expect(demand).toMatchObject({ placed: 4, answered: 4, interested: 3, indicative_total: '26000.25' });
    expect(
      Object.fromEntries(demand.by_option.map((o: { option: string; count: number; total: string }) => [o.option, [o.count, o.total]])),
    ).toEqual({
      finance_in_place: [2, '25000.25'],
      no_finance_in_place: [1, '1000.00'],
      not_interested: [1, '0.00'],
    });
    const withdrawn = await place({ deal_id: other.id, user_ids: [a.user.id] });
    await a.client.post('/api/intents', interested(withdrawn.id, '999'));
    await del(admin.client, `/api/deal-placements/${withdrawn.id}`);
    const board = (await admin.client.get(`/api/deal-placements/demand?pipeline_id=${stages[0].pipelineId}`)).json().data;
    expect(board).toEqual([{ deal_id: deal.id, placement_id: placement.id, interested: 3, indicative_total: '26000.25' }]);
  });
});

describe('launching the deal', () => {
  it('invites the interested investors to the new opportunity in the same transaction', async () => {
    const [keen, unsure, declined, silent] = [await investor(), await investor(), await investor(), await investor()];
    const deal = await newDeal();
    const placement = await place({ deal_id: deal.id, user_ids: [keen.user.id, unsure.user.id, declined.user.id, silent.user.id] });
    await keen.client.post('/api/intents', interested(placement.id, '20000'));
    await unsure.client.post('/api/intents', interested(placement.id, '500', 'no_finance_in_place'));
    await declined.client.post('/api/intents', { placement_id: placement.id, option: 'not_interested' });
    const promoted = await admin.client.post(`/api/pipeline-deals/${deal.id}/promote`);
    expect(promoted.statusCode).toBe(201);
    const opportunityId = promoted.json().data.id;
    const invited = await t.db
      .select({ userId: opportunityInvitations.userId })
      .from(opportunityInvitations)
      .where(eq(opportunityInvitations.opportunityId, opportunityId));
    expect(invited.map((i) => i.userId).sort()).toEqual([keen.user.id, unsure.user.id].sort());
  });
});

describe('inside information', () => {
  it('is placed only with market sounding on; investors accept it first and land on the insider register', async () => {
    await setSettings(t, { marketSoundingDescription: '<p>You will receive inside information.</p>' });
    const deal = await newDeal('Secret Robotics');
    const project = await admin.client.post('/api/insider-register/projects', { deal_id: deal.id, description: 'Secret round' });
    expect(project.statusCode).toBe(201);
    const ivy = await investor();
    await setFlags(t, { market_sounding_enabled: false });
    const refused = await admin.client.post('/api/deal-placements', { deal_id: deal.id, teaser: 'x', user_ids: [ivy.user.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.deal_id[0]).toMatch(/inside information/);
    await setFlags(t, { market_sounding_enabled: true });
    const placement = await place({ deal_id: deal.id, user_ids: [ivy.user.id], teaser: '<p>Secret teaser</p>' });
    const before = (await ivy.client.get(`/api/my/deal-placements/${placement.id}`)).json().data;
    expect(before).toMatchObject({
      teaser: null,
      company_name: 'A confidential deal',
      market_sounding: { required: true, description: '<p>You will receive inside information.</p>' },
    });
    expect((await ivy.client.post('/api/intents', interested(placement.id))).statusCode).toBe(422);
    const accepted = await ivy.client.post(`/api/my/deal-placements/${placement.id}/market-sounding`);
    expect(accepted.json().data).toMatchObject({
      teaser: '<p>Secret teaser</p>',
      company_name: 'Secret Robotics',
      market_sounding: { required: false },
    });
    await ivy.client.post(`/api/my/deal-placements/${placement.id}/market-sounding`);
    const entries = await t.db.select().from(insiderEntries).where(eq(insiderEntries.userId, ivy.user.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ projectId: project.json().data.id, source: 'market_sounding' });
    expect((await ivy.client.post('/api/intents', interested(placement.id))).statusCode).toBe(200);
  });
});

describe('placement permissions', () => {
  it('answers 403 for each action a role lacks (walking can())', async () => {
    const ivy = await investor();
    for (const roleId of ROLE_IDS.filter((r) => r !== Role.User)) {
      const { client } = await signedIn(t, roleId);
      const deal = await newDeal();
      const created = await client.post('/api/deal-placements', { deal_id: deal.id, teaser: 'x', user_ids: [ivy.user.id] });
      const id = created.statusCode === 201 ? created.json().data.id : (await place({ deal_id: deal.id, user_ids: [ivy.user.id] })).id;
      const status = {
        index: (await client.get('/api/deal-placements')).statusCode,
        show: (await client.get(`/api/deal-placements/${id}`)).statusCode,
        demand: (await client.get(`/api/deal-placements/demand?pipeline_id=${stage.pipelineId}`)).statusCode,
        create: created.statusCode,
        update: (await client.patch(`/api/deal-placements/${id}`, { teaser: 'y' })).statusCode,
        withdraw: (await del(client, `/api/deal-placements/${id}`)).statusCode,
        terms: (await client.get('/api/intent-terms')).statusCode,
      };
      const ok = (event: 'deals' | 'settings_investor_type', action: 'index' | 'show' | 'update', code: number) =>
        can(roleId, event, action) ? code : 403;
      expect({ roleId, ...status }).toEqual({
        roleId,
        index: ok('deals', 'index', 200),
        show: ok('deals', 'show', 200),
        demand: ok('deals', 'index', 200),
        create: ok('deals', 'update', 201),
        update: ok('deals', 'update', 200),
        withdraw: ok('deals', 'update', 204),
        terms: ok('settings_investor_type', 'show', 200),
      });
    }
  });
});
