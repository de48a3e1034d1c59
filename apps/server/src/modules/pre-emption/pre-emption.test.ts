import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, investments, notifications } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';

const clock = fixedClock(new Date('2026-11-20T09:00:00Z'));
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

type Holder = Awaited<ReturnType<typeof signedIn>>;

/** A completed company held by three investors with 1,000, 2,000 and 3,000 shares bought at £1.00. */
async function heldCompany(status = 5) {
  const opportunity = await createOpportunityRow(t, { status, sharePrice: '1.000000' });
  const holders: Holder[] = [];
  for (const shares of ['1000', '2000', '3000']) {
    const holder = await signedIn(t, Role.User);
    const row = await createInvestmentRow(t, {
      opportunityId: opportunity.id,
      userId: holder.user.id,
      amount: `${shares}.00`,
      status: 'completed',
    });
    await t.db
      .update(investments)
      .set({ shares: `${shares}.000000`, sharePrice: '1.000000', paidAt: new Date('2024-01-01T12:00:00Z') })
      .where(eq(investments.id, row.id));
    holders.push(holder);
  }
  return { opportunity, holders };
}

const round = (opportunityId: number, overrides: Record<string, unknown> = {}) => ({
  opportunity_id: opportunityId,
  name: 'Series B pre-emption',
  price_per_share: '2.50',
  amount_available: '10000',
  deadline: '2026-11-30',
  ...overrides,
});

describe('opening a round', () => {
  it('snapshots each holder’s pro-rata entitlement in whole shares, notifies the holders and logs it', async () => {
    const { opportunity, holders } = await heldCompany();
    const response = await admin.client.post('/api/pre-emption-rounds', round(opportunity.id));
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    // £10,000 at £2.50 offers 4,000 shares over 6,000 held: 666, 1,333 and 2,000 shares.
    expect(data).toMatchObject({
      name: 'Series B pre-emption',
      price_per_share: '2.500000',
      amount_available: '10000.00',
      shares_offered: '4000.000000',
      deadline: '2026-11-30',
      is_open: true,
      accepts_choices: true,
    });
    const byUser = new Map(data.entitlements.map((e: { user: { id: number } }) => [e.user.id, e]));
    expect(byUser.get(holders[0].user.id)).toMatchObject({
      shares_held: '1000.000000',
      entitled_shares: '666.000000',
      entitled_amount: '1665.00',
      choice: 5,
      choice_key: 'awaiting',
      requested_amount: null,
    });
    expect(byUser.get(holders[1].user.id)).toMatchObject({ entitled_shares: '1333.000000', entitled_amount: '3332.50' });
    expect(byUser.get(holders[2].user.id)).toMatchObject({ entitled_shares: '2000.000000', entitled_amount: '5000.00' });
    expect(data.totals).toMatchObject({
      holders: 3,
      responded: 0,
      entitled_shares: '3999.000000',
      entitled_amount: '9997.50',
      requested_amount: '0.00',
      by_choice: { awaiting: 3 },
    });

    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, holders[0].user.id));
    expect(notice.data).toMatchObject({ icon: 'investment_opportunity_invited', cta: `/investor/portfolio/${opportunity.id}` });
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'opportunity'), eq(activityLog.subjectId, String(opportunity.id))));
    expect(logs.map((l) => l.action)).toEqual(['pre_emption_round_opened']);

    const listed = (await admin.client.get(`/api/pre-emption-rounds?filter[opportunity_id]=${opportunity.id}`)).json().data;
    expect(listed.map((r: { id: number }) => r.id)).toEqual([data.id]);
  });

  it('answers 422 with field messages, one open round at a time, and only on completed investments with holders', async () => {
    const { opportunity } = await heldCompany();
    const invalid = await admin.client.post('/api/pre-emption-rounds', {
      opportunity_id: opportunity.id,
      name: '',
      price_per_share: '0',
      amount_available: '1.999',
      deadline: '30/11/2026',
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['amount_available', 'deadline', 'name', 'price_per_share']);
    expect(
      (await admin.client.post('/api/pre-emption-rounds', round(opportunity.id, { deadline: '2026-11-19' }))).json().errors.deadline,
    ).toBeDefined();
    expect(
      (await admin.client.post('/api/pre-emption-rounds', round(opportunity.id, { amount_available: '2.00' }))).json().errors
        .amount_available,
    ).toBeDefined();
    expect((await admin.client.post('/api/pre-emption-rounds', round(opportunity.id))).statusCode).toBe(201);
    const second = await admin.client.post('/api/pre-emption-rounds', round(opportunity.id));
    expect(second.statusCode).toBe(422);
    expect(second.json().errors.name).toEqual(['Another round is open on this investment: close it first.']);

    const matured = await heldCompany(6);
    expect((await admin.client.post('/api/pre-emption-rounds', round(matured.opportunity.id))).json().errors.opportunity_id).toBeDefined();
    const empty = await createOpportunityRow(t, { status: 5 });
    expect((await admin.client.post('/api/pre-emption-rounds', round(empty.id))).json().errors.opportunity_id).toEqual([
      'Nobody holds shares in this investment yet.',
    ]);
    // Rounds belong to existing investments: a live opportunity has no such page.
    const live = await createOpportunityRow(t, { status: 2 });
    expect((await admin.client.post('/api/pre-emption-rounds', round(live.id))).statusCode).toBe(404);
  });
});

describe('choices', () => {
  it('lets an investor see only their own entitlement and choose to increase; staff see it in the totals', async () => {
    const { opportunity, holders } = await heldCompany();
    const created = (await admin.client.post('/api/pre-emption-rounds', round(opportunity.id))).json().data;
    const [isla, other] = holders;
    const mine = (await isla.client.get(`/api/my/portfolio/${opportunity.id}/pre-emption-rounds`)).json().data;
    expect(mine).toHaveLength(1);
    expect(mine[0].totals).toBeUndefined();
    expect(mine[0].entitlements).toHaveLength(1);
    const entitlement = mine[0].entitlements[0];
    expect(entitlement).toMatchObject({ user: { id: isla.user.id }, entitled_amount: '1665.00' });

    const tooLittle = await isla.client.post(`/api/my/pre-emption-entitlements/${entitlement.id}/choice`, {
      choice: 3,
      requested_amount: '1000',
    });
    expect(tooLittle.statusCode).toBe(422);
    expect(tooLittle.json().errors.requested_amount).toEqual(['To increase, enter more than the entitlement of £1,665.00.']);
    expect(
      (await isla.client.post(`/api/my/pre-emption-entitlements/${entitlement.id}/choice`, { choice: 4 })).json().errors.choice,
    ).toBeDefined();
    expect(
      (await isla.client.post(`/api/my/pre-emption-entitlements/${entitlement.id}/choice`, { choice: 9 })).json().errors.choice,
    ).toBeDefined();

    const chosen = await isla.client.post(`/api/my/pre-emption-entitlements/${entitlement.id}/choice`, {
      choice: '3',
      requested_amount: '2500',
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.entitlements[0]).toMatchObject({
      choice: 3,
      choice_key: 'increase',
      requested_amount: '2500.00',
      requested_shares: '1000.000000',
      chosen_by: { id: isla.user.id },
    });

    // Another investor's entitlement and holding are not found, not forbidden.
    expect((await other.client.post(`/api/my/pre-emption-entitlements/${entitlement.id}/choice`, { choice: 2 })).statusCode).toBe(404);
    const stranger = await signedIn(t, Role.User);
    expect((await stranger.client.get(`/api/my/portfolio/${opportunity.id}/pre-emption-rounds`)).statusCode).toBe(404);
    expect((await admin.client.get(`/api/my/portfolio/${opportunity.id}/pre-emption-rounds`)).statusCode).toBe(403);
    expect((await agent(t.app).get(`/api/my/portfolio/${opportunity.id}/pre-emption-rounds`)).statusCode).toBe(401);

    const staffView = (await admin.client.get(`/api/pre-emption-rounds/${created.id}`)).json().data;
    expect(staffView.entitlements.find((e: { id: number }) => e.id === entitlement.id)).toMatchObject({
      choice_label: 'Increase',
      requested_amount: '2500.00',
    });
    expect(staffView.totals).toMatchObject({
      responded: 1,
      requested_amount: '2500.00',
      requested_shares: '1000.000000',
      by_choice: { increase: 1, awaiting: 2 },
    });
    // Nobody else has taken up yet: closing now would allot the whole ask of 1,000 shares.
    expect(staffView.totals).toMatchObject({
      allotted_shares: '1000.000000',
      allotted_amount: '2500.00',
      unallotted_shares: '3000.000000',
    });

    // The others take up in full and the second holder asks for 2,000 on 1,333: 3,999 shares are
    // entitled and one is left, which goes to the larger of the two holdings asking for more.
    type Line = { id: number; user: { id: number }; allotted_shares: string };
    const lineOf = (lines: Line[], holder: Holder) => lines.find((e) => e.user.id === holder.user.id)!;
    await admin.client.post(`/api/pre-emption-rounds/${created.id}/choices`, {
      entitlement_id: lineOf(staffView.entitlements, other).id,
      choice: 3,
      requested_amount: '5000',
    });
    const full = (
      await admin.client.post(`/api/pre-emption-rounds/${created.id}/choices`, {
        entitlement_id: lineOf(staffView.entitlements, holders[2]).id,
        choice: 2,
      })
    ).json().data;
    expect(holders.map((h) => lineOf(full.entitlements, h).allotted_shares)).toEqual(['666.000000', '1334.000000', '2000.000000']);
    expect(full.totals).toMatchObject({
      oversubscribed_shares: '1000.000000',
      allotted_shares: '4000.000000',
      allotted_amount: '10000.00',
      unallotted_shares: '0.000000',
    });
    const islaSees = (await isla.client.get(`/api/my/portfolio/${opportunity.id}/pre-emption-rounds`)).json().data[0].entitlements;
    expect(islaSees).toEqual([expect.objectContaining({ id: entitlement.id, allotted_shares: '666.000000', allotted_amount: '1665.00' })]);
  });

  it('lets staff record any choice while the round is open; investors only until the deadline', async () => {
    const { opportunity, holders } = await heldCompany();
    const created = (await admin.client.post('/api/pre-emption-rounds', round(opportunity.id, { deadline: '2026-11-21' }))).json().data;
    // Entitlements are listed by holder name: each is taken by its holder, who hold 1,000, 2,000 and 3,000 shares.
    type Entitlement = { id: number; user: { id: number } };
    const entitlementOf = (data: { entitlements: Entitlement[] }, entitlement: Entitlement) =>
      data.entitlements.find((e) => e.id === entitlement.id);
    const [first, second, third] = holders.map(
      (holder) => (created.entitlements as Entitlement[]).find((e) => e.user.id === holder.user.id)!,
    );
    const recorded = await admin.client.post(`/api/pre-emption-rounds/${created.id}/choices`, { entitlement_id: first.id, choice: 4 });
    expect(recorded.statusCode).toBe(200);
    expect(entitlementOf(recorded.json().data, first)).toMatchObject({ choice_key: 'notApplicable', chosen_by: { id: admin.user.id } });
    const maintain = (
      await admin.client.post(`/api/pre-emption-rounds/${created.id}/choices`, {
        entitlement_id: second.id,
        choice: 2,
        requested_amount: '1',
      })
    ).json().data;
    expect(entitlementOf(maintain, second)).toMatchObject({ requested_amount: '3332.50', requested_shares: '1333.000000' });
    expect(
      (await admin.client.post(`/api/pre-emption-rounds/${created.id}/choices`, { entitlement_id: 999999, choice: 2 })).json().errors
        .entitlement_id,
    ).toBeDefined();
    expect(
      (await admin.client.post(`/api/pre-emption-rounds/${created.id}/choices`, { entitlement_id: third.id, choice: 6 })).json().errors
        .requested_amount,
    ).toBeDefined();

    // The day after the deadline the investor is refused; staff may still record a late reply.
    clock.set(new Date('2026-11-22T08:00:00Z'));
    const holder = holders.find((h) => h.user.id === third.user.id)!;
    const late = agent(t.app);
    await late.login(holder.user.email);
    const refused = await late.post(`/api/my/pre-emption-entitlements/${third.id}/choice`, { choice: 2 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.choice).toEqual(['This round has closed: contact us if you still wish to take part.']);
    const staff = agent(t.app);
    await staff.login(admin.user.email);
    expect((await staff.post(`/api/pre-emption-rounds/${created.id}/choices`, { entitlement_id: third.id, choice: 1 })).statusCode).toBe(
      200,
    );

    // Closing stops every change and fixes the allotment; the investor sees what they were allotted.
    const closed = await staff.patch(`/api/pre-emption-rounds/${created.id}`, { is_open: false });
    expect(closed.json().data).toMatchObject({ is_open: false, accepts_choices: false });
    expect(closed.json().data.totals).toMatchObject({
      allotted_shares: '1333.000000',
      allotted_amount: '3332.50',
      unallotted_shares: '2667.000000',
    });
    expect(
      (await staff.post(`/api/pre-emption-rounds/${created.id}/choices`, { entitlement_id: third.id, choice: 2 })).json().errors.choice,
    ).toBeDefined();
    const seen = (await late.get(`/api/my/portfolio/${opportunity.id}/pre-emption-rounds`)).json().data;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ is_open: false, accepts_choices: false });
    expect(seen[0].entitlements).toEqual([
      expect.objectContaining({ id: third.id, choice_key: 'dontTake', allotted_shares: '0.000000', allotted_amount: '0.00' }),
    ]);
    clock.set(new Date('2026-11-20T09:00:00Z'));
  });
});

describe('managing rounds', () => {
  it('withdraws an unanswered round softly, refuses once answered, and answers 400 and 404', async () => {
    const { opportunity } = await heldCompany();
    const unanswered = (await admin.client.post('/api/pre-emption-rounds', round(opportunity.id))).json().data;
    expect((await admin.client.request({ method: 'DELETE', url: `/api/pre-emption-rounds/${unanswered.id}` })).statusCode).toBe(204);
    expect((await admin.client.get(`/api/pre-emption-rounds/${unanswered.id}`)).statusCode).toBe(404);
    const answered = (await admin.client.post('/api/pre-emption-rounds', round(opportunity.id))).json().data;
    await admin.client.post(`/api/pre-emption-rounds/${answered.id}/choices`, { entitlement_id: answered.entitlements[0].id, choice: 1 });
    expect((await admin.client.request({ method: 'DELETE', url: `/api/pre-emption-rounds/${answered.id}` })).statusCode).toBe(409);
    const renamed = await admin.client.patch(`/api/pre-emption-rounds/${answered.id}`, { name: 'Series B top-up', deadline: '2026-12-15' });
    expect(renamed.json().data).toMatchObject({ name: 'Series B top-up', deadline: '2026-12-15' });
    expect(
      (await admin.client.patch(`/api/pre-emption-rounds/${answered.id}`, { name: '', is_open: 'maybe' })).json().errors,
    ).toHaveProperty('is_open');

    expect((await admin.client.get('/api/pre-emption-rounds')).statusCode).toBe(400);
    expect((await admin.client.get(`/api/pre-emption-rounds?filter[opportunity_id]=${opportunity.id}&sort=name`)).statusCode).toBe(400);
    expect((await admin.client.get('/api/pre-emption-rounds/999999')).statusCode).toBe(404);
    expect((await admin.client.get('/api/pre-emption-rounds?filter[opportunity_id]=999999')).statusCode).toBe(404);
  });

  it('follows the permission table for every staff role, and 401 without a session', async () => {
    const { opportunity } = await heldCompany();
    const created = (await admin.client.post('/api/pre-emption-rounds', round(opportunity.id))).json().data;
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const may = (action: 'show' | 'update' | 'delete') => can(roleId, 'existing_opportunities', action);
      expect((await client.get(`/api/pre-emption-rounds?filter[opportunity_id]=${opportunity.id}`)).statusCode, `role ${roleId} list`).toBe(
        may('show') ? 200 : 403,
      );
      expect((await client.get(`/api/pre-emption-rounds/${created.id}`)).statusCode, `role ${roleId} show`).toBe(may('show') ? 200 : 403);
      // An empty form: the permission is checked first, then the fields.
      expect((await client.post('/api/pre-emption-rounds', {})).statusCode, `role ${roleId} create`).toBe(may('update') ? 422 : 403);
      expect((await client.post(`/api/pre-emption-rounds/${created.id}/choices`, {})).statusCode, `role ${roleId} choose`).toBe(
        may('update') ? 422 : 403,
      );
      expect((await client.patch(`/api/pre-emption-rounds/${created.id}`, { name: '' })).statusCode, `role ${roleId} edit`).toBe(
        may('update') ? 422 : 403,
      );
      expect((await client.request({ method: 'DELETE', url: '/api/pre-emption-rounds/999999' })).statusCode, `role ${roleId} delete`).toBe(
        may('delete') ? 404 : 403,
      );
    }
    const anonymous = agent(t.app);
    expect((await anonymous.get(`/api/pre-emption-rounds/${created.id}`)).statusCode).toBe(401);
    expect((await anonymous.post('/api/pre-emption-rounds', round(opportunity.id))).statusCode).toBe(401);
    expect((await anonymous.post(`/api/my/pre-emption-entitlements/${created.entitlements[0].id}/choice`, { choice: 2 })).statusCode).toBe(
      401,
    );
    expect((await anonymous.get(`/api/pre-emption-rounds?filter[opportunity_id]=${opportunity.id}`)).statusCode).toBe(401);
    expect((await anonymous.patch(`/api/pre-emption-rounds/${created.id}`, { name: 'x' })).statusCode).toBe(401);
    expect((await anonymous.request({ method: 'DELETE', url: `/api/pre-emption-rounds/${created.id}` })).statusCode).toBe(401);
    expect((await anonymous.post(`/api/pre-emption-rounds/${created.id}/choices`, { entitlement_id: 1, choice: 2 })).statusCode).toBe(401);
  });
});

describe('field messages', () => {
  it('names what is missing when the form sends nothing', async () => {
    const { opportunity } = await heldCompany();
    const { errors } = (await admin.client.post('/api/pre-emption-rounds', { opportunity_id: opportunity.id })).json();
    expect(errors).toEqual({
      name: ['Name the round, e.g. "Series B pre-emption".'],
      price_per_share: ['Enter the price per share of the new shares.'],
      amount_available: ['Enter the amount the company is raising from its holders.'],
      deadline: ['Enter the last day holders may answer.'],
    });
    const created = (await admin.client.post('/api/pre-emption-rounds', round(opportunity.id))).json().data;
    expect((await admin.client.post(`/api/pre-emption-rounds/${created.id}/choices`, {})).json().errors).toEqual({
      entitlement_id: ['Choose a holder.'],
      choice: ['Choose an answer.'],
    });
  });
});

describe('staff-only holdings', () => {
  it('counts a private holding in the entitlements but never shows it to the investor', async () => {
    const { opportunity } = await heldCompany();
    const hidden = await signedIn(t, Role.User);
    const row = await createInvestmentRow(t, {
      opportunityId: opportunity.id,
      userId: hidden.user.id,
      amount: '600.00',
      status: 'completed',
      type: 'private_manual',
    });
    await t.db
      .update(investments)
      .set({ shares: '600.000000', paidAt: new Date('2024-01-01T12:00:00Z') })
      .where(eq(investments.id, row.id));
    const created = (await admin.client.post('/api/pre-emption-rounds', round(opportunity.id))).json().data;
    expect(created.entitlements.find((e: { user: { id: number } }) => e.user.id === hidden.user.id)).toMatchObject({
      shares_held: '600.000000',
    });
    expect((await hidden.client.get(`/api/my/portfolio/${opportunity.id}/pre-emption-rounds`)).statusCode).toBe(404);
    const entitlement = created.entitlements.find((e: { user: { id: number } }) => e.user.id === hidden.user.id);
    expect((await hidden.client.post(`/api/my/pre-emption-entitlements/${entitlement.id}/choice`, { choice: 2 })).statusCode).toBe(404);
  });
});

describe('answers at the same time', () => {
  it('takes every holder’s answer when they arrive together with the round closing, and none after it closed', async () => {
    const opportunity = await createOpportunityRow(t, { status: 5, sharePrice: '1.000000' });
    const holders: Holder[] = [];
    for (let i = 0; i < 8; i++) {
      const holder = await signedIn(t, Role.User);
      const row = await createInvestmentRow(t, {
        opportunityId: opportunity.id,
        userId: holder.user.id,
        amount: '1000.00',
        status: 'completed',
      });
      await t.db
        .update(investments)
        .set({ shares: '1000.000000', paidAt: new Date('2024-01-01T12:00:00Z') })
        .where(eq(investments.id, row.id));
      holders.push(holder);
    }
    const created = (await admin.client.post('/api/pre-emption-rounds', round(opportunity.id))).json().data;
    const idOf = new Map(created.entitlements.map((e: { id: number; user: { id: number } }) => [e.user.id, e.id]));
    const answers = holders.map((h) => h.client.post(`/api/my/pre-emption-entitlements/${idOf.get(h.user.id)}/choice`, { choice: 2 }));
    const close = admin.client.patch(`/api/pre-emption-rounds/${created.id}`, { is_open: false });
    const results = await Promise.all([...answers, close]);
    const accepted = results.slice(0, -1).filter((r) => r.statusCode === 200).length;
    expect(results.slice(0, -1).every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    expect(results.at(-1)!.statusCode).toBe(200);
    const final = (await admin.client.get(`/api/pre-emption-rounds/${created.id}`)).json().data;
    expect(final.is_open).toBe(false);
    // Every accepted answer is counted, and nothing was written once the round had closed.
    expect(final.totals.responded).toBe(accepted);
    expect(final.totals.by_choice.maintain).toBe(accepted);
  });
});
