import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  companyOutcomes,
  contacts,
  holdingRealisations,
  leadStatuses,
  notes,
  questionnaireAnswers,
  complianceQuestions,
  investmentOpportunities,
  investments,
  lookupValues,
  pipelineDeals,
  rewards,
  fundInvestments,
  organisationApplications,
  organisations,
  preEmptionRounds,
  sharePrices,
  termConditionAcceptances,
  termConditions,
  users,
} from './schema';
import { createRewardBody } from '@platform/domain';
import { DEMO_PASSWORD, seedDemo } from './seed';
import { agent, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  await seedDemo(t.ctx);
}, 120_000);
afterAll(() => t.close());

describe('demo data', () => {
  it('holds only entries of the lookup lists in its industry, type, sub-type and round-type fields', async () => {
    const entries = await t.db.select().from(lookupValues);
    const names = (list: string) => new Set(entries.filter((e) => e.list === list).map((e) => e.name));
    const held = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => v !== null))];
    const opportunities = await t.db.select().from(investmentOpportunities);
    const industries = [
      ...(await t.db.select({ v: pipelineDeals.industry }).from(pipelineDeals)).map((r) => r.v),
      ...(await t.db.select({ v: fundInvestments.industry }).from(fundInvestments)).map((r) => r.v),
      ...opportunities.map((o) => o.industry),
    ];
    expect(held(industries).filter((v) => !names('industries').has(v))).toEqual([]);
    expect(held(opportunities.map((o) => o.type)).filter((v) => !names('investment-types').has(v))).toEqual([]);
    expect(held(opportunities.map((o) => o.subType)).filter((v) => !names('investment-sub-types').has(v))).toEqual([]);
    expect(held(opportunities.map((o) => o.roundType)).filter((v) => !names('investment-round-types').has(v))).toEqual([]);
    expect(held(industries).length).toBeGreaterThan(10);
  });

  it('has two insider projects with insiders, one cleansed, and PA deals in every state', async () => {
    const client = agent(t.app);
    await client.login('support@demo.test', DEMO_PASSWORD);
    const projects = (await client.get('/api/insider-register/projects')).json().data;
    expect(projects).toHaveLength(2);
    expect(
      projects.map((p: { cleansing: unknown; current_insiders: number }) => [Boolean(p.cleansing), p.current_insiders > 0]).sort(),
    ).toEqual([
      [false, true],
      [true, false],
    ]);
    expect((await client.get('/api/insider-register/entries?filter[status]=ceased')).json().meta.total).toBe(2);
    const deals = (await client.get('/api/pa-deals?per_page=100')).json().data;
    expect([...new Set(deals.map((d: { status: string }) => d.status))].sort()).toEqual(['approved', 'executed', 'refused', 'requested']);
  });

  it('has a sanctions list uploaded and one demo investor as a potential match awaiting review', async () => {
    const client = agent(t.app);
    await client.login('support@demo.test', DEMO_PASSWORD);
    const lists = (await client.get('/api/screening/lists')).json().data;
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({ kind: 'sanctions', entry_count: 3, skipped_count: 1, superseded_at: null });
    const queue = (await client.get('/api/screening/matches?filter[status]=potential')).json();
    expect(queue.data.map((m: { investor: { email: string } }) => m.investor.email)).toEqual(['screening@demo.test']);
  });

  it('is idempotent and has opportunities in every status, one needing market sounding', async () => {
    const rows = await t.db.select().from(investmentOpportunities);
    expect(rows).toHaveLength(9);
    expect([...new Set(rows.map((r) => r.status))].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.filter((r) => r.marketSoundingRequired)).toHaveLength(1);
    // Each has version 1 of its terms, once, accepted by the investments that accepted terms.
    expect(rows.map((r) => r.termsVersion)).toEqual(rows.map(() => 1));
    expect(await t.db.select({ n: count() }).from(termConditions)).toEqual([{ n: rows.length }]);
    const accepted = await t.db.select({ n: count() }).from(investments).where(eq(investments.termsVersion, 1));
    expect(await t.db.select({ n: count() }).from(termConditionAcceptances)).toEqual(accepted);
    expect(accepted[0].n).toBeGreaterThan(0);
    const banks = await t.db
      .select({ bank: complianceQuestions.bank, n: count() })
      .from(complianceQuestions)
      .groupBy(complianceQuestions.bank);
    expect(banks.map((b) => [b.bank, Number(b.n)]).sort()).toEqual([
      ['a', 5],
      ['b', 5],
    ]);
    const outcomes = await t.db.select().from(companyOutcomes);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['exit', 'write-off']);
    expect(Number((await t.db.select({ n: count() }).from(sharePrices))[0].n)).toBeGreaterThan(12);
  });

  it('offers perks in tiers on a live opportunity, once however often it runs, each passing the rule against cash incentives', async () => {
    const [kettle] = await t.db
      .select({ id: investmentOpportunities.id })
      .from(investmentOpportunities)
      .where(eq(investmentOpportunities.name, 'Kettle & Co Seed'));
    const seeded = await t.db.select().from(rewards).where(eq(rewards.opportunityId, kettle.id));
    expect(seeded.map((r) => r.minAmount)).toEqual(['1000.00', '10000.00']);
    const client = agent(t.app);
    await client.login('investor@demo.test', DEMO_PASSWORD);
    const mine = (await client.get(`/api/my/rewards?opportunity_id=${kettle.id}`)).json().data;
    expect(mine.perks.map((p: { title: string }) => p.title)).toEqual(['20% off the online shop', 'Founders’ tasting evening']);
    for (const perk of seeded) {
      const asStaffWouldEnter = createRewardBody.safeParse({
        opportunity_id: kettle.id,
        min_amount: perk.minAmount,
        title: perk.title,
        description: perk.description,
        how_to_claim: perk.howToClaim,
      });
      expect(asStaffWouldEnter.error).toBeUndefined();
    }
  });

  it('records what every holder of the exited company received, and investor@demo.test sees it as realised', async () => {
    const [exit] = await t.db.select().from(companyOutcomes).where(eq(companyOutcomes.kind, 'exit'));
    const proceeds = await t.db.select().from(holdingRealisations).where(eq(holdingRealisations.outcomeId, exit.id));
    expect(proceeds.length).toBeGreaterThan(1);
    const client = agent(t.app);
    await client.login('investor@demo.test', DEMO_PASSWORD);
    const holding = (await client.get(`/api/my/portfolio/${exit.opportunityId}`)).json().data;
    // Everything was sold at the exit: nothing left to value, all of it realised.
    expect(holding).toMatchObject({ shares: '0.000000', current_value: '0.00' });
    expect(Number(holding.realised)).toBeGreaterThan(Number(holding.cost));
  });

  it('gives investor@demo.test investments in every state and an open Live - External opportunity', async () => {
    const client = agent(t.app);
    await client.login('investor@demo.test', DEMO_PASSWORD);
    const [isla] = await t.db.select().from(users).where(eq(users.email, 'investor@demo.test'));
    const held = await t.db.select().from(investments).where(eq(investments.userId, isla.id));
    expect([...new Set(held.map((i) => i.status))].sort()).toEqual(['cash_call', 'completed', 'paid', 'reserved']);
    const visible = (await client.get('/api/investment-opportunities?filter[status]=2')).json().data as Array<{ name: string }>;
    expect(visible.map((r) => r.name)).toContain('Heliotrope Energy Series A');
    const [opportunity] = await t.db
      .select()
      .from(investmentOpportunities)
      .where(eq(investmentOpportunities.slug, 'heliotrope-energy-series-a'));
    const images = (await client.get(`/api/investment-opportunities/${opportunity.id}/images`)).json().data as Array<{ url: string }>;
    expect(images).toHaveLength(2);
    const picture = await client.get(images[0].url);
    expect(picture.headers['content-type']).toBe('image/png');
    // Committed totals match the investments behind them.
    for (const row of await t.db.select().from(investmentOpportunities)) {
      const sum = (await t.db.select().from(investments).where(eq(investments.opportunityId, row.id))).reduce(
        (s, i) => s + Number(i.amount),
        0,
      );
      expect(Number(row.committedAmount), row.name).toBe(sum);
    }
  });

  it('dates every investment event on or before the day the demo was made', async () => {
    const now = Date.now();
    const events = (await t.db.select().from(investments)).flatMap((i) =>
      [i.createdAt, i.termsAcceptedAt, i.cashCallAt, i.paidAt, i.completedAt].filter((d): d is Date => d !== null),
    );
    expect(events.length).toBeGreaterThan(50);
    expect(events.filter((d) => d.getTime() > now)).toEqual([]);
  });

  it('holds an open pre-emption round on a holding of investor@demo.test, some holders answered, hers awaited', async () => {
    const investor = agent(t.app);
    await investor.login('investor@demo.test', DEMO_PASSWORD);
    const [orbital] = await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.name, 'Orbital Freight Series A'));
    const [round] = (await investor.get(`/api/my/portfolio/${orbital.id}/pre-emption-rounds`)).json().data;
    expect(round).toMatchObject({ name: 'Series B pre-emption', is_open: true, accepts_choices: true });
    expect(round.entitlements[0]).toMatchObject({ choice_key: 'awaiting' });
    const staff = agent(t.app);
    await staff.login('superadmin@demo.test', DEMO_PASSWORD);
    const [full] = (await staff.get(`/api/pre-emption-rounds?filter[opportunity_id]=${orbital.id}`)).json().data;
    expect(full.totals.responded).toBeGreaterThanOrEqual(3);
    expect((await staff.get(`/api/investment-opportunities/${orbital.id}/cap-table`)).statusCode).toBe(200);
    expect(Number((await t.db.select({ n: count() }).from(preEmptionRounds))[0].n)).toBe(1);
  });

  it('gives the holders: organisations with people (investor@demo.test a director), applications, methods, nominees holding investments', async () => {
    expect(await t.db.select().from(organisations)).toHaveLength(4);
    expect((await t.db.select().from(organisationApplications)).map((a) => a.status).sort()).toEqual([
      'approved',
      'pending',
      'pending',
      'rejected',
    ]);
    const client = agent(t.app);
    await client.login('investor@demo.test', DEMO_PASSWORD);
    const mine = (await client.get('/api/my/organisations')).json().data;
    expect(mine).toEqual([expect.objectContaining({ name: 'Beaumont Ventures Ltd', my_role: 'director' })]);
    expect((await client.get(`/api/my/organisations/${mine[0].id}`)).json().data.investments).toHaveLength(1);
    const held = await t.db.select().from(investments);
    expect(new Set(held.map((i) => i.holderType))).toEqual(new Set(['personal', 'organisation', 'investment_method', 'nominee']));
  });

  it('holds 300 leads across statuses, lead statuses and owners, with records, and questionnaires on investor@demo.test', async () => {
    const leads = await t.db.select().from(contacts);
    expect(leads).toHaveLength(300);
    expect([...new Set(leads.map((c) => c.status))].sort()).toEqual([1, 2, 3]);
    expect(new Set(leads.map((c) => c.leadStatusId)).size).toBeGreaterThan(3);
    expect(new Set(leads.map((c) => c.ownerId)).size).toBeGreaterThan(2);
    expect(Number((await t.db.select({ n: count() }).from(leadStatuses))[0].n)).toBe(5);
    expect(Number((await t.db.select({ n: count() }).from(notes).where(eq(notes.subjectType, 'contact')))[0].n)).toBe(75);
    const [investor] = await t.db.select().from(users).where(eq(users.email, 'investor@demo.test'));
    const forms = await t.db
      .select()
      .from(questionnaireAnswers)
      .where(and(eq(questionnaireAnswers.subjectType, 'user'), eq(questionnaireAnswers.subjectId, investor.id)));
    expect(forms.map((f) => f.form).sort()).toEqual(['consent', 'registration', 'risk_profile']);
  });
});

describe('demo investors', () => {
  it('holds a few hundred investors with categories, KYC states, owners, results and attribute values, once', async () => {
    const client = agent(t.app);
    await client.login('superadmin@demo.test', DEMO_PASSWORD);
    const all = (await client.get('/api/users?filter[search]=@investors.demo.test&per_page=1')).json();
    expect(all.meta.total).toBe(300);
    for (const filter of [
      'filter[kyc_status]=verified',
      'filter[kyc_status]=rejected',
      'filter[category]=restricted',
      'filter[category]=none',
      'filter[appropriateness]=passed',
      'filter[appropriateness]=failed',
      'filter[owner_id]=none',
      'filter[categorisation_status]=pending',
    ]) {
      const page = (await client.get(`/api/users?filter[search]=@investors.demo.test&${filter}&per_page=1`)).json();
      expect({ filter, some: page.meta.total > 0 }).toEqual({ filter, some: true });
    }
    const [first] = (await client.get('/api/users?filter[search]=@investors.demo.test&sort=id&per_page=1&include=attributeValues')).json()
      .data;
    expect(first.attribute_values.length).toBeGreaterThan(0);
    const docs = (await client.get(`/api/documents?filter[subject_type]=investor&filter[subject_id]=${first.id}`)).json().data;
    expect(docs.map((d: { visibility: string }) => d.visibility).sort()).toEqual(['private', 'public']);
  });
});
