import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, type RoleId } from '@platform/domain';
import { screeningDecisions, screeningMatches, screeningRuns } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow, setFlags } from '../../test/opportunities';
import { uploadForm } from '../../test/uploads';
import { listScreeningProvider } from '../../shared/screening';
import { processScreeningRuns, queueScreeningRun, SCREENING_BATCH, SCREENING_LEASE_MS, screenNextBatch } from './runs';

const clock = fixedClock(new Date('2026-04-02T10:00:00Z'));
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const listForm = (kind: string, name: string) => uploadForm({ kind }, { data: fixture(name), filename: name, type: 'text/csv' });

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
  await setFlags(t, { user_screening_enabled: true });
});
afterAll(() => t.close());

type Client = Awaited<ReturnType<typeof signedIn>>['client'];

/** Works the run through as the background tick does, until it is done; the run as the API shows it. */
async function runUntilDone(runId: number) {
  for (let i = 0; i < 50; i++) {
    await processScreeningRuns(t.ctx, { worker: 'test-worker' });
    const run = (await admin.client.get(`/api/screening/runs/${runId}`)).json().data;
    if (run.status === 'done') return run as { status: string; total: number; screened: number; new_matches: number };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`screening run ${runId} did not finish`);
}
/** Uploads a list and waits for everyone to be screened against it. */
async function uploadAndScreen(kind: string, name: string) {
  const uploaded = await admin.client.post('/api/screening/lists', listForm(kind, name));
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { list: uploaded.json().data.list, queued: uploaded.json().data.run, run: await runUntilDone(uploaded.json().data.run.id) };
}
const matchesOf = async (client: Client, userId: number) =>
  (await client.get(`/api/screening/matches?filter[user_id]=${userId}`)).json().data as Array<{
    id: number;
    status: string;
    score: number;
    listed: { name: string };
    decisions: Array<{ decision: string; reason: string; decided_by: { id: number } | null }>;
  }>;

describe('who may screen', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/api/screening/lists'],
    ['POST', '/api/screening/lists'],
    ['GET', '/api/screening/runs'],
    ['GET', '/api/screening/runs/1'],
    ['GET', '/api/screening/matches'],
    ['GET', '/api/screening/matches/1'],
    ['POST', '/api/screening/matches/1/decisions'],
  ];

  it('asks anonymous callers to sign in', async () => {
    const anonymous = agent(t.app);
    for (const [method, url] of routes)
      expect((await anonymous.request({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
  });

  it('refuses roles without the screening grant — investors and even staff who work with investors', async () => {
    const roles: RoleId[] = [Role.User, Role.Adviser, Role.InvestmentCommittee, Role.InvestmentManager, Role.FundManager, Role.Creator];
    for (const role of roles) {
      const { client } = await signedIn(t, role);
      for (const [method, url] of routes)
        expect((await client.request({ method: method as 'GET', url })).statusCode, `${role} ${method} ${url}`).toBe(403);
    }
  });

  it('lets Support use it, and answers 404 for everyone while screening is off', async () => {
    const support = await signedIn(t, Role.Support);
    expect((await support.client.get('/api/screening/lists')).statusCode).toBe(200);
    await setFlags(t, { user_screening_enabled: false });
    expect((await admin.client.get('/api/screening/matches')).statusCode).toBe(404);
    await setFlags(t, { user_screening_enabled: true });
  });
});

describe('uploading lists and the review queue', () => {
  let petrova: Awaited<ReturnType<typeof signedIn>>;
  let garcia: Awaited<ReturnType<typeof signedIn>>;
  let rashid: Awaited<ReturnType<typeof signedIn>>;
  let smith: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    petrova = await signedIn(t, Role.User, { name: 'Anastasia Petrova', dateOfBirth: '1971-07-14' });
    garcia = await signedIn(t, Role.User, { name: 'Jose Maria Garcia-Lopez', dateOfBirth: '1965-03-09' });
    rashid = await signedIn(t, Role.User, { name: 'Abdul Rahman Al Rashid', dateOfBirth: '1992-06-30' });
    smith = await signedIn(t, Role.User, { name: 'John Smith', dateOfBirth: '1971-07-14' });
  });

  it('refuses an upload without a file, of an unknown kind or in another layout, on its field', async () => {
    const noFile = await admin.client.post('/api/screening/lists', uploadForm({ kind: 'sanctions' }));
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.file).toBeDefined();
    const badKind = await admin.client.post('/api/screening/lists', listForm('watchlist', 'ofsi-consolidated-list.csv'));
    expect(badKind.statusCode).toBe(422);
    expect(badKind.json().errors.kind).toEqual(['Choose the sanctions list or the PEP list.']);
    const pepAsSanctions = await admin.client.post('/api/screening/lists', listForm('sanctions', 'pep-list.csv'));
    expect(pepAsSanctions.statusCode).toBe(422);
    expect(pepAsSanctions.json().errors.file[0]).toMatch(/not the OFSI consolidated list/);
  });

  it('stores the OFSI list and screens every investor: accent, order and spelling variants match, others do not', async () => {
    const { list, queued, run } = await uploadAndScreen('sanctions', 'ofsi-consolidated-list.csv');
    expect(list).toMatchObject({
      kind: 'sanctions',
      file_name: 'ofsi-consolidated-list.csv',
      list_updated: '12/03/2024',
      entry_count: 4,
      skipped_count: 2,
    });
    expect(list.uploaded_by.id).toBe(admin.user.id);
    // The upload answers at once with the run queued; the screening happens in the background.
    expect(queued).toMatchObject({ status: 'queued', screened: 0, new_matches: 0, list_id: list.id, requested_by: { id: admin.user.id } });
    expect(run).toMatchObject({ status: 'done', new_matches: 2 });
    expect(run.screened).toBe(run.total);
    expect(run.total).toBe(queued.total);
    const [p] = await matchesOf(admin.client, petrova.user.id);
    // The middle name is missing, the date of birth agrees.
    expect(p).toMatchObject({ status: 'potential', score: 98, listed: { name: 'Anastasia Igorevna PETROVA' } });
    const [g] = await matchesOf(admin.client, garcia.user.id);
    expect(g.status).toBe('potential');
    expect(g.score).toBeGreaterThanOrEqual(85);
    // Same name, born twelve years later than the listed person: the score falls below the threshold.
    expect(await matchesOf(admin.client, rashid.user.id)).toEqual([]);
    expect(await matchesOf(admin.client, smith.user.id)).toEqual([]);
    const queue = (await admin.client.get('/api/screening/matches?filter[status]=potential&sort=-score')).json();
    expect(queue.meta.total).toBe(2);
    expect(queue.data.map((m: { investor: { id: number } }) => m.investor.id)).toEqual([garcia.user.id, petrova.user.id]);
  });

  it('blocks a potential match from investing with a neutral message, lets the others invest', async () => {
    const opportunity = await createOpportunityRow(t);
    const reserve = (client: Client) => client.post('/api/investments/investor', { opportunity_id: opportunity.id, amount: '1000' });
    const blocked = await reserve(petrova.client);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('compliance_review');
    expect(blocked.json().message).toMatch(/compliance team is reviewing your account/);
    expect(blocked.json().message).not.toMatch(/sanction|PEP|politically|match|list/i);
    expect((await petrova.client.get('/api/my/investor-gates')).json().data.blocked_by).toBe('compliance_review');
    expect((await reserve(smith.client)).statusCode).toBe(201);
  });

  it('takes decisions with a reason: cleared lets the investor invest, confirmed keeps them out; each is kept', async () => {
    const [p] = await matchesOf(admin.client, petrova.user.id);
    const [g] = await matchesOf(admin.client, garcia.user.id);
    const noReason = await admin.client.post(`/api/screening/matches/${g.id}/decisions`, { decision: 'cleared', reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['Give the reason for the decision.']);
    expect(
      (await admin.client.post(`/api/screening/matches/${g.id}/decisions`, { decision: 'maybe', reason: 'x' })).json().errors.decision,
    ).toBeDefined();
    expect((await admin.client.post('/api/screening/matches/999999/decisions', { decision: 'cleared', reason: 'x' })).statusCode).toBe(404);

    const cleared = await admin.client.post(`/api/screening/matches/${g.id}/decisions`, {
      decision: 'cleared',
      reason: 'Passport shows a different date of birth and Spanish nationality.',
    });
    expect(cleared.statusCode).toBe(201);
    expect(cleared.json().data).toMatchObject({
      status: 'cleared',
      decisions: [
        {
          decision: 'cleared',
          reason: 'Passport shows a different date of birth and Spanish nationality.',
          decided_by: { id: admin.user.id },
        },
      ],
    });
    const confirmed = await admin.client.post(`/api/screening/matches/${p.id}/decisions`, {
      decision: 'confirmed',
      reason: 'Same date and place of birth; reported to OFSI.',
    });
    expect(confirmed.json().data.status).toBe('confirmed');
    expect(
      (await admin.client.post(`/api/screening/matches/${p.id}/decisions`, { decision: 'confirmed', reason: 'again' })).statusCode,
    ).toBe(409);
    expect((await admin.client.get(`/api/screening/matches/${p.id}`)).json().data.decisions).toHaveLength(1);

    expect((await garcia.client.get('/api/my/investor-gates')).json().data.blocked_by).not.toBe('compliance_review');
    const refused = await petrova.client.post('/api/investments/investor', {
      opportunity_id: (await createOpportunityRow(t)).id,
      amount: '500',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('compliance_review');
  });

  it('keeps decisions append-only: the database refuses to change or remove one', async () => {
    await expect(t.db.update(screeningDecisions).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(t.db.delete(screeningDecisions).where(eq(screeningDecisions.decidedBy, admin.user.id))).rejects.toThrow();
    const kept = await t.db.select().from(screeningDecisions).where(eq(screeningDecisions.reason, 'rewritten'));
    expect(kept).toEqual([]);
  });

  it('screens everyone again when a new list replaces the old: decisions stay, a delisted potential match lapses, a new listing is queued', async () => {
    const delisted = await signedIn(t, Role.User, { name: 'Nastya Petrova', dateOfBirth: null });
    expect((await uploadAndScreen('sanctions', 'ofsi-consolidated-list.csv')).run.new_matches).toBe(1);
    const [before] = await matchesOf(admin.client, delisted.user.id);
    expect(before.status).toBe('potential');
    const morrow = await signedIn(t, Role.User, { name: 'Elias Morrow', dateOfBirth: '1959-11-22' });

    const update = await uploadAndScreen('sanctions', 'ofsi-consolidated-list-update.csv');
    expect(update.list).toMatchObject({ list_updated: '02/04/2024', superseded_at: null });
    expect(update.run.new_matches).toBe(1);
    const lists = (await admin.client.get('/api/screening/lists')).json().data;
    expect(lists.filter((l: { superseded_at: string | null }) => l.superseded_at === null)).toHaveLength(1);

    const [lapsed] = await matchesOf(admin.client, delisted.user.id);
    expect(lapsed.status).toBe('lapsed');
    expect(lapsed.decisions).toMatchObject([{ decision: 'lapsed', decided_by: null }]);
    expect(
      (await admin.client.post(`/api/screening/matches/${lapsed.id}/decisions`, { decision: 'cleared', reason: 'x' })).statusCode,
    ).toBe(409);
    expect((await matchesOf(admin.client, garcia.user.id))[0].status).toBe('cleared');
    // Confirmed stays confirmed though she left the list: only compliance lifts it.
    expect((await matchesOf(admin.client, petrova.user.id))[0].status).toBe('confirmed');
    expect((await matchesOf(admin.client, morrow.user.id))[0]).toMatchObject({
      status: 'potential',
      listed: { name: 'Elias James MORROW' },
    });
  });

  it('screens against a PEP list alongside the sanctions list', async () => {
    const pep = await signedIn(t, Role.User, { name: 'Margaret Hawthorne', dateOfBirth: '1962-05-03' });
    await uploadAndScreen('pep', 'pep-list.csv');
    const [match] = (await admin.client.get(`/api/screening/matches?filter[user_id]=${pep.user.id}&filter[kind]=pep`)).json().data;
    expect(match).toMatchObject({ status: 'potential', list: { kind: 'pep' }, listed: { position: 'Member of Parliament' } });
    expect((await admin.client.get('/api/screening/matches?filter[kind]=nope')).statusCode).toBe(400);
    expect((await admin.client.get('/api/screening/matches?filter[search]=hawthorne')).json().meta.total).toBe(1);
  });

  it('screens an investor who registers, or whose name changes to a listed one', async () => {
    const investor = await signedIn(t, Role.User, { name: 'Ordinary Person', dateOfBirth: '1980-02-01' });
    expect(await matchesOf(admin.client, investor.user.id)).toEqual([]);
    await investor.client.patch(`/api/users/${investor.user.id}`, { name: 'Abdul Rahman Al-Rashid' });
    expect((await matchesOf(admin.client, investor.user.id))[0]).toMatchObject({ status: 'potential', score: 100 });

    const created = await admin.client.post('/api/users', { name: 'Oluwaseun Adebayo', email: 'oluwaseun@example.test' });
    expect(created.statusCode).toBe(201);
    expect((await matchesOf(admin.client, created.json().data.id))[0].status).toBe('potential');
  });

  it('counts investors by screening state in /api/stats/aml-count', async () => {
    const answer = await admin.client.get('/api/stats/aml-count');
    expect(answer.statusCode, answer.body).toBe(200);
    const counts = answer.json().data as Array<Record<string, string | number>>;
    const screening = Object.fromEntries(counts.filter((c) => 'screening_status' in c).map((c) => [c.screening_status, c.count]));
    expect(Object.keys(screening)).toEqual(['not_screened', 'clear', 'potential_match', 'confirmed']);
    expect(screening.confirmed).toBe(1);
    expect(screening.potential_match).toBeGreaterThanOrEqual(3);
    expect(screening.clear).toBeGreaterThanOrEqual(3);
    expect(counts.filter((c) => 'kyc_status' in c)).toHaveLength(4);
  });
});

describe('an investor never screened', () => {
  it('is screened at the gate before investing', async () => {
    await setFlags(t, { user_screening_enabled: false });
    const late = await createUser(t.ctx, { name: 'Margaret Ellen Hawthorne', dateOfBirth: '1962-05-03' });
    await setFlags(t, { user_screening_enabled: true });
    const client = agent(t.app);
    await client.login(late.email);
    expect((await client.get('/api/my/investor-gates')).json().data.blocked_by).toBe('compliance_review');
  });
});

describe('the screening run', () => {
  it('screens in batches, resumes after its lease runs out without raising a match twice, and shows its progress', async () => {
    // More investors than one batch, two of them resembling a listed person.
    for (let i = 0; i < SCREENING_BATCH + 5; i++) await createUser(t.ctx, { name: `Plain Investor ${i}`, dateOfBirth: '1990-01-01' });
    const late = await createUser(t.ctx, { name: 'Elias Morrow', dateOfBirth: '1959-11-22' });
    const { list } = await uploadAndScreen('sanctions', 'ofsi-consolidated-list-update.csv');
    await t.db.delete(screeningMatches).where(eq(screeningMatches.userId, late.id));
    const before = (await admin.client.get('/api/screening/matches?filter[status]=potential')).json().meta.total;
    // A run a worker claimed, screened one batch of, then died holding the lease. Queued and claimed
    // in one transaction, so the app's own tick cannot take it first.
    const held = await t.db.transaction(async (tx) => {
      const run = await queueScreeningRun(tx, list.id, admin.user.id, clock.now());
      const [claimed] = await tx
        .update(screeningRuns)
        .set({ status: 'running', worker: 'dying-worker', claimedUntil: new Date(clock.now().getTime() + SCREENING_LEASE_MS) })
        .where(eq(screeningRuns.id, run.id))
        .returning();
      return claimed;
    });
    expect(held.total).toBeGreaterThan(SCREENING_BATCH);
    expect(await screenNextBatch(t.ctx, held.id, 'dying-worker', listScreeningProvider)).toBe(SCREENING_BATCH);
    // While the lease holds, nobody else takes the run over; its progress shows the batch done.
    expect(await processScreeningRuns(t.ctx, { worker: 'test-worker' })).toBe(0);
    const progress = (await admin.client.get(`/api/screening/runs/${held.id}`)).json().data;
    expect(progress).toMatchObject({ status: 'running', screened: SCREENING_BATCH, total: held.total });
    const queued = progress;

    clock.advance(SCREENING_LEASE_MS + 1000);
    const run = await runUntilDone(queued.id);
    expect(run).toMatchObject({ status: 'done', screened: queued.total, total: queued.total });
    expect((await matchesOf(admin.client, late.id))[0].status).toBe('potential');
    const after = (await admin.client.get('/api/screening/matches?filter[status]=potential')).json().meta.total;
    expect(run.new_matches).toBe(1);
    expect(after - before).toBe(1);

    // Taken over again (say a worker had died just after its last batch): the cursor is at the end, nothing is screened twice.
    await t.db
      .update(screeningRuns)
      .set({ status: 'running', worker: 'another-dead-worker', claimedUntil: null })
      .where(eq(screeningRuns.id, queued.id));
    expect(await processScreeningRuns(t.ctx, { worker: 'test-worker' })).toBe(0);
    const again = (await admin.client.get(`/api/screening/runs/${queued.id}`)).json().data;
    expect(again).toMatchObject({ status: 'done', screened: queued.total, new_matches: run.new_matches });
    expect((await admin.client.get('/api/screening/matches?filter[status]=potential')).json().meta.total).toBe(after);
    expect((await admin.client.get('/api/screening/runs')).json().data[0].id).toBe(queued.id);
  });
});
