import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, investmentOpportunities, investments, notifications } from '../../db/schema';
import { createDeals, createPipelineWithStages } from '../../test/deals-funds';
import { agent, createUser, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

const draft = {
  name: 'Brightwater Robotics Seed',
  company_name: 'Brightwater Robotics Ltd',
  currency: 'GBP',
  target_raise: '250000',
  minimum_investment: '1000',
  maximum_investment: '25000',
  share_price: '1.25',
  tax_relief: 'EIS',
  summary: 'Warehouse picking robots.',
  description: '<p onclick="steal()">Strong team<script>alert(1)</script></p>',
  key_points: ['£1.2m ARR', 'Patent granted'],
  team: [{ name: 'Ada Lovelace', role: 'CEO' }],
};

describe('creating and editing', () => {
  it('creates a Draft with a slug from its name, exact decimals and sanitised rich text, and logs it', async () => {
    const response = await admin.client.post('/api/investment-opportunities', draft);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      status: 1,
      status_label: 'Draft',
      slug: 'brightwater-robotics-seed',
      target_raise: '250000.00',
      share_price: '1.250000',
      committed_amount: '0.00',
      available_amount: '250000.00',
      admin_path: `/admin/investments/opportunities/${data.id}/edit`,
    });
    expect(data.description).toBe('<p>Strong team</p>');
    const again = await admin.client.post('/api/investment-opportunities', draft);
    expect(again.json().data.slug).toBe('brightwater-robotics-seed-2');
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'opportunity'), eq(activityLog.subjectId, String(data.id))));
    expect(logs.map((l) => l.action)).toEqual(['created']);
  });

  it('answers 422 with field messages for missing and inconsistent values', async () => {
    const response = await admin.client.post('/api/investment-opportunities', {
      company_name: '',
      minimum_investment: '5000',
      maximum_investment: '100',
      target_raise: '1.999',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(Object.keys(errors).sort()).toEqual(['company_name', 'name', 'target_raise']);
    // The name was left out, as the web leaves out empty fields: the field's own message says what to enter.
    expect(errors.name).toEqual(['Enter the opportunity name.']);
    expect(errors.company_name).toEqual(['Enter the company name.']);
    const limits = await admin.client.post('/api/investment-opportunities', {
      ...draft,
      minimum_investment: '5000',
      maximum_investment: '100',
      maximum_raise: '1000',
      closes_at: '2026-01-01',
      opens_at: '2026-02-01',
    });
    expect(limits.statusCode).toBe(422);
    expect(Object.keys(limits.json().errors).sort()).toEqual(['closes_at', 'maximum_investment', 'maximum_raise', 'minimum_investment']);
  });

  it('fixes the committed terms once investors hold money in it, and never lets the raise drop below what is committed', async () => {
    const opportunity = await createOpportunityRow(t, { status: 2 });
    const investor = await createUser(t.ctx);
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.id, amount: '40000.00' });
    const response = await admin.client.patch(`/api/investment-opportunities/${opportunity.id}`, {
      share_price: '3',
      minimum_investment: '1000',
      target_raise: '30000',
      summary: 'Updated words are fine.',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['share_price', 'target_raise']);
    const words = await admin.client.patch(`/api/investment-opportunities/${opportunity.id}`, { summary: 'Updated words are fine.' });
    expect(words.statusCode).toBe(200);
    expect(words.json().data.summary).toBe('Updated words are fine.');
  });

  it('takes the web form as FormData: an empty field clears it, lists arrive as JSON text', async () => {
    const row = await createOpportunityRow(t, { status: 1, fees: '2% fee', maximumRaise: '150000.00' });
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('fees', '');
    form.append('maximum_raise', '');
    form.append('key_points', JSON.stringify(['One', 'Two']));
    form.append('market_sounding_required', '1');
    const response = await admin.client.post(`/api/investment-opportunities/${row.id}`, form);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      fees: null,
      maximum_raise: null,
      key_points: ['One', 'Two'],
      market_sounding_required: true,
    });
  });

  it("saves a draft's autosave (draft_only) and refuses it with 409, unchanged, once the opportunity is live", async () => {
    const autosave = (id: number, summary: string) => {
      const form = new FormData();
      form.append('_method', 'PATCH');
      form.append('summary', summary);
      form.append('draft_only', '1');
      return admin.client.post(`/api/investment-opportunities/${id}`, form);
    };
    const drafted = await createOpportunityRow(t, { status: 1, summary: 'Before' });
    const saved = await autosave(drafted.id, 'Typed in the draft');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.summary).toBe('Typed in the draft');

    const live = await createOpportunityRow(t, { status: 2, summary: 'As published' });
    const refused = await autosave(live.id, 'Typed before it went live');
    expect(refused.statusCode).toBe(409);
    const [row] = await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, live.id));
    expect(row.summary).toBe('As published');
    // Its own "Save changes" (no draft_only) still edits a live opportunity.
    expect((await admin.client.patch(`/api/investment-opportunities/${live.id}`, { summary: 'Edited live' })).statusCode).toBe(200);
  });

  it('answers 401 logged out and 403 to each role the permission table refuses', async () => {
    expect((await agent(t.app).post('/api/investment-opportunities', draft)).statusCode).toBe(401);
    for (const roleId of ROLE_IDS.filter((r) => r !== Role.User)) {
      const { client } = await signedIn(t, roleId);
      const response = await client.post('/api/investment-opportunities', draft);
      expect(response.statusCode, `role ${roleId}`).toBe(can(roleId, 'live_opportunities', 'create') ? 201 : 403);
    }
    const { client } = await signedIn(t, Role.User);
    expect((await client.post('/api/investment-opportunities', draft)).statusCode).toBe(403);
  });
});

describe('listing', () => {
  it('filters by status and returns slug and status; unknown filters, sorts and statuses answer 400', async () => {
    const live = await createOpportunityRow(t, { status: 2, name: 'Listed Live' });
    const response = await admin.client.get('/api/investment-opportunities?filter[status]=2&per_page=100');
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as Array<{ id: number; slug: string; status: number }>;
    expect(rows.every((r) => r.status === 2)).toBe(true);
    expect(rows.find((r) => r.id === live.id)).toMatchObject({ slug: live.slug, status: 2 });
    expect((await admin.client.get('/api/investment-opportunities?filter[colour]=red')).statusCode).toBe(400);
    expect((await admin.client.get('/api/investment-opportunities?filter[status]=9')).statusCode).toBe(400);
    expect((await admin.client.get('/api/investment-opportunities?sort=-owner')).statusCode).toBe(400);
  });

  it('lists live opportunities or existing investments by `type`, within what the role may list', async () => {
    const live = await createOpportunityRow(t, { status: 4 });
    const existing = await createOpportunityRow(t, { status: 6 });
    const ids = async (client: typeof admin.client, query: string) =>
      (await client.get(`/api/investment-opportunities?per_page=100&${query}`)).json().data.map((r: { id: number }) => r.id);
    expect(await ids(admin.client, 'type=live')).toContain(live.id);
    expect(await ids(admin.client, 'type=live')).not.toContain(existing.id);
    expect(await ids(admin.client, 'type=existing')).toEqual(expect.arrayContaining([existing.id]));
    expect(await ids(admin.client, 'type=existing')).not.toContain(live.id);
    expect(await ids(admin.client, 'type=live,existing')).toEqual(expect.arrayContaining([live.id, existing.id]));
    const fund = await admin.client.get('/api/investment-opportunities?type=fund');
    expect(fund.statusCode).toBe(400);
    expect(fund.json().message).toContain('Allowed types: live, existing');
  });

  it('limits staff to the groups their role may list (Adviser: none)', async () => {
    const { client } = await signedIn(t, Role.Adviser);
    expect((await client.get('/api/investment-opportunities')).statusCode).toBe(403);
    const existing = await createOpportunityRow(t, { status: 5 });
    const custodian = await signedIn(t, Role.Custodian);
    const ids = (await custodian.client.get('/api/investment-opportunities?per_page=100')).json().data.map((r: { id: number }) => r.id);
    expect(ids).toContain(existing.id);
  });
});

describe('what an investor sees', () => {
  it('sees Live - External, Live - Internal only when invited, Closed and later only when holding, never a Draft', async () => {
    const investor = await signedIn(t, Role.User);
    const other = await createUser(t.ctx);
    const rows = {
      draft: await createOpportunityRow(t, { status: 1 }),
      external: await createOpportunityRow(t, { status: 2 }),
      internalInvited: await createOpportunityRow(t, { status: 3 }),
      internalOther: await createOpportunityRow(t, { status: 3 }),
      closedHeld: await createOpportunityRow(t, { status: 4 }),
      closedOther: await createOpportunityRow(t, { status: 4 }),
      completedHeld: await createOpportunityRow(t, { status: 5 }),
    };
    await admin.client.post(`/api/investment-opportunities/${rows.internalInvited.id}/invitations`, { user_ids: [investor.user.id] });
    await createInvestmentRow(t, { opportunityId: rows.closedHeld.id, userId: investor.user.id, amount: '2000.00', status: 'cash_call' });
    await createInvestmentRow(t, { opportunityId: rows.closedOther.id, userId: other.id, amount: '2000.00' });
    await createInvestmentRow(t, {
      opportunityId: rows.completedHeld.id,
      userId: investor.user.id,
      amount: '2000.00',
      status: 'completed',
    });

    const seen = new Set(
      (await investor.client.get('/api/investment-opportunities?per_page=100')).json().data.map((r: { id: number }) => r.id),
    );
    expect([...seen].filter((id) => Object.values(rows).some((r) => r.id === id)).sort()).toEqual(
      [rows.external.id, rows.internalInvited.id, rows.closedHeld.id, rows.completedHeld.id].sort(),
    );
    expect((await investor.client.get(`/api/investment-opportunities/${rows.external.slug}`)).json().data).toMatchObject({
      id: rows.external.id,
      name: rows.external.name,
    });
    for (const hidden of [rows.draft, rows.internalOther, rows.closedOther]) {
      expect((await investor.client.get(`/api/investment-opportunities/${hidden.slug}`)).statusCode).toBe(404);
      expect((await investor.client.get(`/api/investment-opportunities/${hidden.id}`)).statusCode).toBe(404);
    }
    // Bank details are staff-side; investors get payment instructions with their own investment.
    expect((await investor.client.get(`/api/investment-opportunities/${rows.external.id}`)).json().data).not.toHaveProperty(
      'bank_account_number',
    );
  });
});

describe('the investor count on an opportunity’s page', () => {
  it('counts each investor with a committed investment once, leaving out cancelled ones', async () => {
    const opportunity = await createOpportunityRow(t, { status: 2 });
    const [twice, once, cancelled] = [await createUser(t.ctx), await createUser(t.ctx), await createUser(t.ctx)];
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: twice.id, amount: '1000.00' });
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: twice.id, amount: '2000.00', status: 'paid' });
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: once.id, amount: '1500.00' });
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: cancelled.id, amount: '500.00', status: 'cancelled' });
    const reader = agent(t.app);
    await reader.login(cancelled.email);
    const shown = await reader.get(`/api/investment-opportunities/${opportunity.slug}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.investor_count).toBe(2);
  });
});

describe('status changes', () => {
  it('publishes a complete Draft and refuses an incomplete one, field by field', async () => {
    const empty = (await admin.client.post('/api/investment-opportunities', { name: 'Bare', company_name: 'Bare Ltd' })).json().data;
    const refused = await admin.client.post(`/api/investment-opportunities/${empty.id}/status`, { status: 2 });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['description', 'minimum_investment', 'target_raise']);
    const full = (await admin.client.post('/api/investment-opportunities', draft)).json().data;
    const published = await admin.client.post(`/api/investment-opportunities/${full.id}/status`, { status: 2 });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ status: 2, admin_path: `/admin/investments/opportunities/${full.id}/details` });
    expect(published.json().data.published_at).not.toBeNull();
  });

  it('refuses moves the rules do not allow', async () => {
    const row = await createOpportunityRow(t, { status: 1 });
    const skip = await admin.client.post(`/api/investment-opportunities/${row.id}/status`, { status: 5 });
    expect(skip.statusCode).toBe(422);
    expect(skip.json().errors.status[0]).toBe('An opportunity cannot move from Draft to Completed.');
    const held = await createOpportunityRow(t, { status: 2 });
    await createInvestmentRow(t, { opportunityId: held.id, userId: (await createUser(t.ctx)).id, amount: '1000.00' });
    expect((await admin.client.post(`/api/investment-opportunities/${held.id}/status`, { status: 1 })).statusCode).toBe(422);
    expect((await admin.client.post(`/api/investment-opportunities/${held.id}/status`, { status: 'x' })).statusCode).toBe(422);
  });

  it('completes only when nothing is left reserved or awaiting payment, then notifies its investors', async () => {
    const row = await createOpportunityRow(t, { status: 4 });
    const payer = await createUser(t.ctx);
    const waiting = await createUser(t.ctx);
    await createInvestmentRow(t, { opportunityId: row.id, userId: payer.id, amount: '5000.00', status: 'paid' });
    const pending = await createInvestmentRow(t, { opportunityId: row.id, userId: waiting.id, amount: '1000.00', status: 'cash_call' });
    const refused = await admin.client.post(`/api/investment-opportunities/${row.id}/status`, { status: 5 });
    expect(refused.statusCode).toBe(422);
    await t.db.update(investments).set({ status: 'cancelled' }).where(eq(investments.id, pending.id));
    const done = await admin.client.post(`/api/investment-opportunities/${row.id}/status`, { status: 5 });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 5, admin_path: `/admin/investments/existing/${row.id}/details` });
    const sent = await t.db.select().from(notifications).where(eq(notifications.userId, payer.id));
    expect(sent.map((n) => n.data.icon)).toEqual(['investment_opportunity_transition_existing']);
    expect(sent[0].data.cta).toBe(`/investor/portfolio/${row.id}`);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, waiting.id))).toHaveLength(0);
  });

  it('notifies invited investors when an opportunity goes Live - Internal, and on invitation once it is', async () => {
    const row = (await admin.client.post('/api/investment-opportunities', draft)).json().data;
    const early = await createUser(t.ctx);
    const late = await createUser(t.ctx);
    await admin.client.post(`/api/investment-opportunities/${row.id}/invitations`, { user_ids: [early.id] });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, early.id))).toHaveLength(0);
    await admin.client.post(`/api/investment-opportunities/${row.id}/status`, { status: 3 });
    await admin.client.post(`/api/investment-opportunities/${row.id}/invitations`, { user_ids: [late.id, early.id] });
    for (const user of [early, late]) {
      const sent = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(sent.map((n) => n.data.icon)).toEqual(['investment_opportunity_invited']);
    }
    const staff = await createUser(t.ctx, { roleId: Role.Support });
    expect((await admin.client.post(`/api/investment-opportunities/${row.id}/invitations`, { user_ids: [staff.id] })).statusCode).toBe(422);
  });
});

describe('clone, promote, delete', () => {
  it('clones into a Draft copy without investments or invitations', async () => {
    const source = await createOpportunityRow(t, { status: 2, name: 'Original Round' });
    await createInvestmentRow(t, { opportunityId: source.id, userId: (await createUser(t.ctx)).id, amount: '3000.00' });
    for (const body of ['<p>First terms</p>', '<p>Current terms</p>'])
      await admin.client.post('/api/term-conditions', { opportunity_id: source.id, body });
    const response = await admin.client.post(`/api/investment-opportunities/${source.id}/clone`);
    expect(response.statusCode).toBe(201);
    const terms = (await admin.client.get(`/api/term-conditions?opportunity_id=${response.json().data.id}`)).json().data;
    expect(terms.map((v: { version: number; body: string }) => [v.version, v.body])).toEqual([[1, '<p>Current terms</p>']]);
    expect(response.json().data).toMatchObject({
      status: 1,
      name: 'Copy of Original Round',
      slug: 'copy-of-original-round',
      committed_amount: '0.00',
      share_price: source.sharePrice,
      target_raise: source.targetRaise,
    });
  });

  it('promotes a pipeline deal into a Draft carrying its data', async () => {
    const { stages } = await createPipelineWithStages(t, 'Promotions', ['Sourced']);
    const [deal] = await createDeals(t, stages[0], ['Quantum Kettles Ltd'], {
      amountSought: '400000.00',
      industry: 'Hardware',
      summary: 'Kettles.',
    });
    const response = await admin.client.post(`/api/pipeline-deals/${deal.id}/promote`);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      status: 1,
      name: 'Quantum Kettles Ltd',
      target_raise: '400000.00',
      industry: 'Hardware',
      source_deal_id: deal.id,
    });
  });

  it('soft-deletes an opportunity nobody holds money in, and refuses one they do', async () => {
    const free = await createOpportunityRow(t, { status: 1 });
    expect((await admin.client.request({ method: 'DELETE', url: `/api/investment-opportunities/${free.id}` })).statusCode).toBe(204);
    const [row] = await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, free.id));
    expect(row.deletedAt).not.toBeNull();
    expect((await admin.client.get(`/api/investment-opportunities/${free.id}`)).statusCode).toBe(404);
    const held = await createOpportunityRow(t, { status: 2 });
    await createInvestmentRow(t, { opportunityId: held.id, userId: (await createUser(t.ctx)).id, amount: '1000.00' });
    expect((await admin.client.request({ method: 'DELETE', url: `/api/investment-opportunities/${held.id}` })).statusCode).toBe(422);
  });
});
