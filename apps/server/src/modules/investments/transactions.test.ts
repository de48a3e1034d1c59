import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, OPPORTUNITY_PERMISSION_EVENT, Role, ROLE_IDS, type RoleId } from '@platform/domain';
import { activityLog, investmentOpportunities, investments, notifications } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { agent, createUser, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOrganisationFor } from '../../test/investments';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { completeOpportunityInvestments } from './service';

const clock = fixedClock(new Date('2025-03-10T09:30:00Z'));
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const staff = new Map<RoleId, Awaited<ReturnType<typeof signedIn>>>();

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
  for (const roleId of ROLE_IDS) staff.set(roleId, await signedIn(t, roleId));
});
afterAll(() => t.close());

const committedOf = async (id: number) =>
  (await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, id)))[0].committedAmount;
const fieldsOf = (response: { json(): { errors?: Record<string, string[]> } }) => Object.keys(response.json().errors ?? {});
const actionsOn = async (id: number) =>
  (
    await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'investment'), eq(activityLog.subjectId, String(id))))
  ).map((l) => l.action);

describe('access by the permission table', () => {
  it('answers 401 logged out on every staff route', async () => {
    const anonymous = agent(t.app);
    for (const [method, url] of [
      ['GET', '/api/investments'],
      ['GET', '/api/investments/export'],
      ['GET', '/api/investments/1'],
      ['POST', '/api/investments/manual'],
      ['POST', '/api/investments/1/cash-call'],
      ['POST', '/api/investments/1/mark-paid'],
      ['POST', '/api/investments/1/cancel'],
    ]) {
      expect((await anonymous.request({ method: method as 'GET', url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(
        401,
      );
    }
  });

  it.each([
    ['live', 2],
    ['existing', 5],
  ])('walks every role through the routes of a %s opportunity', async (_label, status) => {
    const event = OPPORTUNITY_PERMISSION_EVENT(status);
    const opportunity = await createOpportunityRow(t, { status, targetRaise: '10000000.00' });
    const investor = await createUser(t.ctx);
    const anyIndex = (roleId: RoleId) => can(roleId, 'live_opportunities', 'index') || can(roleId, 'existing_opportunities', 'index');
    for (const roleId of ROLE_IDS) {
      const { client } = staff.get(roleId)!;
      const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.id, amount: '1000.00' });
      const may = (action: 'index' | 'show' | 'create' | 'update') => can(roleId, event, action);
      const list = await client.get(`/api/investments?filter[opportunity_id]=${opportunity.id}`);
      expect(list.statusCode, `role ${roleId} index`).toBe(anyIndex(roleId) ? 200 : 403);
      if (list.statusCode === 200) expect(list.json().meta.total > 0, `role ${roleId} sees rows`).toBe(can(roleId, event, 'index'));
      expect((await client.get('/api/investments/export')).statusCode, `role ${roleId} export`).toBe(anyIndex(roleId) ? 200 : 403);
      expect((await client.get(`/api/investments/${row.id}`)).statusCode, `role ${roleId} show`).toBe(
        anyIndex(roleId) && may('show') ? 200 : 403,
      );
      // Existing (completed) opportunities take no new entries: a role allowed to create gets a 422 instead.
      const manual = await client.post('/api/investments/manual', { opportunity_id: opportunity.id, user_id: investor.id, amount: '1000' });
      const createAny = can(roleId, 'live_opportunities', 'create') || can(roleId, 'existing_opportunities', 'create');
      expect(manual.statusCode, `role ${roleId} create`).toBe(!createAny || !may('create') ? 403 : status === 2 ? 201 : 422);
      expect((await client.post(`/api/investments/${row.id}/cash-call`, {})).statusCode, `role ${roleId} update`).toBe(
        may('update') ? 200 : 403,
      );
    }
  });
});

describe('GET /api/investments', () => {
  let opportunityId: number;
  let ids: { small: number; large: number; paid: number; privateManual: number };
  let investorId: number;

  beforeAll(async () => {
    const opportunity = await createOpportunityRow(t, { name: 'Listed Ltd', targetRaise: '1000000.00' });
    opportunityId = opportunity.id;
    const investor = await createUser(t.ctx, { name: 'Listed Investor' });
    investorId = investor.id;
    const org = await createOrganisationFor(t, investor.id, 'Listed Holdings');
    const other = await createUser(t.ctx);
    ids = {
      small: (await createInvestmentRow(t, { opportunityId, userId: investor.id, amount: '1000.00' })).id,
      large: (await createInvestmentRow(t, { opportunityId, userId: other.id, amount: '9000.00' })).id,
      paid: (await createInvestmentRow(t, { opportunityId, userId: investor.id, amount: '5000.00', status: 'paid' })).id,
      privateManual: (await createInvestmentRow(t, { opportunityId, userId: other.id, amount: '3000.00', type: 'private_manual' })).id,
    };
    await t.db.update(investments).set({ holderType: 'organisation', organisationId: org.id }).where(eq(investments.id, ids.paid));
  });

  it('filters by opportunity, investor, status and type, sorts, and includes relations', async () => {
    const all = (
      await admin.client.get(`/api/investments?filter[opportunity_id]=${opportunityId}&sort=-amount&include=user,opportunity,holder`)
    ).json();
    expect(all.data.map((i: { id: number }) => i.id)).toEqual([ids.large, ids.paid, ids.privateManual, ids.small]);
    expect(all.data[1]).toMatchObject({
      amount: '5000.00',
      status: 'paid',
      payment_reference: expect.any(String),
      user: { id: investorId, name: 'Listed Investor' },
      opportunity: { id: opportunityId, name: 'Listed Ltd' },
      holder: { type: 'organisation', name: 'Listed Holdings' },
    });
    expect(all.data[3].holder).toEqual({ type: 'personal', id: investorId, name: 'Listed Investor' });
    const mine = (
      await admin.client.get(`/api/investments?filter[opportunity_id]=${opportunityId}&filter[user_id]=${investorId}&sort=amount`)
    ).json();
    expect(mine.data.map((i: { id: number }) => i.id)).toEqual([ids.small, ids.paid]);
    expect((await admin.client.get(`/api/investments?filter[opportunity_id]=${opportunityId}&filter[status]=paid`)).json().meta.total).toBe(
      1,
    );
    expect(
      (await admin.client.get(`/api/investments?filter[opportunity_id]=${opportunityId}&filter[type]=private_manual`)).json().data[0].id,
    ).toBe(ids.privateManual);
    // The spec's `type` parameter names the same kinds, several at once.
    const typed = (
      await admin.client.get(`/api/investments?filter[opportunity_id]=${opportunityId}&type=private_manual,pension&sort=amount`)
    ).json();
    expect(typed.data.map((i: { id: number }) => i.id)).toEqual([ids.privateManual]);
    const investorKind = (await admin.client.get(`/api/investments?filter[opportunity_id]=${opportunityId}&type=investor`)).json();
    expect(investorKind.meta.total).toBe(3);
    const unknownKind = await admin.client.get(`/api/investments?type=gift`);
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json().message).toContain(
      "Unknown type 'gift'. Allowed types: investor, subsequent, org, pension, manual, private_manual.",
    );
    const fields = (
      await admin.client.get(`/api/investments?filter[opportunity_id]=${opportunityId}&filter[status]=paid&fields[investments]=amount`)
    ).json();
    expect(fields.data).toEqual([{ id: ids.paid, amount: '5000.00' }]);
  });

  it('pages through the list in its order, ties broken by id, each live row once', async () => {
    // Rows that tie on every sort key but the id: a page is read ids first (decision 0075), and the
    // rows of a page must come back in the order of those ids.
    const tied = await createOpportunityRow(t, { name: 'Paged Ltd', targetRaise: '1000000.00' });
    const investor = await createUser(t.ctx);
    const created: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const row = await createInvestmentRow(t, { opportunityId: tied.id, userId: investor.id, amount: i % 2 ? '2000.00' : '1000.00' });
      created.push(row.id);
    }
    await t.db
      .update(investments)
      .set({ createdAt: new Date('2025-03-01T10:00:00Z') })
      .where(eq(investments.opportunityId, tied.id));
    await t.db.update(investments).set({ deletedAt: new Date() }).where(eq(investments.id, created[3]));
    const live = created.filter((id) => id !== created[3]);
    const amountOf = new Map(created.map((id, i) => [id, i % 2 ? 2000 : 1000]));
    const expected: Record<string, number[]> = {
      '-created_at': live,
      amount: [...live].sort((a, b) => amountOf.get(a)! - amountOf.get(b)! || a - b),
      // Its first page holds a smaller id after larger ones: the rows must follow the page's ids.
      '-amount': [...live].sort((a, b) => amountOf.get(b)! - amountOf.get(a)! || a - b),
    };
    for (const [sort, ids] of Object.entries(expected)) {
      const pages: number[] = [];
      for (let page = 1; page <= 2; page += 1) {
        const answer = (
          await admin.client.get(`/api/investments?filter[opportunity_id]=${tied.id}&sort=${sort}&per_page=3&page=${page}`)
        ).json();
        expect(answer.meta).toMatchObject({ total: 6, last_page: 2, current_page: page });
        pages.push(...answer.data.map((i: { id: number }) => i.id));
      }
      expect(pages, sort).toEqual(ids);
    }
  });

  it.each([
    ['filter[colour]=red'],
    ['filter[status]=lost'],
    ['filter[type]=gift'],
    ['sort=secret'],
    ['include=everything'],
    ['filter[user_id]=x'],
  ])('answers 400 for %s', async (query) => {
    expect((await admin.client.get(`/api/investments?${query}`)).statusCode).toBe(400);
  });

  it('shows one investment and 404s a missing one', async () => {
    const shown = (await admin.client.get(`/api/investments/${ids.small}?include=user`)).json();
    expect(shown.data).toMatchObject({ id: ids.small, user: { id: investorId } });
    expect((await admin.client.get('/api/investments/999999')).statusCode).toBe(404);
  });

  it('exports the list as CSV and Excel', async () => {
    const csv = await admin.client.get(`/api/investments/export?format=csv&filter[opportunity_id]=${opportunityId}&sort=amount`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'ID,Investor,Email,Opportunity,Type,Status,Held,Holder,Amount,Currency,Shares,Share price,Payment reference,Created,Paid,Cancel reason',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain('Listed Investor');
    expect(lines[1]).toContain('1000.00');
    expect(lines.find((l) => l.startsWith(`${ids.paid},`))).toContain('Listed Holdings');
    const xlsx = await admin.client.get(`/api/investments/export?format=xlsx&filter[opportunity_id]=${opportunityId}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await admin.client.get('/api/investments/export?format=pdf')).statusCode).toBe(400);
  });
});

describe('POST /api/investments/manual', () => {
  it('records a manual or private entry for any investor, reserved or paid on the app clock', async () => {
    const opportunity = await createOpportunityRow(t, { targetRaise: '20000.00', sharePrice: '4.000000' });
    const investor = await createUser(t.ctx);
    const reserved = await admin.client.post('/api/investments/manual', {
      opportunity_id: opportunity.id,
      user_id: investor.id,
      amount: '5000',
      type: 'manual',
    });
    expect(reserved.statusCode).toBe(201);
    expect(reserved.json().data).toMatchObject({
      type: 'manual',
      status: 'reserved',
      paid_at: null,
      shares: '1250.000000',
      created_by: admin.user.id,
    });
    const paid = await admin.client.post('/api/investments/manual', {
      opportunity_id: opportunity.id,
      user_id: investor.id,
      amount: '5000',
      type: 'private_manual',
      status: 'paid',
    });
    expect(paid.json().data).toMatchObject({ type: 'private_manual', status: 'paid', paid_at: '2025-03-10T09:30:00.000Z' });
    expect(await committedOf(opportunity.id)).toBe('10000.00');
    expect(await actionsOn(paid.json().data.id)).toEqual(['created']);
    // Staff entries tell nobody; the investor never sees the private one.
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, investor.id))).toEqual([]);
  });

  it('keeps to the same limits and refuses what is not an investor, a live opportunity or a valid entry', async () => {
    const opportunity = await createOpportunityRow(t, {
      targetRaise: '10000.00',
      minimumInvestment: '1000.00',
      maximumInvestment: '6000.00',
    });
    const investor = await createUser(t.ctx);
    const colleague = await createUser(t.ctx, { roleId: Role.Support });
    const draft = await createOpportunityRow(t, { status: 1 });
    const closed = await createOpportunityRow(t, { status: 4 });
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.id, amount: '5000.00' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ opportunity_id: opportunity.id, user_id: investor.id, amount: '500' }, 'amount'],
      [{ opportunity_id: opportunity.id, user_id: investor.id, amount: '1000.01' }, 'amount'],
      [{ opportunity_id: opportunity.id, user_id: colleague.id, amount: '1000' }, 'user_id'],
      [{ opportunity_id: draft.id, user_id: investor.id, amount: '1000' }, 'opportunity_id'],
      [{ opportunity_id: 999999, user_id: investor.id, amount: '1000' }, 'opportunity_id'],
      [{ opportunity_id: opportunity.id, user_id: investor.id, amount: '1000', type: 'investor' }, 'type'],
      [{ opportunity_id: opportunity.id, user_id: investor.id, amount: '1000', status: 'completed' }, 'status'],
      [{ opportunity_id: opportunity.id, amount: '1000' }, 'user_id'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/investments/manual', payload);
      expect({ field, status: response.statusCode, errors: fieldsOf(response) }).toEqual({ field, status: 422, errors: [field] });
    }
    const over = await admin.client.post('/api/investments/manual', {
      opportunity_id: opportunity.id,
      user_id: investor.id,
      amount: '1000.01',
    });
    expect(over.json().errors.amount[0]).toBe(
      'The maximum investment is £6,000.00 per investor. This investor has £5,000.00 committed already, so at most £1,000.00 more.',
    );
    const other = await createUser(t.ctx);
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: other.id, amount: '4500.00' });
    const oversubscribed = await admin.client.post('/api/investments/manual', {
      opportunity_id: opportunity.id,
      user_id: other.id,
      amount: '1000',
    });
    expect(oversubscribed.json().errors).toEqual({ amount: ['Only £500.00 remains available.'] });
    expect(
      (await admin.client.post('/api/investments/manual', { opportunity_id: closed.id, user_id: investor.id, amount: '1000' })).statusCode,
    ).toBe(201);
  });
});

describe('moving investments along', () => {
  it('issues a cash call (telling the investor), takes payment, and refuses moves the lifecycle does not allow', async () => {
    const opportunity = await createOpportunityRow(t, { name: 'Called plc' });
    const investor = await createUser(t.ctx);
    const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.id, amount: '2500.00' });

    const called = await admin.client.post(`/api/investments/${row.id}/cash-call`, {});
    expect(called.statusCode).toBe(200);
    expect(called.json().data).toMatchObject({ status: 'cash_call', cash_call_at: '2025-03-10T09:30:00.000Z' });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, investor.id));
    expect(note.data).toMatchObject({ icon: 'investment_opportunity_invested', cta: `/investor/investments/${opportunity.slug}` });
    expect(note.data.message).toContain('£2,500.00');

    expect(fieldsOf(await admin.client.post(`/api/investments/${row.id}/cash-call`, {}))).toEqual(['status']);
    clock.advance(60_000);
    const paid = await admin.client.post(`/api/investments/${row.id}/mark-paid`, {});
    expect(paid.json().data).toMatchObject({ status: 'paid', paid_at: '2025-03-10T09:31:00.000Z' });
    const back = await admin.client.post(`/api/investments/${row.id}/cash-call`, {});
    expect(back.statusCode).toBe(422);
    expect(await actionsOn(row.id)).toEqual(['cash_call', 'marked_paid']);

    const direct = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.id, amount: '1000.00' });
    expect((await admin.client.post(`/api/investments/${direct.id}/mark-paid`, {})).json().data.status).toBe('paid');
    const completed = await createInvestmentRow(t, {
      opportunityId: opportunity.id,
      userId: investor.id,
      amount: '1000.00',
      status: 'completed',
    });
    expect((await admin.client.post(`/api/investments/${completed.id}/cancel`, { reason: 'Too late' })).statusCode).toBe(422);
    expect((await admin.client.post(`/api/investments/${completed.id}/mark-paid`, {})).statusCode).toBe(422);
    expect((await admin.client.post('/api/investments/999999/mark-paid', {})).statusCode).toBe(404);
  });

  it('cancels with a reason and gives the money back to the raise in the same transaction', async () => {
    const opportunity = await createOpportunityRow(t, { targetRaise: '10000.00', maximumInvestment: '10000.00' });
    const investor = await createUser(t.ctx);
    const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.id, amount: '10000.00', status: 'paid' });
    expect(await committedOf(opportunity.id)).toBe('10000.00');
    const noReason = await admin.client.post(`/api/investments/${row.id}/cancel`, {});
    expect(fieldsOf(noReason)).toEqual(['reason']);
    const cancelled = await admin.client.post(`/api/investments/${row.id}/cancel`, { reason: 'Funds never arrived' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Funds never arrived',
      cancelled_at: expect.any(String),
    });
    expect(await committedOf(opportunity.id)).toBe('0.00');
    expect((await admin.client.post(`/api/investments/${row.id}/cancel`, { reason: 'Again' })).statusCode).toBe(422);
    expect(await committedOf(opportunity.id)).toBe('0.00');
    // The room it freed can be taken again.
    expect(
      (await admin.client.post('/api/investments/manual', { opportunity_id: opportunity.id, user_id: investor.id, amount: '10000' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('completeOpportunityInvestments', () => {
  it('refuses while any investment is reserved or awaiting payment, then completes the paid ones', async () => {
    const opportunity = await createOpportunityRow(t, { status: 4 });
    const [a, b, c] = [await createUser(t.ctx), await createUser(t.ctx), await createUser(t.ctx)];
    const open = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: a.id, amount: '1000.00', status: 'cash_call' });
    const paidA = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: a.id, amount: '1000.00', status: 'paid' });
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: b.id, amount: '1000.00', status: 'paid' });
    await createInvestmentRow(t, {
      opportunityId: opportunity.id,
      userId: c.id,
      amount: '1000.00',
      status: 'paid',
      type: 'private_manual',
    });
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: c.id, amount: '1000.00', status: 'cancelled' });
    const now = new Date('2025-04-01T12:00:00Z');

    const refusal = await t.db.transaction((tx) => completeOpportunityInvestments(tx, opportunity.id, now)).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(422);
    expect((refusal as AppError).message).toBe(
      'This opportunity cannot be completed: 1 investment(s) are still reserved or awaiting payment.',
    );

    await t.db.update(investments).set({ status: 'cancelled' }).where(eq(investments.id, open.id));
    const userIds = await t.db.transaction((tx) => completeOpportunityInvestments(tx, opportunity.id, now));
    expect(userIds.sort()).toEqual([a.id, b.id].sort());
    const rows = await t.db.select().from(investments).where(eq(investments.opportunityId, opportunity.id));
    expect(rows.filter((r) => r.status === 'completed')).toHaveLength(3);
    expect(rows.find((r) => r.id === paidA.id)?.completedAt?.toISOString()).toBe('2025-04-01T12:00:00.000Z');
    expect(await actionsOn(paidA.id)).toEqual(['completed']);
  });
});

describe('recording an investment the firm already holds', () => {
  const existing = {
    name: 'Harbour Robotics 2019',
    company_name: 'Harbour Robotics Ltd',
    share_price: '0.80',
    target_raise: '50000',
    completed_at: '2019-06-28',
  };

  it('creates it straight as Completed on its date, for the roles that may create existing investments', async () => {
    for (const roleId of ROLE_IDS) {
      const response = await staff
        .get(roleId)!
        .client.post('/api/investment-opportunities/existing', { ...existing, name: `${existing.name} ${roleId}` });
      expect(response.statusCode, `role ${roleId}`).toBe(can(roleId, 'existing_opportunities', 'create') ? 201 : 403);
    }
    // Entrepreneur is one of them (spec §6), without any right over live opportunities' creation.
    const created = await staff.get(Role.Entrepreneur)!.client.post('/api/investment-opportunities/existing', existing);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      status: 5,
      share_price: '0.800000',
      admin_path: `/admin/investments/existing/${created.json().data.id}/details`,
    });
    const [row] = await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, created.json().data.id));
    expect(row.completedAt?.toISOString()).toBe('2019-06-28T00:00:00.000Z');
    expect((await agent(t.app).post('/api/investment-opportunities/existing', existing)).statusCode).toBe(401);
  });

  it('answers 422 without the completion date or the share price, and for a date still to come', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...existing, completed_at: undefined }, 'completed_at'],
      [{ ...existing, completed_at: '2025-03-11' }, 'completed_at'],
      [{ ...existing, share_price: undefined }, 'share_price'],
      [{ ...existing, share_price: '0' }, 'share_price'],
      [{ ...existing, company_name: '' }, 'company_name'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/investment-opportunities/existing', payload);
      expect({ field, status: response.statusCode, errors: fieldsOf(response) }).toEqual({ field, status: 422, errors: [field] });
    }
  });

  it('takes dated completed holdings only, within its raise, and values them by the share price', async () => {
    const { id } = (await admin.client.post('/api/investment-opportunities/existing', { ...existing, name: 'Harbour Holdings' })).json()
      .data;
    const investor = await createUser(t.ctx);
    const held = await admin.client.post('/api/investments/manual', {
      opportunity_id: id,
      user_id: investor.id,
      amount: '8000',
      status: 'completed',
      invested_on: '2019-06-20',
    });
    expect(held.statusCode).toBe(201);
    expect(held.json().data).toMatchObject({ status: 'completed', shares: '10000.000000', paid_at: '2019-06-20T00:00:00.000Z' });
    expect(await committedOf(id)).toBe('8000.00');

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ opportunity_id: id, user_id: investor.id, amount: '1000' }, 'status'],
      [{ opportunity_id: id, user_id: investor.id, amount: '1000', status: 'paid', invested_on: '2019-06-20' }, 'status'],
      [{ opportunity_id: id, user_id: investor.id, amount: '1000', status: 'completed' }, 'invested_on'],
      [{ opportunity_id: id, user_id: investor.id, amount: '1000', status: 'completed', invested_on: '2030-01-01' }, 'invested_on'],
      [{ opportunity_id: id, user_id: investor.id, amount: '42000.01', status: 'completed', invested_on: '2019-06-20' }, 'amount'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/investments/manual', payload);
      expect({ field, status: response.statusCode, errors: fieldsOf(response) }).toEqual({ field, status: 422, errors: [field] });
    }
    expect(await committedOf(id)).toBe('8000.00');
  });
});
