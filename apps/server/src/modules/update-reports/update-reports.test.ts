import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { clientGroupMembers, clientGroups, mailOutbox, notifications, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { addLedgerEntry, createFund } from '../../test/deals-funds';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { uploadForm } from '../../test/uploads';
import { publishDueReports } from './service';

const clock = fixedClock(new Date('2026-03-02T09:00:00Z'));
let t: TestApp;
type Signed = Awaited<ReturnType<typeof signedIn>>;
let admin: Signed;
let fundManager: Signed;
let custodian: Signed;
let holderA: Signed;
let holderB: Signed;
let outsider: Signed;
let fundHolder: Signed;
let grouped: Signed;
let companyId: number;
let fundId: number;
let groupId: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Admin Ada' });
  fundManager = await signedIn(t, Role.FundManager);
  custodian = await signedIn(t, Role.Custodian);
  holderA = await signedIn(t, Role.User, { name: 'Holder A' });
  holderB = await signedIn(t, Role.User, { name: 'Holder B' });
  outsider = await signedIn(t, Role.User, { name: 'Outsider' });
  fundHolder = await signedIn(t, Role.User, { name: 'Fund Holder' });
  grouped = await signedIn(t, Role.User, { name: 'Grouped' });
  const company = await createOpportunityRow(t, { status: 5, companyName: 'Brightwater Robotics' });
  companyId = company.id;
  await createInvestmentRow(t, { opportunityId: companyId, userId: holderA.user.id, amount: '1000.00', status: 'completed' });
  await createInvestmentRow(t, { opportunityId: companyId, userId: holderB.user.id, amount: '2000.00', status: 'paid' });
  // A reservation is not a holding.
  await createInvestmentRow(t, { opportunityId: companyId, userId: outsider.user.id, amount: '500.00', status: 'reserved' });
  fundId = (await createFund(t, { name: 'Growth Fund' })).id;
  await addLedgerEntry(t, {
    fundId,
    investorId: fundHolder.user.id,
    kind: 'subscription',
    date: '2025-01-10',
    amount: '5000.00',
    units: '5000',
  });
  const [group] = await t.db.insert(clientGroups).values({ name: 'Angels' }).returning();
  groupId = group.id;
  await t.db.insert(clientGroupMembers).values({ groupId, userId: grouped.user.id });
});
afterAll(() => t.close());

const del = (client: Signed['client'], url: string) => client.request({ method: 'DELETE', url });
const errorFields = (response: { json: () => { errors?: object } }) => Object.keys(response.json().errors ?? {});
const draft = (overrides: Record<string, unknown> = {}) => ({
  title: 'Q1 2026 update',
  report_type_id: 1,
  report_sub_type_id: 4,
  body: '<p>Revenue doubled.<script>alert(1)</script></p>',
  opportunity_id: companyId,
  audience: 'holders',
  ...overrides,
});

async function createDraft(overrides: Record<string, unknown> = {}) {
  const response = await admin.client.post('/api/update-reports', draft(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; status: number };
}

async function publish(id: number) {
  const response = await admin.client.post(`/api/update-reports/${id}/publish`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const notificationsOf = (reportId: number) =>
  t.db
    .select({ userId: notifications.userId, data: notifications.data })
    .from(notifications)
    .where(
      sql`${notifications.data}->>'cta' = ${`/investor/news/reports/${reportId}`} and ${notifications.data}->>'message' like '%published%'`,
    );

describe('access', () => {
  const staffRoutes: Array<[string, string]> = [
    ['GET', '/api/update-reports'],
    ['GET', '/api/update-reports/1'],
    ['POST', '/api/update-reports'],
    ['PATCH', '/api/update-reports/1'],
    ['DELETE', '/api/update-reports/1'],
    ['POST', '/api/update-reports/1/publish'],
    ['GET', '/api/update-reports/1/recipients'],
    ['GET', '/api/update-reports/1/questions'],
    ['POST', '/api/update-report-questions/1/answer'],
    ['GET', '/api/report-types'],
    ['GET', '/api/client-groups'],
    ['POST', '/api/client-groups'],
    ['GET', '/api/client-groups/1'],
    ['PATCH', '/api/client-groups/1'],
    ['DELETE', '/api/client-groups/1'],
  ];
  const investorRoutes: Array<[string, string]> = [
    ['GET', '/api/my/update-reports'],
    ['GET', '/api/my/update-reports/1'],
    ['POST', '/api/my/update-reports/1/questions'],
  ];

  it('answers 401 without a session on every route', async () => {
    const anonymous = agent(t.app);
    for (const [method, url] of [...staffRoutes, ...investorRoutes]) {
      expect((await anonymous.request({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 to roles without the update_reports grant, and to investors on staff routes', async () => {
    for (const [method, url] of staffRoutes) {
      expect((await custodian.client.request({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(403);
      expect((await holderA.client.request({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const [method, url] of investorRoutes) {
      expect((await admin.client.request({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets the Fund Manager list and show updates but not write, publish or answer (spec §6)', async () => {
    const report = await createDraft();
    expect((await fundManager.client.get('/api/update-reports')).statusCode).toBe(200);
    expect((await fundManager.client.get(`/api/update-reports/${report.id}`)).statusCode).toBe(200);
    expect((await fundManager.client.get(`/api/update-reports/${report.id}/questions`)).statusCode).toBe(200);
    expect((await fundManager.client.get('/api/report-types')).statusCode).toBe(200);
    expect((await fundManager.client.post('/api/update-reports', draft())).statusCode).toBe(403);
    expect((await fundManager.client.patch(`/api/update-reports/${report.id}`, { title: 'x' })).statusCode).toBe(403);
    expect((await fundManager.client.post(`/api/update-reports/${report.id}/publish`)).statusCode).toBe(403);
    expect(
      (await fundManager.client.post('/api/update-report-questions/1/answer', { answer: 'a', visibility: 'private' })).statusCode,
    ).toBe(403);
    expect((await fundManager.client.post('/api/client-groups', { name: 'x' })).statusCode).toBe(403);
    expect((await del(fundManager.client, `/api/update-reports/${report.id}`)).statusCode).toBe(403);
  });
});

describe('writing drafts', () => {
  it('creates a draft with its type, subject and sanitised text, and lists it', async () => {
    const report = await createDraft();
    const shown = (await admin.client.get(`/api/update-reports/${report.id}`)).json().data;
    expect(shown).toMatchObject({
      status: 1,
      body: '<p>Revenue doubled.</p>',
      report_type: { id: 1, name: 'Quarterly update' },
      report_sub_type: { id: 4, name: 'Q1' },
      subject: { type: 'company', id: companyId, name: 'Brightwater Robotics' },
      audience: 'holders',
      created_by: { id: admin.user.id, name: 'Admin Ada' },
      recipients_count: 0,
    });
    const list = (await admin.client.get('/api/update-reports?filter[status]=1&filter[search]=Q1 2026&sort=-created_at')).json();
    expect(list.data.map((r: { id: number }) => r.id)).toContain(report.id);
    expect((await admin.client.get('/api/update-reports?sort=colour')).statusCode).toBe(400);
  });

  it('keeps the markup the editor makes and strips a frame from anywhere else', async () => {
    const editorMarkup = [
      '<h2>Depot visit</h2>',
      '<p><span class="rt-size-large"><span class="rt-font-serif">Capacity doubles</span></span> ',
      '<span data-type="inline-math" data-latex="c = \\frac{a}{b}"></span></p>',
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube video" allowfullscreen="true" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    ].join('');
    const report = await createDraft({
      body: `${editorMarkup}<iframe src="https://evil.example/phish" title="YouTube video"></iframe><p style="font-size:90px" onclick="x">End</p>`,
    });
    const shown = await admin.client.get(`/api/update-reports/${report.id}`);
    expect(shown.json().data.body).toBe(`${editorMarkup}<p>End</p>`);
    // The browser may frame the two players, and nothing else.
    expect(shown.headers['content-security-policy']).toMatch(
      /(^|;)frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com(;|$)/,
    );
  });

  it('answers 422 on the field at fault', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, 'title'],
      [{ report_type_id: 4, report_sub_type_id: null }, 'report_type_id'],
      [{ report_sub_type_id: 8 }, 'report_sub_type_id'],
      [{ opportunity_id: (await createOpportunityRow(t, { status: 2 })).id }, 'opportunity_id'],
      [{ opportunity_id: null, audience: 'holders' }, 'audience'],
      [{ opportunity_id: companyId, fund_id: fundId }, 'fund_id'],
      [{ audience: 'groups', client_group_ids: [] }, 'client_group_ids'],
      [{ audience: 'groups', client_group_ids: [999_999] }, 'client_group_ids'],
      [{ publish_at: '2026-03-01T09:00:00Z' }, 'publish_at'],
      [{ audience: 'everyone' }, 'audience'],
    ];
    for (const [overrides, field] of cases) {
      const response = await admin.client.post('/api/update-reports', draft(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(errorFields(response)).toEqual([field]);
    }
  });

  it('edits and deletes a draft', async () => {
    const report = await createDraft();
    const edited = await admin.client.patch(`/api/update-reports/${report.id}`, {
      title: 'Renamed',
      audience: 'groups',
      client_group_ids: [groupId],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Renamed', audience: 'groups', client_groups: [{ id: groupId, name: 'Angels' }] });
    expect((await del(admin.client, `/api/update-reports/${report.id}`)).statusCode).toBe(204);
    expect((await admin.client.get(`/api/update-reports/${report.id}`)).statusCode).toBe(404);
  });
});

describe('publishing to holders of a company', () => {
  let reportId: number;

  it('keeps a draft from every investor', async () => {
    reportId = (await createDraft({ title: 'Brightwater Q1' })).id;
    expect((await holderA.client.get(`/api/my/update-reports/${reportId}`)).statusCode).toBe(404);
    const mine = (await holderA.client.get('/api/my/update-reports')).json().data;
    expect(mine.map((r: { id: number }) => r.id)).not.toContain(reportId);
  });

  it('goes live, reaching holders only: a notification and one e-mail each', async () => {
    const published = await publish(reportId);
    expect(published).toMatchObject({ status: 2, published_at: clock.now().toISOString(), recipients_count: 2, opened_count: 0 });
    const notified = await notificationsOf(reportId);
    expect(notified.map((n) => n.userId).sort()).toEqual([holderA.user.id, holderB.user.id].sort());
    expect(notified[0].data).toMatchObject({ icon: 'update_reports', cta: `/investor/news/reports/${reportId}` });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'New in Update Reports: Brightwater Q1'));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([holderA.user.email, holderB.user.email].sort());
    expect(mails[0].text).toContain('Revenue doubled.');
    expect(mails[0].text).toContain(`/investor/news/reports/${reportId}`);
  });

  it('can no longer be edited, deleted or published again', async () => {
    expect((await admin.client.patch(`/api/update-reports/${reportId}`, { title: 'x' })).statusCode).toBe(409);
    expect((await del(admin.client, `/api/update-reports/${reportId}`)).statusCode).toBe(409);
    expect((await admin.client.post(`/api/update-reports/${reportId}/publish`)).statusCode).toBe(409);
  });

  it("shows in the holders' news, unread until opened, and staff see who opened it", async () => {
    const listed = (await holderA.client.get('/api/my/update-reports')).json().data;
    expect(listed[0]).toMatchObject({ id: reportId, opened_at: null, subject: { type: 'company', id: companyId } });
    expect(
      (await holderA.client.get(`/api/my/update-reports?filter[opportunity_id]=${companyId}&filter[unread]=1`)).json().data,
    ).toHaveLength(1);
    const opened = await holderA.client.get(`/api/my/update-reports/${reportId}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({
      title: 'Brightwater Q1',
      body: '<p>Revenue doubled.</p>',
      opened_at: clock.now().toISOString(),
    });
    expect((await admin.client.get(`/api/update-reports/${reportId}`)).json().data).toMatchObject({ recipients_count: 2, opened_count: 1 });
    const openedBy = (await admin.client.get(`/api/update-reports/${reportId}/recipients?filter[opened]=1`)).json();
    expect(openedBy.data).toEqual([
      { user_id: holderA.user.id, name: 'Holder A', email: holderA.user.email, opened_at: clock.now().toISOString() },
    ]);
    expect((await admin.client.get(`/api/update-reports/${reportId}/recipients?filter[opened]=0`)).json().meta.total).toBe(1);
  });

  it('is a 404 to an investor outside its audience', async () => {
    expect((await outsider.client.get(`/api/my/update-reports/${reportId}`)).statusCode).toBe(404);
    expect((await outsider.client.post(`/api/my/update-reports/${reportId}/questions`, { question: 'Hi?' })).statusCode).toBe(404);
    const listed = (await outsider.client.get('/api/my/update-reports')).json().data;
    expect(listed.map((r: { id: number }) => r.id)).not.toContain(reportId);
  });

  it('lets the audience download its public attachments, and no one else', async () => {
    const upload = await admin.client.post(
      '/api/documents',
      uploadForm(
        { subject_type: 'update_report', subject_id: reportId, visibility: 'public' },
        { data: '%PDF-1.4\n%%EOF\n', filename: 'accounts.pdf', type: 'application/pdf' },
      ),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const documentId = upload.json().data.id;
    const detail = (await holderB.client.get(`/api/my/update-reports/${reportId}`)).json().data;
    expect(detail.attachments).toEqual([expect.objectContaining({ id: documentId, name: 'accounts.pdf' })]);
    expect((await holderB.client.get(`/api/my/documents/${documentId}/download`)).statusCode).toBe(200);
    expect((await outsider.client.get(`/api/my/documents/${documentId}/download`)).statusCode).toBe(404);
  });

  it('carries questions: answered privately to the asker, or to the whole audience', async () => {
    const asked = await holderA.client.post(`/api/my/update-reports/${reportId}/questions`, { question: 'When is the next round?' });
    expect(asked.statusCode, asked.body).toBe(201);
    const questionId = asked.json().data.id;
    expect((await holderA.client.post(`/api/my/update-reports/${reportId}/questions`, { question: ' ' })).statusCode).toBe(422);
    const staffView = (await admin.client.get(`/api/update-reports/${reportId}/questions`)).json().data;
    expect(staffView).toEqual([
      expect.objectContaining({ id: questionId, asked_by: { id: holderA.user.id, name: 'Holder A' }, answer: null }),
    ]);
    // Unanswered, it is the asker's alone.
    expect((await holderB.client.get(`/api/my/update-reports/${reportId}`)).json().data.questions).toEqual([]);

    const privately = await admin.client.post(`/api/update-report-questions/${questionId}/answer`, {
      answer: 'In the autumn.',
      visibility: 'private',
    });
    expect(privately.statusCode, privately.body).toBe(200);
    expect((await holderA.client.get(`/api/my/update-reports/${reportId}`)).json().data.questions).toEqual([
      expect.objectContaining({ question: 'When is the next round?', answer: 'In the autumn.', mine: true }),
    ]);
    expect((await holderB.client.get(`/api/my/update-reports/${reportId}`)).json().data.questions).toEqual([]);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, holderA.user.id));
    expect(told.some((n) => n.data.message.includes('has been answered'))).toBe(true);

    const toAll = await admin.client.post(`/api/update-report-questions/${questionId}/answer`, {
      answer: 'In September.',
      visibility: 'audience',
    });
    expect(toAll.statusCode).toBe(200);
    const seenByB = (await holderB.client.get(`/api/my/update-reports/${reportId}`)).json().data.questions;
    expect(seenByB).toEqual([expect.objectContaining({ answer: 'In September.', mine: false })]);
    expect(seenByB[0]).not.toHaveProperty('asked_by');
    expect(
      (await admin.client.post(`/api/update-report-questions/${questionId}/answer`, { answer: '', visibility: 'all' })).statusCode,
    ).toBe(422);
    expect((await admin.client.post('/api/update-report-questions/999999/answer', { answer: 'x', visibility: 'private' })).statusCode).toBe(
      404,
    );
  });
});

describe('audiences', () => {
  it('reaches holders of a fund, chosen client groups, or every investor', async () => {
    const fundReport = await createDraft({ opportunity_id: null, fund_id: fundId });
    expect((await publish(fundReport.id)).subject).toEqual({ type: 'fund', id: fundId, name: 'Growth Fund' });
    expect((await notificationsOf(fundReport.id)).map((n) => n.userId)).toEqual([fundHolder.user.id]);
    expect((await fundHolder.client.get(`/api/my/update-reports/${fundReport.id}`)).statusCode).toBe(200);
    expect((await holderA.client.get(`/api/my/update-reports/${fundReport.id}`)).statusCode).toBe(404);

    const groupReport = await createDraft({ opportunity_id: null, audience: 'groups', client_group_ids: [groupId] });
    await publish(groupReport.id);
    expect((await notificationsOf(groupReport.id)).map((n) => n.userId)).toEqual([grouped.user.id]);

    const deleted = await createUser(t.ctx, { roleId: Role.User, deletedAt: new Date() });
    const everyone = await createDraft({ opportunity_id: null, audience: 'all' });
    const published = await publish(everyone.id);
    const investors = await t.db.select({ id: users.id, deletedAt: users.deletedAt }).from(users).where(eq(users.roleId, Role.User));
    expect(published.recipients_count).toBe(investors.filter((u) => u.deletedAt === null).length);
    expect((await notificationsOf(everyone.id)).map((n) => n.userId)).not.toContain(deleted.id);
  });
});

describe('scheduled publishing', () => {
  it('publishes a draft by itself once its time has come, from what is stored', async () => {
    const at = new Date(clock.now().getTime() + 60 * 60 * 1000).toISOString();
    const report = await createDraft({ title: 'Scheduled update', publish_at: at });
    expect((await admin.client.get(`/api/update-reports/${report.id}`)).json().data).toMatchObject({ status: 1, publish_at: at });
    await publishDueReports(t.ctx);
    expect((await admin.client.get(`/api/update-reports/${report.id}`)).json().data.status).toBe(1);

    clock.advance(61 * 60 * 1000);
    await publishDueReports(t.ctx);
    const shown = (await admin.client.get(`/api/update-reports/${report.id}`)).json().data;
    expect(shown).toMatchObject({ status: 2, publish_at: null, recipients_count: 2 });
    expect((await notificationsOf(report.id)).map((n) => n.userId).sort()).toEqual([holderA.user.id, holderB.user.id].sort());
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.subject, 'New in Update Reports: Scheduled update'),
          inArray(mailOutbox.toAddress, [holderA.user.email, holderB.user.email]),
        ),
      );
    expect(mails).toHaveLength(2);
  });
});

describe('report types and client groups', () => {
  it('lists the report types with their sub-types', async () => {
    const types = (await admin.client.get('/api/report-types')).json().data;
    expect(types.map((t: { name: string }) => t.name)).toEqual(['Quarterly update', 'Annual report', 'Company news']);
    expect(types[0].sub_types.map((s: { name: string }) => s.name)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
  });

  it('keeps named groups of investors', async () => {
    const refused = await admin.client.post('/api/client-groups', { name: 'Staff', member_ids: [custodian.user.id] });
    expect(refused.statusCode).toBe(422);
    expect(errorFields(refused)).toEqual(['member_ids']);
    expect(errorFields(await admin.client.post('/api/client-groups', { name: '' }))).toEqual(['name']);
    const created = await admin.client.post('/api/client-groups', { name: 'Co-investors', member_ids: [holderA.user.id, holderB.user.id] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ name: 'Co-investors', member_count: 2 });
    const updated = await admin.client.patch(`/api/client-groups/${id}`, { member_ids: [outsider.user.id] });
    expect(updated.json().data.members).toEqual([{ id: outsider.user.id, name: 'Outsider', email: outsider.user.email }]);
    const listed = (await fundManager.client.get('/api/client-groups?filter[search]=co-inv')).json().data;
    expect(listed).toEqual([expect.objectContaining({ id, member_count: 1 })]);
    expect((await del(admin.client, `/api/client-groups/${id}`)).statusCode).toBe(204);
    expect((await admin.client.get(`/api/client-groups/${id}`)).statusCode).toBe(404);
  });
});
