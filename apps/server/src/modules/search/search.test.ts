import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type SearchAnswer } from '@platform/domain';
import { contacts, documents, organisations, updateReports } from '../../db/schema';
import { addFundInvestment, createDeals, createFund, createPipelineWithStages, setFundsEnabled } from '../../test/deals-funds';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';

/** The token every record of this file carries, so the demo-free test database answers only with them. */
const WORD = 'Quillmere';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let investorDocumentId: number;
let dealDocumentId: number;

const titles = (answer: SearchAnswer, kind: string) => answer.groups.find((g) => g.kind === kind)?.results.map((r) => r.title) ?? [];
const kinds = (answer: SearchAnswer) => answer.groups.map((g) => g.kind);

async function searchAs(client: ReturnType<typeof agent>, q: string, extra = ''): Promise<SearchAnswer> {
  const response = await client.get(`/api/search?q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  // Investors in every tier of the ranking, given in an order that is none of them.
  await createUser(t.ctx, { name: `Bquillmerex Trust` });
  await createUser(t.ctx, { name: `Ann ${WORD}` });
  await createUser(t.ctx, { name: 'Qillmere Typo' });
  await createUser(t.ctx, { name: `${WORD}ton Jones` });
  const exact = await createUser(t.ctx, { name: WORD });
  await createUser(t.ctx, { name: `${WORD} Deleted`, deletedAt: new Date() });
  await createUser(t.ctx, { name: `${WORD} Staff`, roleId: Role.Adviser });
  await createUser(t.ctx, { name: 'Phoebe Phone', phone: '+44 7700 900555', email: 'phoebe@example.test' });
  await t.db.insert(contacts).values([
    { name: `${WORD} Lead`, email: 'lead@example.test' },
    { name: `${WORD} Gone Lead`, deletedAt: new Date() },
  ]);
  await t.db.insert(organisations).values({ name: `${WORD} Family Office` });
  const { stages } = await createPipelineWithStages(t, 'Search pipeline', ['Sourcing']);
  const [deal] = await createDeals(t, stages[0], [`${WORD} Robotics`]);
  await createOpportunityRow(t, { name: `${WORD} Series A`, companyName: 'Quillmere Robotics Ltd', status: 2 });
  await createOpportunityRow(t, { name: `${WORD} Seed`, companyName: 'Quillmere Seed Ltd', status: 5 });
  await createOpportunityRow(t, { name: `${WORD} Withdrawn`, status: 2, deletedAt: new Date() });
  const fund = await createFund(t, { name: `${WORD} Growth Fund` });
  await addFundInvestment(t, { fundId: fund.id, companyName: `${WORD} Foods`, cost: '100.00' });
  await t.db.insert(updateReports).values({ title: `${WORD} quarterly update`, body: '<p>Hi</p>', audience: 'all' });
  const file = { mimeType: 'application/pdf', sizeBytes: 10, sha256: 'x', storageKey: 'k', visibility: 'private' as const };
  const docs = await t.db
    .insert(documents)
    .values([
      { ...file, subjectType: 'investor', subjectId: exact.id, name: `${WORD} passport`, originalFilename: 'passport.pdf' },
      { ...file, subjectType: 'pipeline_deal', subjectId: deal.id, name: `${WORD} pitch deck`, originalFilename: 'deck.pdf' },
    ])
    .returning();
  [investorDocumentId, dealDocumentId] = docs.map((d) => d.id);
});

afterAll(() => t.close());

describe('GET /api/search', () => {
  it('asks for a session, refuses investors and says what a query needs', async () => {
    expect((await agent(t.app).get(`/api/search?q=${WORD}`)).statusCode).toBe(401);
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.get(`/api/search?q=${WORD}`)).statusCode).toBe(403);
    const short = await admin.client.get('/api/search?q=%20a%20');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.q).toEqual(['Type at least 2 characters to search.']);
    expect((await admin.client.get('/api/search')).statusCode).toBe(400);
    expect((await admin.client.get(`/api/search?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await admin.client.get(`/api/search?q=${WORD}&per_kind=21`)).statusCode).toBe(400);
  });

  it('ranks exact, then prefix, then word prefix, then containing, then near misses; leaves out the deleted and staff', async () => {
    const answer = await searchAs(admin.client, WORD.toLowerCase(), '&per_kind=20');
    expect(titles(answer, 'investors')).toEqual([WORD, `${WORD}ton Jones`, `Ann ${WORD}`, 'Bquillmerex Trust', 'Qillmere Typo']);
    const first = answer.groups.find((g) => g.kind === 'investors')!.results[0];
    expect(first.href).toBe(`/admin/investors/${first.id}/details`);
  });

  it('finds investors by phone and e-mail too, and caps each kind', async () => {
    expect(titles(await searchAs(admin.client, '7700 900555'), 'investors')).toEqual(['Phoebe Phone']);
    expect(titles(await searchAs(admin.client, 'phoebe@example'), 'investors')).toEqual(['Phoebe Phone']);
    expect(titles(await searchAs(admin.client, WORD, '&per_kind=2'), 'investors')).toHaveLength(2);
  });

  it('answers every kind the Super Admin may open, in order, with funds only while the feature is on', async () => {
    await setFundsEnabled(t, false);
    const off = await searchAs(admin.client, WORD);
    expect(kinds(off)).toEqual([
      'investors',
      'contacts',
      'organisations',
      'deals',
      'opportunities',
      'existing_investments',
      'companies',
      'documents',
      'update_reports',
    ]);
    expect(titles(off, 'contacts')).toEqual([`${WORD} Lead`]);
    expect(titles(off, 'opportunities')).toEqual([`${WORD} Series A`]);
    expect(titles(off, 'existing_investments')).toEqual([`${WORD} Seed`]);
    expect(off.groups.find((g) => g.kind === 'existing_investments')!.results[0].href).toMatch(
      /^\/admin\/investments\/existing\/\d+\/details$/,
    );
    expect(
      off.groups
        .find((g) => g.kind === 'documents')!
        .results.map((r) => r.id)
        .sort(),
    ).toEqual([investorDocumentId, dealDocumentId].sort());
    await setFundsEnabled(t, true);
    const on = await searchAs(admin.client, WORD);
    expect(titles(on, 'funds')).toEqual([`${WORD} Growth Fund`]);
    expect(titles(on, 'companies')).toEqual([`${WORD} Foods`]);
  });

  it('gives each role only what the permission table lets it open', async () => {
    await setFundsEnabled(t, true);
    const entrepreneur = await signedIn(t, Role.Entrepreneur);
    const forEntrepreneur = await searchAs(entrepreneur.client, WORD);
    // No investors area: no investors, contacts or organisations, nor documents filed on an investor.
    expect(kinds(forEntrepreneur)).toEqual(['deals', 'opportunities', 'existing_investments', 'documents']);
    expect(forEntrepreneur.groups.find((g) => g.kind === 'documents')!.results.map((r) => r.id)).toEqual([dealDocumentId]);

    const custodian = await signedIn(t, Role.Custodian);
    expect(kinds(await searchAs(custodian.client, WORD))).toEqual(['opportunities', 'existing_investments', 'companies']);

    const fundManager = await signedIn(t, Role.FundManager);
    expect(kinds(await searchAs(fundManager.client, WORD))).toEqual([
      'investors',
      'contacts',
      'organisations',
      'deals',
      'opportunities',
      'existing_investments',
      'companies',
      'funds',
      'documents',
      'update_reports',
    ]);

    // The Creator may list investors but not open one: search leads to records, so it finds none.
    const creator = await signedIn(t, Role.Creator);
    expect(kinds(await searchAs(creator.client, WORD))).toEqual([]);
  });

  it('takes LIKE wildcards literally', async () => {
    expect((await searchAs(admin.client, '%%')).groups).toEqual([]);
    expect((await searchAs(admin.client, '__')).groups).toEqual([]);
  });
});
