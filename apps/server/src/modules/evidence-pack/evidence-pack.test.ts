import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { can, INVESTOR_CATEGORY_DETAILS, Role, ROLE_IDS } from '@platform/domain';
import {
  activityLog,
  companyOutcomes,
  complianceAttempts,
  complianceOptions,
  complianceQuestions,
  investments,
  insiderEntries,
  insiderProjects,
  investorCategorisations,
  investorScreenings,
  marketSoundingAcceptances,
  screeningDecisions,
  screeningEntries,
  screeningLists,
  screeningMatches,
  termConditions,
  users,
} from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createTestApp, createUser, reloadUser, signedIn, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';
import { pdfPagesText } from '../../test/pdf-text';
import { fileDocumentOn } from '../../test/uploads';

const clock = fixedClock(new Date('2019-03-01T10:00:00Z'));
let t: TestApp;
let compliance: Awaited<ReturnType<typeof signedIn>>;
let investor: Awaited<ReturnType<typeof signedIn>>;
let passportKey: string;

const packUrl = (id: number, format?: 'pdf' | 'zip') => `/api/users/${id}/evidence-pack${format ? `?format=${format}` : ''}`;
const binary = { headers: { accept: '*/*' } };

beforeAll(async () => {
  t = await createTestApp({ clock });
  compliance = await signedIn(t, Role.SuperAdmin, { name: 'Clara Compliance' });
  const user = await createUser(t.ctx, { name: 'Pippa Packwood', acceptedTermsVersion: 0, kycStatus: 'submitted' }, { gates: 'new' });
  investor = { user, client: agent(t.app) };
  await investor.client.login(user.email);
  const id = user.id;

  // Identity: KYC verified by staff; a passport on the record.
  expect((await compliance.client.patch(`/api/users/${id}`, { kyc_status: 'verified' })).statusCode).toBe(200);
  passportKey = await fileDocumentOn(t, compliance.client, { type: 'investor', id });

  // A categorisation declared by the investor and approved by staff.
  await t.db.insert(investorCategorisations).values({
    userId: id,
    category: 'high_net_worth',
    declaration: { statement: INVESTOR_CATEGORY_DETAILS.high_net_worth.statement, accepted: true, name: 'Pippa Packwood' },
    status: 'approved',
    declaredAt: new Date('2019-02-01T09:15:00Z'),
    expiresAt: new Date('2020-02-01T09:15:00Z'),
    reviewedBy: compliance.user.id,
    reviewedAt: new Date('2019-02-01T11:40:00Z'),
  });

  // Two attempts at the appropriateness test: failed, then passed.
  const [question] = await t.db.insert(complianceQuestions).values({ question: 'Can you lose all the money you invest?' }).returning();
  const [yes, no] = await t.db
    .insert(complianceOptions)
    .values([
      { questionId: question.id, label: 'Yes, all of it', correct: true, position: 0 },
      { questionId: question.id, label: 'No, it is guaranteed', correct: false, position: 1 },
    ])
    .returning();
  await t.db.insert(complianceAttempts).values([
    { userId: id, answers: { [question.id]: no.id }, score: 0, total: 1, passed: false, createdAt: new Date('2019-02-02T08:00:00Z') },
    { userId: id, answers: { [question.id]: yes.id }, score: 1, total: 1, passed: true, createdAt: new Date('2019-02-03T08:30:00Z') },
  ]);

  // The risk warning and the terms, accepted by the investor themselves.
  expect((await investor.client.post('/api/my/risk-warning-acknowledgement', {})).statusCode).toBe(200);
  expect((await investor.client.patch(`/api/users/${id}`, { accepted_terms_version: 1 })).statusCode).toBe(200);

  // A market sounding that made them an insider of a project.
  const opportunity = await createOpportunityRow(t, { name: 'Northlight Placing', termsVersion: 1 });
  await t.db.insert(termConditions).values({ opportunityId: opportunity.id, version: 1, body: '<p>Shares at 120p, no fees.</p>' });
  const [acceptance] = await t.db
    .insert(marketSoundingAcceptances)
    .values({
      opportunityId: opportunity.id,
      userId: id,
      disclosedText: '<p>You will be wall-crossed on the Northlight placing.</p>',
      opportunityName: opportunity.name,
      acceptedAt: new Date('2019-02-10T13:00:00Z'),
    })
    .returning();
  const [project] = await t.db
    .insert(insiderProjects)
    .values({ opportunityId: opportunity.id, name: 'Northlight Placing', companyName: 'Northlight Ltd', description: 'A placing.' })
    .returning();
  await t.db.insert(insiderEntries).values({
    projectId: project.id,
    userId: id,
    source: 'market_sounding',
    marketSoundingAcceptanceId: acceptance.id,
    firstName: 'Pippa',
    surname: 'Packwood',
    reason: 'Accepted the market sounding of Northlight Placing',
    obtainedAt: new Date('2019-02-10T13:00:00Z'),
  });

  // Screened against the sanctions list: a match, cleared by compliance with a reason.
  const [list] = await t.db
    .insert(screeningLists)
    .values({
      kind: 'sanctions',
      fileName: 'ConList.csv',
      listUpdated: '14/02/2019',
      entryCount: 1,
      skippedCount: 0,
      uploadedBy: compliance.user.id,
      uploadedAt: new Date('2019-02-15T09:00:00Z'),
    })
    .returning();
  const [entry] = await t.db
    .insert(screeningEntries)
    .values({
      listId: list.id,
      subjectKey: 'sanctions:13999',
      name: 'Philippa PACKWOOD',
      normalizedName: 'packwood philippa',
      dateOfBirth: '1961',
      reference: 'RUS0999',
    })
    .returning();
  const [match] = await t.db
    .insert(screeningMatches)
    .values({
      userId: id,
      subjectKey: 'sanctions:13999',
      entryId: entry.id,
      score: 88,
      status: 'cleared',
      createdAt: new Date('2019-02-15T09:01:00Z'),
    })
    .returning();
  await t.db.insert(screeningDecisions).values({
    matchId: match.id,
    decision: 'cleared',
    reason: 'Different date of birth on the passport seen.',
    decidedBy: compliance.user.id,
    decidedAt: new Date('2019-02-16T14:30:00Z'),
  });
  await t.db.insert(investorScreenings).values({ userId: id, screenedAt: new Date('2019-02-15T09:01:00Z') });

  // An investment with its terms accepted.
  await t.db.insert(investments).values({
    opportunityId: opportunity.id,
    userId: id,
    amount: '25000.00',
    currency: 'GBP',
    paymentReference: `PACK-${process.pid}`,
    status: 'completed',
    termsVersion: 1,
    termsAcceptedAt: new Date('2019-02-12T10:05:00Z'),
    createdAt: new Date('2019-02-12T10:05:00Z'),
  });
});

afterAll(async () => {
  await t.close();
});

describe('the evidence pack', () => {
  it('is a PDF with every section of the investor’s records, times in UTC, paged with a header', async () => {
    const response = await compliance.client.get(packUrl(investor.user.id), binary);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="evidence-pack-${investor.user.id}-2019-03-01.pdf"`);
    const pages = await pdfPagesText(response.rawPayload);
    // Cells wrap: compare with the line breaks and spacing of the layout taken out.
    const text = pages.join(' ').replace(/\s+/g, ' ');
    // The running header and page numbers on every page.
    for (const [n, page] of pages.entries()) {
      expect(page).toContain('Evidence pack: Pippa Packwood');
      expect(page).toContain('Generated 2019-03-01 10:00 UTC by Clara Compliance');
      expect(page).toContain(`Page ${n + 1} of ${pages.length}`);
    }
    for (const title of [
      'Identity and KYC',
      'Sanctions and PEP screening',
      'Categorisations',
      'Appropriateness test',
      'Risk warning and cooling-off',
      'Terms accepted',
      'Market soundings and insider register',
      'Investments',
      'Record retention',
    ])
      expect(text).toContain(title);
    // Identity: KYC result and the passport with its place in the zip.
    expect(text).toMatch(/Documents submitted -> Verified/);
    expect(text).toContain('Clara Compliance');
    expect(text).toMatch(/documents\/\d+-passport\.pdf/);
    // Screening: the list and its version, the score, the decision with who, when and why.
    expect(text).toMatch(/Last screened\s+2019-02-15 09:01 UTC/);
    expect(text).toContain('Philippa PACKWOOD');
    expect(text).toContain('Sanctions (HM Treasury / OFSI consolidated list)');
    expect(text).toContain('list dated 14/02/2019, uploaded 2019-02-15 09:00 UTC');
    expect(text).toContain('88 / 100');
    expect(text).toMatch(/Cleared 2019-02-16 14:30 UTC by Clara Compliance \(.+\): Different date of birth on the passport seen\./);
    // The categorisation: declaration text, when, who approved.
    expect(text).toContain('High net worth investor');
    expect(text).toContain('2019-02-01 09:15 UTC by the investor');
    expect(text).toContain('I make this statement so that I can receive promotional communications');
    expect(text).toMatch(/Clara Compliance \(.+\) at 2019-02-01 11:40 UTC/);
    // Both attempts with question, answer and outcome.
    expect(text).toContain('Attempt 1 — 2019-02-02 08:00 UTC — Failed (0 of 1 correct)');
    expect(text).toContain('Attempt 2 — 2019-02-03 08:30 UTC — Passed (1 of 1 correct)');
    expect(text).toContain('Can you lose all the money you invest?');
    expect(text).toContain('No, it is guaranteed (wrong)');
    // Risk warning shown and acknowledged; cooling-off from the approval.
    expect(text).toContain('Pippa Packwood, this is a high-risk investment.');
    expect(text).toMatch(/Risk warning acknowledged\s+2019-03-01 10:00 UTC/);
    expect(text).toContain('2019-02-01 11:40 UTC (first approved categorisation)');
    expect(text).toMatch(/Cooling-off ended\s+2019-02-02 11:40 UTC/);
    // Terms: the version accepted, when and by whom.
    expect(text).toMatch(/2019-03-01 10:00 UTC\s+0 -> 1\s+The investor/);
    // Market sounding and the insider entry.
    expect(text).toContain('You will be wall-crossed on the Northlight placing.');
    expect(text).toContain('Accepted the market sounding of Northlight Placing');
    // The investment with its terms.
    expect(text).toContain('£25,000.00');
    expect(text).toMatch(/Terms accepted\s+Version 1, 2019-02-12 10:05 UTC/);
    expect(text).toContain('Shares at 120p, no fees.');
    // The account is open: kept five years after the relationship ends.
    expect(text).toContain('The account is open: the relationship has not ended.');
  });

  it('is logged in the activity log every time it is made', async () => {
    await compliance.client.get(packUrl(investor.user.id, 'pdf'), binary);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'evidence_pack_generated'), eq(activityLog.subjectId, String(investor.user.id))));
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(logged.at(-1)).toMatchObject({ actorId: compliance.user.id, subjectType: 'user', after: { format: 'pdf', files: 1 } });
  });

  it('zips the PDF with the files of the record', async () => {
    const response = await compliance.client.get(packUrl(investor.user.id, 'zip'), binary);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(response.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^documents\/\d+-passport\.pdf$/);
    expect(names[1]).toBe(`evidence-pack-${investor.user.id}-2019-03-01.pdf`);
    expect(await zip.file(names[0])!.async('nodebuffer')).toEqual(await t.ctx.storage.read(passportKey));
    expect((await pdfPagesText(await zip.file(names[1])!.async('uint8array'))).join(' ')).toContain('Pippa Packwood');
  });

  it('wraps long texts and runs over pages', async () => {
    const wordy = await createUser(t.ctx, { name: 'Wordy Investor' });
    await t.db.insert(investorCategorisations).values(
      Array.from({ length: 30 }, (_, i) => ({
        userId: wordy.id,
        category: 'restricted',
        declaration: { statement: `${'A very long declaration text that must wrap inside its cell. '.repeat(12)}End ${i}.` },
        status: 'superseded',
        declaredAt: new Date(Date.UTC(2018, 0, i + 1)),
      })),
    );
    const pages = await pdfPagesText((await compliance.client.get(packUrl(wordy.id), binary)).rawPayload);
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(pages.join(' ')).toContain('End 29.');
  });

  it('answers 401 anonymous, 403 to roles without investors and the insider register, 403 to investors, 404 for a non-investor', async () => {
    expect((await agent(t.app).get(packUrl(investor.user.id), binary)).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const allowed = can(roleId, 'investors', 'show') && can(roleId, 'insider_register', 'index');
      const pdf = (await client.get(packUrl(investor.user.id), binary)).statusCode;
      const zip = (await client.get(packUrl(investor.user.id, 'zip'), binary)).statusCode;
      expect({ roleId, pdf, zip }).toEqual({ roleId, pdf: allowed ? 200 : 403, zip: allowed ? 200 : 403 });
    }
    // An investor may not have their own pack from this route either.
    expect((await investor.client.get(packUrl(investor.user.id), binary)).statusCode).toBe(403);
    expect((await compliance.client.get(packUrl(compliance.user.id), binary)).statusCode).toBe(404);
    expect((await compliance.client.get(`${packUrl(investor.user.id)}?format=docx`, binary)).statusCode).toBe(400);
  });
});

describe('record retention', () => {
  it('refuses a permanent delete until five years after the account closed, naming the date; allowed after', async () => {
    clock.set(new Date('2019-03-01T10:00:00Z'));
    const support = await signedIn(t, Role.Support);
    const leaving = await createUser(t.ctx, { name: 'Leaving Investor' });
    await fileDocumentOn(t, support.client, { type: 'investor', id: leaving.id });
    const hardDelete = () => support.client.request({ method: 'DELETE', url: `/api/users/${leaving.id}/unsafe` });

    const open = await hardDelete();
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toMatch(/account is still open\. Delete \(close\) the account first/);
    expect((await support.client.get(`/api/users/${leaving.id}/retention`)).json().data).toMatchObject({
      status: 'open',
      may_remove: false,
    });

    // Closing the account is allowed and starts the clock.
    expect((await support.client.request({ method: 'DELETE', url: `/api/users/${leaving.id}` })).statusCode).toBe(204);
    clock.set(new Date('2024-02-29T12:00:00Z'));
    await support.client.login(support.user.email, TEST_PASSWORD);
    const inside = await hardDelete();
    expect(inside.statusCode).toBe(409);
    expect(inside.json()).toMatchObject({
      message: expect.stringContaining('They may be deleted from 1 March 2024.'),
      code: 'records_retained',
      available_at: '2024-03-01T10:00:00.000Z',
    });
    expect(await reloadUser(t.ctx, leaving.id)).toBeDefined();
    expect((await support.client.get(`/api/users/${leaving.id}/retention`)).json().data).toEqual({
      status: 'retained',
      account_closed_at: '2019-03-01T10:00:00.000Z',
      holdings_open: 0,
      relationship_ended_at: '2019-03-01T10:00:00.000Z',
      kept_until: '2024-03-01T10:00:00.000Z',
      may_remove: false,
    });
    // Its pack is still there: a closed account's records are kept.
    expect((await support.client.get(packUrl(leaving.id), binary)).statusCode).toBe(200);

    clock.set(new Date('2024-03-01T10:00:00Z'));
    await support.client.login(support.user.email, TEST_PASSWORD);
    expect((await hardDelete()).statusCode).toBe(204);
    expect(await reloadUser(t.ctx, leaving.id)).toBeUndefined();
  });

  it('counts from the last holding realised when that comes after the account closed', async () => {
    clock.set(new Date('2019-03-01T10:00:00Z'));
    const support = await signedIn(t, Role.Support);
    const holder = await createUser(t.ctx, { name: 'Holding Investor', deletedAt: new Date('2019-01-01T00:00:00Z') });
    const opportunity = await createOpportunityRow(t);
    await t.db.insert(investments).values({
      opportunityId: opportunity.id,
      userId: holder.id,
      amount: '1000.00',
      currency: 'GBP',
      shares: '100',
      paymentReference: `HOLD-${process.pid}`,
      status: 'completed',
    });
    const retention = () => support.client.get(`/api/users/${holder.id}/retention`);
    expect((await retention()).json().data).toMatchObject({ status: 'holding', holdings_open: 1, kept_until: null });
    const refused = await support.client.request({ method: 'DELETE', url: `/api/users/${holder.id}/unsafe` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/still hold an investment/);

    await t.db.insert(companyOutcomes).values({ opportunityId: opportunity.id, date: '2019-02-15', kind: 'write-off' });
    expect((await retention()).json().data).toMatchObject({
      status: 'retained',
      relationship_ended_at: '2019-02-15T23:59:59.999Z',
      kept_until: '2024-02-15T23:59:59.999Z',
    });
  });

  it('is kept by the database too: nothing of an open or recently closed account is deleted', async () => {
    const open = await createUser(t.ctx, { name: 'Guarded Investor' });
    await expect(t.db.delete(investorCategorisations).where(eq(investorCategorisations.userId, open.id))).rejects.toThrow();
    await expect(t.db.delete(users).where(eq(users.id, open.id))).rejects.toThrow();
    const longGone = await createUser(t.ctx, { name: 'Long Gone', deletedAt: new Date('2015-01-01T00:00:00Z') });
    await t.db.delete(investorCategorisations).where(eq(investorCategorisations.userId, longGone.id));
    await t.db.delete(users).where(eq(users.id, longGone.id));
    expect(await reloadUser(t.ctx, longGone.id)).toBeUndefined();
  });
});
