import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { can, Role, ROLE_IDS } from '@platform/domain';
import {
  activityLog,
  clientGroupMembers,
  clientGroups,
  documents,
  holdingRealisations,
  investments,
  notifications,
  statementRunItems,
  statementRuns,
} from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { addLedgerEntry, addNav, createFund, parseCsvExport, setFundsEnabled } from '../../test/deals-funds';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createOrganisationFor } from '../../test/investments';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { pdfPagesText } from '../../test/pdf-text';
import { startSmtp } from '../../test/smtp';
import { processStatementRuns, RUN_LEASE_MS } from './runs';

const clock = fixedClock(new Date('2025-03-01T12:00:00Z'));
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
type Signed = Awaited<ReturnType<typeof signedIn>>;
let admin: Signed;
let ada: Signed;
let other: Signed;

async function invest(
  userId: number,
  opportunityId: number,
  values: { amount: string; shares: string | null; price: string | null; paid: string; currency?: string; organisationId?: number },
) {
  const row = await createInvestmentRow(t, { opportunityId, userId, amount: values.amount, status: 'completed' });
  await t.db
    .update(investments)
    .set({
      shares: values.shares,
      sharePrice: values.price,
      currency: values.currency ?? 'GBP',
      paidAt: new Date(`${values.paid}T10:00:00Z`),
      ...(values.organisationId ? { holderType: 'organisation', organisationId: values.organisationId } : {}),
    })
    .where(eq(investments.id, row.id));
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url, APP_URL: 'https://portal.example.test' } });
  await setFundsEnabled(t, true);
  admin = await signedIn(t, Role.SuperAdmin);
  ada = await signedIn(t, Role.User, { name: 'Ada Investor' });
  other = await signedIn(t, Role.User, { name: 'Other Investor' });
  const organisation = await createOrganisationFor(t, ada.user.id, 'Ada Holdings Ltd');

  // Acme at £2.50: 4,000 bought at £1.25 and 1,000 at £2.00 (£7,000), 1,000 sold for £3,000 → 4,000 held (£10,000).
  const acme = await createOpportunityRow(t, { name: 'Acme', companyName: 'Acme Ltd', status: 5, sharePrice: '2.500000' });
  await invest(ada.user.id, acme.id, { amount: '5000.00', shares: '4000', price: '1.250000', paid: '2024-01-15' });
  await invest(ada.user.id, acme.id, {
    amount: '2000.00',
    shares: '1000',
    price: '2.000000',
    paid: '2024-03-10',
    organisationId: organisation.id,
  });
  await t.db
    .insert(holdingRealisations)
    .values({ opportunityId: acme.id, userId: ada.user.id, date: '2024-06-01', shares: '1000.000000', proceeds: '3000.00' });
  // Made after the statement date: not in a statement as at 31 Dec 2024.
  await invest(ada.user.id, acme.id, { amount: '1000.00', shares: '400', price: '2.500000', paid: '2025-02-01' });
  // Beta has no price: held at cost, in euros.
  const beta = await createOpportunityRow(t, { name: 'Beta', companyName: 'Beta SA', status: 5, currency: 'EUR', sharePrice: null });
  await invest(ada.user.id, beta.id, { amount: '1000.00', shares: null, price: null, paid: '2024-05-01', currency: 'EUR' });
  // Someone else's holding is never on Ada's statement.
  const hidden = await createOpportunityRow(t, { name: 'Hidden Co', status: 5 });
  await invest(other.user.id, hidden.id, { amount: '9999.00', shares: '100', price: '99.990000', paid: '2024-04-01' });

  // Growth Fund: Ada subscribes £10,000 (10,000 units), Other £90,000; Ada receives a £5,000 distribution.
  const fund = await createFund(t, { name: 'Growth Fund' });
  await addLedgerEntry(t, {
    fundId: fund.id,
    investorId: ada.user.id,
    kind: 'subscription',
    date: '2024-02-01',
    amount: '10000.00',
    units: '10000',
  });
  await addLedgerEntry(t, {
    fundId: fund.id,
    investorId: other.user.id,
    kind: 'subscription',
    date: '2024-02-01',
    amount: '90000.00',
    units: '90000',
  });
  await addLedgerEntry(t, { fundId: fund.id, investorId: ada.user.id, kind: 'distribution', date: '2024-09-30', amount: '5000.00' });
  await addNav(t, { fundId: fund.id, date: '2024-06-30', nav: '95000.00', unitsInIssue: '100000', navPerUnit: '0.950000' });
  await addNav(t, { fundId: fund.id, date: '2024-12-31', nav: '120000.00', unitsInIssue: '100000', navPerUnit: '1.200000' });
}, 60_000);

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const STAFF_ROLES = ROLE_IDS.filter((r) => r !== Role.User);

describe('who may ask for statements', () => {
  it('answers 401 to visitors on every route', async () => {
    const visitor = agent(t.app);
    for (const url of [
      '/api/investors/1/statement',
      '/api/my/statement',
      '/api/portfolio/export',
      '/api/statement-runs',
      '/api/statement-runs/1',
    ])
      expect((await visitor.get(url)).statusCode, url).toBe(401);
    expect((await visitor.post('/api/statement-runs', { as_at: '2024-12-31', from: '2024-01-01' })).statusCode).toBe(401);
  });

  it('lets only roles with the portfolio report grant open an investor statement or follow runs, and only those who may create start one', async () => {
    for (const roleId of STAFF_ROLES) {
      const { client } = await signedIn(t, roleId);
      const index = can(roleId, 'portfolio_kpis', 'index') ? 200 : 403;
      expect((await client.get(`/api/investors/${ada.user.id}/statement?as_at=2024-12-31&format=csv`)).statusCode, `role ${roleId}`).toBe(
        index,
      );
      expect((await client.get('/api/statement-runs')).statusCode, `role ${roleId}`).toBe(index);
      const started = await client.post('/api/statement-runs', { as_at: '2024-12-31', from: '2024-01-01', client_group_id: 2_000_000 });
      // Roles allowed to create reach validation (the group does not exist); the others stop at the guard.
      expect(started.statusCode, `role ${roleId}`).toBe(can(roleId, 'portfolio_kpis', 'create') ? 422 : 403);
      // Investor-only routes are not for staff.
      expect((await client.get('/api/my/statement')).statusCode).toBe(403);
      expect((await client.get('/api/portfolio/export')).statusCode).toBe(403);
    }
    expect((await ada.client.get(`/api/investors/${ada.user.id}/statement`)).statusCode).toBe(403);
    expect((await ada.client.get('/api/statement-runs')).statusCode).toBe(403);
  });

  it('answers 404 for an id that is not an investor, 400 for a bad period and 422 with field messages for a bad run', async () => {
    expect((await admin.client.get(`/api/investors/${admin.user.id}/statement`)).statusCode).toBe(404);
    expect((await admin.client.get('/api/investors/2000000/statement')).statusCode).toBe(404);
    expect((await admin.client.get(`/api/investors/${ada.user.id}/statement?as_at=2024-02-30`)).statusCode).toBe(400);
    expect((await admin.client.get(`/api/investors/${ada.user.id}/statement?as_at=2024-01-01&from=2024-06-01`)).statusCode).toBe(400);
    expect((await admin.client.get(`/api/investors/${ada.user.id}/statement?format=docx`)).statusCode).toBe(400);
    const bad = await admin.client.post('/api/statement-runs', { as_at: '2024-01-01', from: '2024-06-01' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual(['The period must start on or before the statement date.']);
    const missing = await admin.client.post('/api/statement-runs', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['as_at', 'from']);
  });
});

describe('an investor statement', () => {
  it('has the holdings, totals per currency and transactions of the period, as hand-computed (CSV)', async () => {
    const response = await admin.client.get(`/api/investors/${ada.user.id}/statement?as_at=2024-12-31&from=2024-03-01&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="statement-2024-12-31.csv"');
    const rows = parseCsvExport(response.body);
    const holdings = rows.filter((r) => r.Section === 'Holding');
    expect(
      holdings.map((h) => [h.Holding, h.Holder, h['Shares / units'], h.Cost, h['Current value'], h['Valued at cost'], h.Realised, h.Gain]),
    ).toEqual([
      ['Acme', 'Personal, Ada Holdings Ltd', '4000.000000', '7000.00', '10000.00', 'no', '3000.00', '6000.00'],
      ['Beta', 'Personal', '', '1000.00', '1000.00', 'yes', '0.00', '0.00'],
      ['Growth Fund', 'Personal', '10000.000000', '10000.00', '12000.00', 'no', '5000.00', '7000.00'],
    ]);
    expect(rows.filter((r) => r.Section === 'Total').map((r) => [r.Currency, r.Cost, r['Current value'], r.Realised, r.Gain])).toEqual([
      ['EUR', '1000.00', '1000.00', '0.00', '0.00'],
      ['GBP', '17000.00', '22000.00', '8000.00', '13000.00'],
    ]);
    expect(rows.filter((r) => r.Section === 'Transaction').map((r) => [r.Date, r.Type, r.Holding, r.Holder, r.Amount])).toEqual([
      ['2024-03-10', 'Investment', 'Acme', 'Ada Holdings Ltd', '2000.00'],
      ['2024-05-01', 'Investment', 'Beta', 'Personal', '1000.00'],
      ['2024-06-01', 'Realisation', 'Acme', 'Personal, Ada Holdings Ltd', '3000.00'],
      ['2024-09-30', 'Fund distribution', 'Growth Fund', 'Personal', '5000.00'],
    ]);
    expect(response.body).not.toContain('Hidden Co');
    const [logged] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'statement_generated'), eq(activityLog.actorId, admin.user.id)));
    expect(logged.subjectId).toBe(String(ada.user.id));
  });

  it('agrees with the portfolio page on the figures they share', async () => {
    const page = (await ada.client.get('/api/my/portfolio')).json();
    const rows = parseCsvExport((await ada.client.get('/api/my/statement?format=csv')).body).filter((r) => r.Section === 'Holding');
    for (const holding of page.data as Array<{ opportunity: { name: string }; cost: string; current_value: string; gain: string }>) {
      const row = rows.find((r) => r.Holding === holding.opportunity.name)!;
      expect([row.Cost, row['Current value'], row.Gain]).toEqual([holding.cost, holding.current_value, holding.gain]);
    }
    // Today the February 2025 purchase counts: 400 more shares for £1,000.
    expect(rows.find((r) => r.Holding === 'Acme')!.Cost).toBe('8000.00');
  });

  it('reads back from the PDF: firm, investor, tables in one money and date format, page numbers', async () => {
    const response = await ada.client.get('/api/my/statement?as_at=2024-12-31&from=2024-03-01');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPagesText(response.rawPayload);
    const text = pages.join('\n');
    expect(text).toContain('Investor Platform');
    expect(text).toContain('Portfolio statement');
    expect(text).toContain('Ada Investor');
    expect(text).toContain('As at 31 Dec 2024. Transactions from 1 Mar 2024 to 31 Dec 2024.');
    for (const figure of [
      '£7,000.00',
      '£10,000.00',
      '£3,000.00',
      '£6,000.00',
      '€1,000.00 *',
      '£17,000.00',
      '£22,000.00',
      '£13,000.00',
      '10 Mar 2024',
      '30 Sept 2024',
    ])
      expect(text).toContain(figure);
    expect(text).toContain('Fund distribution');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(text).not.toContain('Hidden Co');
  });

  it("is the investor's own: the investor route has no id, and another investor's statements are not theirs to read", async () => {
    const theirs = parseCsvExport((await other.client.get('/api/my/statement?format=csv&as_at=2024-12-31')).body);
    expect(theirs.filter((r) => r.Section === 'Holding').map((r) => r.Holding)).toEqual(['Hidden Co', 'Growth Fund']);
  });
});

describe('the investor portfolio export', () => {
  it('exports their holdings as CSV and Excel', async () => {
    const csv = await ada.client.get('/api/portfolio/export?as_at=2024-12-31');
    expect(csv.statusCode).toBe(200);
    expect(parseCsvExport(csv.body).map((r) => [r.Holding, r.Cost, r['Current value'], r.Gain])).toEqual([
      ['Acme', '7000.00', '10000.00', '6000.00'],
      ['Beta', '1000.00', '1000.00', '0.00'],
      ['Growth Fund', '10000.00', '12000.00', '7000.00'],
    ]);
    const xlsx = await ada.client.get('/api/portfolio/export?format=xlsx&as_at=2024-12-31');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Portfolio')!;
    expect(sheet.getRow(2).getCell(1).value).toBe('Acme');
    expect(sheet.getRow(2).getCell(8).value).toBe(10000);
    expect((await ada.client.get('/api/portfolio/export?format=pdf')).statusCode).toBe(400);
  });
});

describe('bulk statements', () => {
  async function runUntilDone(runId: number) {
    for (let i = 0; i < 50; i++) {
      await processStatementRuns(t.ctx, undefined, 'test-worker');
      const [run] = await t.db.select().from(statementRuns).where(eq(statementRuns.id, runId));
      if (run.status === 'done') return run;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`run ${runId} did not finish`);
  }

  it("files a statement on each investor's record, notifies them and counts progress", async () => {
    const [group] = await t.db.insert(clientGroups).values({ name: 'Statement group' }).returning();
    await t.db.insert(clientGroupMembers).values([
      { groupId: group.id, userId: ada.user.id },
      { groupId: group.id, userId: other.user.id },
      // A staff member in the group is not sent a statement.
      { groupId: group.id, userId: admin.user.id },
    ]);
    const started = await admin.client.post('/api/statement-runs', { as_at: '2024-12-31', from: '2024-01-01', client_group_id: group.id });
    expect(started.statusCode).toBe(201);
    expect(started.json().data).toMatchObject({ total: 2, client_group: { id: group.id, name: 'Statement group' }, as_at: '2024-12-31' });
    const runId = started.json().data.id;

    const run = await runUntilDone(runId);
    expect([run.total, run.done, run.failed]).toEqual([2, 2, 0]);
    const shown = (await admin.client.get(`/api/statement-runs/${runId}`)).json().data;
    expect(shown).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    expect(shown.finished_at).not.toBeNull();
    expect((await admin.client.get('/api/statement-runs')).json().data[0].id).toBe(runId);

    // The investor sees the statement in their documents, downloads it and is notified.
    const mine = (await ada.client.get('/api/my/documents')).json().data as Array<{ id: number; name: string; download_url: string }>;
    const filed = mine.find((d) => d.name === 'Portfolio statement 31 Dec 2024')!;
    const download = await ada.client.get(filed.download_url);
    expect(download.statusCode).toBe(200);
    expect((await pdfPagesText(download.rawPayload)).join(' ')).toContain('£22,000.00');
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, ada.user.id));
    expect(notes.some((n) => n.data.message.includes('Portfolio statement 31 Dec 2024'))).toBe(true);

    // Each investor gets one e-mail, over SMTP, linking to their documents in the portal: no attachment.
    await t.ctx.mailer.flush();
    const mails = smtp.received.filter((m) => m.raw.includes('31 Dec 2024'));
    expect(mails.map((m) => m.to).sort()).toEqual([[ada.user.email], [other.user.email]].sort());
    const toAda = mails.find((m) => m.to[0] === ada.user.email)!;
    expect(toAda.raw).toMatch(/Subject: Your portfolio statement as at 31 Dec 2024 is ready/);
    expect(toAda.raw).toContain('Hello Ada Investor,');
    expect(toAda.raw).toContain('https://portal.example.test/investor/profile/documents');
    expect(toAda.raw).not.toMatch(/Content-Disposition: attachment|application\/pdf/i);

    // Another investor's statement is a 404 to Ada.
    const [theirs] = await t.db
      .select({ documentId: statementRunItems.documentId })
      .from(statementRunItems)
      .where(and(eq(statementRunItems.runId, runId), eq(statementRunItems.investorId, other.user.id)));
    expect((await ada.client.get(`/api/my/documents/${theirs.documentId}/download`)).statusCode).toBe(404);
  });

  it('resumes a run whose worker died once its lease has run out, filing only what is still pending', async () => {
    const third = await createUser(t.ctx, { name: 'Third Investor', roleId: Role.User });
    // A worker claimed this run, filed Ada's statement, then died holding the lease.
    const [run] = await t.db
      .insert(statementRuns)
      .values({
        asAt: '2024-06-30',
        periodFrom: '2024-01-01',
        status: 'running',
        total: 3,
        done: 1,
        worker: 'dead-worker',
        claimedUntil: new Date(clock.now().getTime() + RUN_LEASE_MS),
        startedAt: clock.now(),
      })
      .returning();
    await t.db.insert(statementRunItems).values([
      { runId: run.id, investorId: ada.user.id, status: 'done', processedAt: clock.now() },
      { runId: run.id, investorId: other.user.id },
      { runId: run.id, investorId: third.id },
    ]);
    // While the lease holds, nobody takes the run over.
    await processStatementRuns(t.ctx, undefined, 'test-worker');
    const [held] = await t.db.select().from(statementRuns).where(eq(statementRuns.id, run.id));
    expect([held.status, held.done, held.worker]).toEqual(['running', 1, 'dead-worker']);

    clock.advance(RUN_LEASE_MS + 1000);
    const finished = await runUntilDone(run.id);
    expect([finished.done, finished.failed, finished.total]).toEqual([3, 0, 3]);
    const filed = await t.db
      .select({ subjectId: documents.subjectId })
      .from(documents)
      .where(and(eq(documents.subjectType, 'investor'), eq(documents.name, 'Portfolio statement 30 Jun 2024')));
    // Ada's was filed before the worker died: not filed again.
    expect(filed.map((d) => d.subjectId).sort((a, b) => a - b)).toEqual([other.user.id, third.id].sort((a, b) => a - b));
    // …and nor is its e-mail: one per statement filed.
    await t.ctx.mailer.flush();
    const mailed = smtp.received.filter((m) => m.raw.includes('30 Jun 2024')).map((m) => m.to[0]);
    expect(mailed.sort()).toEqual([other.user.email, third.email].sort());
  });

  it('counts a statement that cannot be built as failed and carries on', async () => {
    const gone = await createUser(t.ctx, { name: 'Gone Investor', roleId: Role.User });
    const started = await admin.client.post('/api/statement-runs', { as_at: '2024-12-31', from: '2024-01-01' });
    const runId = started.json().data.id;
    // Deleted after the run fixed its audience: their statement fails, the others are filed.
    const { users } = await import('../../db/schema');
    await t.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, gone.id));
    const run = await runUntilDone(runId);
    expect(run.failed).toBe(1);
    expect(run.done).toBe(run.total - 1);
    const [item] = await t.db
      .select()
      .from(statementRunItems)
      .where(and(eq(statementRunItems.runId, runId), eq(statementRunItems.investorId, gone.id)));
    expect(item.status).toBe('failed');
  });
});
