import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { can, LOOKUP_LIST_NAMES, LOOKUP_LISTS, type LookupValue, ROLE_IDS, Role } from '@platform/domain';
import { investmentOpportunities, pipelineDeals, settings } from '../../db/schema';
import { loadSettings, SETTINGS_ID } from '../../shared/settings';
import { createDeals, createPipelineWithStages } from '../../test/deals-funds';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

type Answer = { statusCode: number; body: string; json: <U>() => U };
function data<T>(response: Answer, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ data: T }>().data;
}
const names = (values: LookupValue[]) => values.map((v) => v.name);

async function setFlags(on: boolean) {
  const current = await loadSettings(t.db);
  await t.db
    .update(settings)
    .set({ flags: { ...current.flags, investment_categories_enabled: on, investment_characters_enabled: on } })
    .where(eq(settings.id, SETTINGS_ID));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  await setFlags(true);
});
afterAll(async () => {
  await t?.close();
});

describe('lookup lists', () => {
  it('adds entries at the end of the list and moves them by position', async () => {
    for (const name of ['Fintech', 'Robotics', 'Energy']) data(await admin.client.post('/api/industries', { name }), 201);
    let list = data<LookupValue[]>(await admin.client.get('/api/industries'));
    expect(list.map((v) => [v.name, v.position, v.retired, v.in_use])).toEqual([
      ['Fintech', 0, false, 0],
      ['Robotics', 1, false, 0],
      ['Energy', 2, false, 0],
    ]);
    const energy = list[2];
    expect(data<LookupValue>(await admin.client.patch(`/api/industries/${energy.id}`, { position: 0 })).position).toBe(0);
    list = data<LookupValue[]>(await admin.client.get('/api/industries'));
    expect(list.map((v) => [v.name, v.position])).toEqual([
      ['Energy', 0],
      ['Fintech', 1],
      ['Robotics', 2],
    ]);
    expect(data<LookupValue>(await admin.client.get(`/api/industries/${energy.id}`)).name).toBe('Energy');
  });

  it('refuses a blank or duplicate name with a field message, and a missing entry with 404', async () => {
    const blank = await admin.client.post('/api/industries', { name: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.name).toEqual(['Enter the name.']);
    const twice = await admin.client.post('/api/industries', { name: 'Fintech' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.name).toEqual(['This name is already in the list.']);
    expect((await admin.client.get('/api/industries/999999')).statusCode).toBe(404);
    // An entry of another list is not this list's.
    const type = data<LookupValue>(await admin.client.post('/api/investment-types', { name: 'Equity' }), 201);
    expect((await admin.client.get(`/api/industries/${type.id}`)).statusCode).toBe(404);
  });

  it('puts each sub-type under a live investment type', async () => {
    const [equity] = data<LookupValue[]>(await admin.client.get('/api/investment-types'));
    const missing = await admin.client.post('/api/investment-sub-types', { name: 'Ordinary shares' });
    expect(missing.json().errors.investment_type_id).toEqual(['Choose an investment type.']);
    const sub = data<LookupValue>(
      await admin.client.post('/api/investment-sub-types', { name: 'Ordinary shares', investment_type_id: equity.id }),
      201,
    );
    expect(sub.investment_type).toEqual({ id: equity.id, name: 'Equity' });
    const wrongList = await admin.client.post('/api/industries', { name: 'Media', investment_type_id: equity.id });
    expect(wrongList.json().errors.investment_type_id).toEqual(['Only sub-types belong to an investment type.']);
    expect(names(data(await admin.client.get(`/api/investment-sub-types?filter[investment_type_id]=${equity.id}`)))).toEqual([
      'Ordinary shares',
    ]);
    // A type with sub-types is not deleted from under them.
    const refused = await admin.client.request({ method: 'DELETE', url: `/api/investment-types/${equity.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Equity has sub-types. Delete or move them first, or retire it instead.');
  });

  it('refuses to delete an entry in use (409), retires it instead, and deletes one not in use', async () => {
    const { pipeline, stages } = await createPipelineWithStages(t, 'Lookups', ['New']);
    await createDeals(t, stages[0], ['Acme'], { industry: 'Robotics' });
    const robotics = data<LookupValue[]>(await admin.client.get('/api/industries')).find((v) => v.name === 'Robotics')!;
    expect(robotics.in_use).toBe(1);
    const refused = await admin.client.request({ method: 'DELETE', url: `/api/industries/${robotics.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Robotics is used by 1 record and cannot be deleted. Retire it instead: it stays on those records and is no longer offered.',
    );

    const retired = data<LookupValue>(await admin.client.patch(`/api/industries/${robotics.id}`, { retired: true }));
    expect(retired.retired).toBe(true);
    expect(names(data(await admin.client.get('/api/industries?filter[retired]=0')))).toEqual(['Energy', 'Fintech']);
    expect(names(data(await admin.client.get('/api/industries?filter[retired]=1')))).toEqual(['Robotics']);

    // The retired value stays on its deal, which can still be saved; a new deal cannot choose it.
    const [deal] = await t.db.select().from(pipelineDeals).where(eq(pipelineDeals.companyName, 'Acme'));
    const kept = await admin.client.patch(`/api/pipeline-deals/${deal.id}`, { industry: 'Robotics', summary: 'Still robots' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.industry).toBe('Robotics');
    const fresh = await admin.client.post('/api/pipeline-deals', {
      pipeline_id: pipeline.id,
      stage_id: stages[0].id,
      company_name: 'Newco',
      industry: 'Robotics',
    });
    expect(fresh.statusCode, fresh.body).toBe(422);
    expect(fresh.json().errors.industry).toEqual(['Choose an industry from the list.']);
    const unknown = await admin.client.patch(`/api/pipeline-deals/${deal.id}`, { industry: 'Made up' });
    expect(unknown.json().errors.industry).toEqual(['Choose an industry from the list.']);

    const back = data<LookupValue>(await admin.client.patch(`/api/industries/${robotics.id}`, { retired: false }));
    expect(back.retired).toBe(false);

    const energy = data<LookupValue[]>(await admin.client.get('/api/industries')).find((v) => v.name === 'Energy')!;
    expect((await admin.client.request({ method: 'DELETE', url: `/api/industries/${energy.id}` })).statusCode).toBe(204);
    expect(data<LookupValue[]>(await admin.client.get('/api/industries')).map((v) => [v.name, v.position])).toEqual([
      ['Fintech', 0],
      ['Robotics', 1],
    ]);
  });

  it('renames an entry and the records holding it follow', async () => {
    const opportunity = await createOpportunityRow(t, { name: 'Round', industry: 'Fintech' });
    const fintech = data<LookupValue[]>(await admin.client.get('/api/industries')).find((v) => v.name === 'Fintech')!;
    expect(fintech.in_use).toBe(1);
    data(await admin.client.patch(`/api/industries/${fintech.id}`, { name: 'Financial services' }));
    const [row] = await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, opportunity.id));
    expect(row.industry).toBe('Financial services');
  });

  it('checks opportunity type, sub-type and round type against their lists', async () => {
    const refused = await admin.client.post('/api/investment-opportunities', {
      name: 'Typed',
      company_name: 'Typed Ltd',
      type: 'Nope',
      sub_type: 'Nope',
      round_type: 'Nope',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject({
      type: ['Choose an investment type from the list.'],
    });
    data(await admin.client.post('/api/investment-round-types', { name: 'Seed' }), 201);
    const ok = await admin.client.post('/api/investment-opportunities', {
      name: 'Typed',
      company_name: 'Typed Ltd',
      type: 'Equity',
      sub_type: 'Ordinary shares',
      round_type: 'Seed',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ type: 'Equity', sub_type: 'Ordinary shares', round_type: 'Seed' });
  });
});

describe('investment categories and characters', () => {
  it('live behind their flags: off, their routes answer 404 (after 401 for visitors)', async () => {
    await setFlags(false);
    for (const list of ['investment-categories', 'investment-characters']) {
      const off = await admin.client.get(`/api/${list}`);
      expect(off.statusCode).toBe(404);
      expect(off.json().message).toMatch(/are not enabled\.$/);
      expect((await admin.client.post(`/api/${list}`, { name: 'X' })).statusCode).toBe(404);
      expect((await agent(t.app).get(`/api/${list}`)).statusCode).toBe(401);
    }
    await setFlags(true);
    data(await admin.client.post('/api/investment-categories', { name: 'Growth' }), 201);
    data(await admin.client.post('/api/investment-characters', { name: 'Unlisted' }), 201);
    const ok = await admin.client.post('/api/investment-opportunities', {
      name: 'Categorised',
      company_name: 'Categorised Ltd',
      category: 'Growth',
      character: 'Unlisted',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ category: 'Growth', character: 'Unlisted' });
    const refused = await admin.client.post('/api/investment-opportunities', { name: 'Bad', company_name: 'Bad Ltd', character: 'Listed' });
    expect(refused.json().errors.character).toEqual(['Choose an investment character from the list.']);
    const growth = data<LookupValue[]>(await admin.client.get('/api/investment-categories'))[0];
    expect(growth.in_use).toBe(1);
  });
});

describe('lookup list grants', () => {
  it('answers 401 to a visitor', async () => {
    const visitor = agent(t.app);
    for (const list of LOOKUP_LIST_NAMES) {
      expect((await visitor.get(`/api/${list}`)).statusCode).toBe(401);
      expect((await visitor.post(`/api/${list}`, { name: 'X' })).statusCode).toBe(401);
    }
  });

  it('lets only Super Admin and Support write, and staff who edit deals, opportunities or companies read', async () => {
    const readers = ['deals', 'live_opportunities', 'existing_opportunities'] as const;
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      for (const list of LOOKUP_LIST_NAMES) {
        const { event } = LOOKUP_LISTS[list];
        const mayRead =
          can(roleId, event, 'index') ||
          readers.some((e) => can(roleId, e, 'create') || can(roleId, e, 'update')) ||
          can(roleId, 'fund_opportunities', 'update');
        const label = `role ${roleId} ${list}`;
        expect((await client.get(`/api/${list}`)).statusCode, label).toBe(mayRead ? 200 : 403);
        expect((await client.get(`/api/${list}/999999`)).statusCode, label).toBe(mayRead ? 404 : 403);
        const writes = [
          await client.post(`/api/${list}`, {}),
          await client.patch(`/api/${list}/999999`, {}),
          await client.request({ method: 'DELETE', url: `/api/${list}/999999` }),
        ];
        const mayWrite = roleId === Role.SuperAdmin || roleId === Role.Support;
        for (const response of writes) {
          if (mayWrite) expect(response.statusCode, label).not.toBe(403);
          else expect(response.statusCode, label).toBe(403);
        }
      }
    }
    expect(can(Role.Entrepreneur, 'settings_industries', 'index')).toBe(false);
  });
});
