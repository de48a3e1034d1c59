import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Role, type RoleId } from '@platform/domain';
import {
  insiderEntries,
  insiderProjects,
  insiderRegisterViews,
  mailOutbox,
  notifications,
  opportunityInvitations,
  pipelineDeals,
  pipelineStages,
  pipelines,
} from '../../db/schema';
import { agent, signedIn } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';
import { acceptedSounding, admin, compliance, entriesOf, refusal, t, useRegisterApp } from './fixtures';

useRegisterApp();

describe('access (decision 0004)', () => {
  const registerRoutes: Array<[string, string]> = [
    ['GET', '/api/insider-register/projects'],
    ['POST', '/api/insider-register/projects'],
    ['POST', '/api/insider-register/projects/1/cleanse'],
    ['GET', '/api/insider-register/projects/1/pdf'],
    ['GET', '/api/insider-register/entries'],
    ['GET', '/api/insider-register/entries/export'],
    ['POST', '/api/insider-register/entries'],
    ['POST', '/api/insider-register/entries/1/corrections'],
    ['GET', '/api/insider-register/views'],
    ['GET', '/api/insider-register/restricted-list'],
    ['POST', '/api/insider-register/restricted-list'],
    ['POST', '/api/insider-register/restricted-list/1/remove'],
    ['POST', '/api/pa-deals/1/approve'],
    ['POST', '/api/pa-deals/1/refuse'],
  ];
  const staffRoutes: Array<[string, string]> = [
    ['GET', '/api/pa-deals'],
    ['GET', '/api/pa-deals/1'],
    ['POST', '/api/pa-deals'],
    ['POST', '/api/pa-deals/1/execute'],
  ];

  it('answers 401 without a session on every route', async () => {
    const anonymous = agent(t.app);
    for (const [method, url] of [...registerRoutes, ...staffRoutes])
      expect((await anonymous.request({ method: method as 'GET', url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
  });

  it('answers 403 to every role without the insider_register grant, and to investors on PA deals', async () => {
    const without: RoleId[] = [
      Role.Entrepreneur,
      Role.InvestmentCommittee,
      Role.User,
      Role.Custodian,
      Role.Creator,
      Role.InvestmentManager,
      Role.FundManager,
      Role.Adviser,
    ];
    for (const roleId of without) {
      const { client } = await signedIn(t, roleId);
      for (const [method, url] of registerRoutes)
        expect((await client.request({ method: method as 'GET', url, payload: {} })).statusCode, `role ${roleId} ${method} ${url}`).toBe(
          403,
        );
    }
    const investor = await signedIn(t, Role.User);
    for (const [method, url] of staffRoutes)
      expect((await investor.client.request({ method: method as 'GET', url, payload: {} })).statusCode, `${method} ${url}`).toBe(403);
  });
});

describe('wall-crossing from the deal flow', () => {
  it('enters an investor who accepts a market sounding, with the text they saw, opening the project', async () => {
    const { opportunity, investor, project, company } = await acceptedSounding();
    expect(project).toMatchObject({ name: `${company} placing`, companyName: company, openedBy: null });
    const entries = await entriesOf(project.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      user_id: investor.user.id,
      source: 'market_sounding',
      first_name: 'Ivy',
      surname: 'Investor',
      reason: `Accepted the market sounding of ${opportunity.name}`,
      disclosed_text: '<p>You will receive inside information about a placing.</p>',
      personal_phone: '07700 900123',
      date_of_birth: '1980-02-03',
      recorded_by: null,
      ceased_at: null,
    });
    expect(entries[0].obtained_at).toMatch(/Z$/);
  });

  it('enters staff who open a project marked inside information, once per person', async () => {
    const { opportunity, project } = await acceptedSounding();
    const staff = await signedIn(t, Role.InvestmentCommittee, { name: 'Ian Committee' });
    for (let i = 0; i < 2; i++) expect((await staff.client.get(`/api/investment-opportunities/${opportunity.id}`)).statusCode).toBe(200);
    const entries = (await entriesOf(project.id)).filter((e: { user_id: number }) => e.user_id === staff.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ source: 'staff_access', function: 'Staff', reason: `Opened ${project.name} in the back office` });

    // An opportunity with no project records nobody.
    const plain = await createOpportunityRow(t, { status: 2 });
    await staff.client.get(`/api/investment-opportunities/${plain.id}`);
    expect(await t.db.select().from(insiderProjects).where(eq(insiderProjects.opportunityId, plain.id))).toHaveLength(0);
  });

  it('enters staff who open a deal staff marked as inside information', async () => {
    const [pipeline] = await t.db.insert(pipelines).values({ name: 'Insider pipeline' }).returning();
    const [stage] = await t.db.insert(pipelineStages).values({ pipelineId: pipeline.id, name: 'Screening', position: 0 }).returning();
    const [deal] = await t.db
      .insert(pipelineDeals)
      .values({ pipelineId: pipeline.id, stageId: stage.id, position: 0, companyName: 'Takeover Target Ltd' })
      .returning();
    const opened = await admin.client.post('/api/insider-register/projects', { deal_id: deal.id, description: 'A bid is being prepared.' });
    expect(opened.statusCode).toBe(201);
    expect(opened.json().data).toMatchObject({ deal_id: deal.id, company_name: 'Takeover Target Ltd', opened_by: { id: admin.user.id } });
    expect((await admin.client.post('/api/insider-register/projects', { deal_id: deal.id, description: 'Again.' })).json().errors).toEqual({
      deal_id: ['This already has an insider project.'],
    });
    await admin.client.get(`/api/pipeline-deals/${deal.id}`);
    const entries = await entriesOf(opened.json().data.id);
    expect(entries.map((e: { user_id: number; disclosed_text: string }) => [e.user_id, e.disclosed_text])).toEqual([
      [admin.user.id, 'A bid is being prepared.'],
    ]);
  });

  it('enters an investor who opens a Live - Internal opportunity they were invited to, while it holds inside information', async () => {
    const opportunity = await createOpportunityRow(t, { status: 3, name: 'Private round' });
    const investor = await signedIn(t, Role.User);
    await t.db.insert(opportunityInvitations).values({ opportunityId: opportunity.id, userId: investor.user.id });
    const project = (
      await admin.client.post('/api/insider-register/projects', { opportunity_id: opportunity.id, description: 'Unannounced round.' })
    ).json().data;
    expect((await investor.client.get(`/api/investment-opportunities/${opportunity.slug}`)).statusCode).toBe(200);
    const entries = await entriesOf(project.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ user_id: investor.user.id, source: 'invitation', disclosed_text: 'Unannounced round.' });
  });
});

describe('the register is append-only', () => {
  it('is refused by the database, even through raw SQL, on every table', async () => {
    const { project } = await acceptedSounding();
    await compliance.client.post(`/api/insider-register/projects/${project.id}/cleanse`, { reason: 'abandoned' });
    await admin.client.post('/api/insider-register/restricted-list', { company_name: 'Raw Sql plc', reason: 'Test' });
    await admin.client.post('/api/pa-deals', {
      company_name: 'Unrelated plc',
      direction: 'buy',
      quantity: '10',
      expected_price: '1',
      reason: 'Saving',
    });
    await admin.client.get('/api/insider-register/entries');
    for (const table of [
      'insider_projects',
      'insider_project_cleansings',
      'insider_entries',
      'insider_cessations',
      'restricted_list_entries',
      'pa_deal_requests',
      'pa_deal_steps',
      'insider_register_views',
    ]) {
      expect(await refusal(t.db.execute(sql.raw(`update ${table} set id = id`))), table).toMatch(/append-only: UPDATE/);
      expect(await refusal(t.db.execute(sql.raw(`delete from ${table}`))), table).toMatch(/append-only: DELETE/);
    }
  });

  it('keeps a corrected entry as it was: the correction is a new entry pointing at it', async () => {
    const { project, investor } = await acceptedSounding();
    const [original] = await entriesOf(project.id);
    const body = {
      first_name: 'Ivy',
      surname: 'Investor-Smith',
      birth_surname: 'Investor',
      reason: 'Accepted the market sounding (name corrected)',
      obtained_at: '2026-01-05T09:30',
      national_id: 'QQ123456C',
    };
    const corrected = await compliance.client.post(`/api/insider-register/entries/${original.id}/corrections`, body);
    expect(corrected.statusCode).toBe(201);
    expect(corrected.json().data).toMatchObject({
      source: 'correction',
      corrects_id: original.id,
      user_id: investor.user.id,
      surname: 'Investor-Smith',
      obtained_at: '2026-01-05T09:30:00.000Z',
      recorded_by: { id: compliance.user.id, name: 'Carol Compliance' },
    });
    const entries = await entriesOf(project.id);
    const before = entries.find((e: { id: number }) => e.id === original.id);
    expect(before).toMatchObject({ surname: 'Investor', corrected_by_id: corrected.json().data.id });
    const again = await compliance.client.post(`/api/insider-register/entries/${original.id}/corrections`, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Entry ${original.id} was already corrected by entry ${corrected.json().data.id}; correct that one instead.`,
    );
    const current = (await admin.client.get(`/api/insider-register/entries?filter[project_id]=${project.id}&filter[status]=current`)).json()
      .data;
    expect(current.map((e: { id: number }) => e.id)).toEqual([corrected.json().data.id]);
    expect((await compliance.client.post('/api/insider-register/entries/999999/corrections', body)).statusCode).toBe(404);
  });

  it('enters a person by hand, once per project, and validates the template fields', async () => {
    const { project } = await acceptedSounding();
    const lawyer = {
      project_id: project.id,
      first_name: 'Larry',
      surname: 'Lawyer',
      company_name: 'Law & Co LLP',
      company_address: '1 Fleet Street, London EC4Y 1AA',
      function: 'Legal adviser',
      reason: 'Drafting the placing documents',
      obtained_at: '2026-02-01T08:00:00Z',
      email: 'larry@law.example',
    };
    const created = await admin.client.post('/api/insider-register/entries', lawyer);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ source: 'manual', user_id: null, recorded_by: { id: admin.user.id } });
    const invalid = await admin.client.post('/api/insider-register/entries', { project_id: project.id, obtained_at: 'yesterday' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      first_name: ['Enter the first name.'],
      reason: ['Say why this person is an insider.'],
      obtained_at: ['Enter a date and time such as 2026-03-01T09:30.'],
    });
    const ancient = await admin.client.post('/api/insider-register/entries', { ...lawyer, obtained_at: '0000-01-01T00:00' });
    expect(ancient.json().errors).toEqual({ obtained_at: ['Enter a real date and time.'] });
    const twice = await admin.client.post('/api/insider-register/entries', { ...lawyer, user_id: admin.user.id });
    expect(twice.statusCode).toBe(201);
    expect((await admin.client.post('/api/insider-register/entries', { ...lawyer, user_id: admin.user.id })).json().errors.user_id).toEqual(
      ['This person is already on the insider list of this project; correct their entry instead.'],
    );
  });
});

describe('cleansing', () => {
  it('sets every current insider ceased at the same time and tells each of them', async () => {
    const { project, investor, opportunity } = await acceptedSounding();
    const staff = await signedIn(t, Role.SuperAdmin, { name: 'Sam Staff' });
    await staff.client.get(`/api/investment-opportunities/${opportunity.id}`);
    expect((await admin.client.get('/api/insider-register/restricted-list')).json().data).toContainEqual(
      expect.objectContaining({ company_name: project.companyName, source: 'project', project_id: project.id }),
    );

    const cleansed = await compliance.client.post(`/api/insider-register/projects/${project.id}/cleanse`, {
      reason: 'made_public',
      note: 'Announced via RNS',
    });
    expect(cleansed.statusCode).toBe(200);
    expect(cleansed.json().data).toMatchObject({
      current_insiders: 0,
      cleansing: { reason: 'made_public', note: 'Announced via RNS', cleansed_by: { id: compliance.user.id } },
    });
    const entries = await entriesOf(project.id);
    expect(entries).toHaveLength(2);
    const ceased = new Set(entries.map((e: { ceased_at: string }) => e.ceased_at));
    expect(ceased.size).toBe(1);
    expect([...ceased][0]).toBe(cleansed.json().data.cleansing.cleansed_at);
    expect(entries[0].ceased_reason).toBe('Project cleansed: information made public');

    for (const person of [investor, staff]) {
      const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, person.user.id));
      expect(note.data).toMatchObject({
        icon: 'insider_register',
        message: `<strong>${project.name}</strong> has been cleansed: you are no longer an insider of it.`,
      });
      const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.user.email));
      expect(mail.map((m) => m.subject)).toContain(`You are no longer an insider of ${project.name}`);
    }
    const [staffNote] = await t.db.select().from(notifications).where(eq(notifications.userId, staff.user.id));
    expect(staffNote.data.cta).toBe(`/admin/insider-register?project=${project.id}`);

    expect((await compliance.client.post(`/api/insider-register/projects/${project.id}/cleanse`, { reason: 'abandoned' })).statusCode).toBe(
      409,
    );
    expect((await admin.client.get('/api/insider-register/restricted-list')).json().data).not.toContainEqual(
      expect.objectContaining({ project_id: project.id }),
    );
    // Once cleansed, opening the project makes nobody an insider.
    const later = await signedIn(t, Role.SuperAdmin);
    await later.client.get(`/api/investment-opportunities/${opportunity.id}`);
    expect(
      await t.db
        .select()
        .from(insiderEntries)
        .where(and(eq(insiderEntries.projectId, project.id), eq(insiderEntries.userId, later.user.id))),
    ).toHaveLength(0);
    expect(
      (await compliance.client.post(`/api/insider-register/projects/${project.id}/cleanse`, { reason: 'never' })).json().errors,
    ).toEqual({
      reason: ['Choose why the project is cleansed.'],
    });
  });
});

describe('exports and the view log', () => {
  it('exports the insider list in the template layout, as CSV, Excel and a PDF per project', async () => {
    const { project } = await acceptedSounding('Export Test plc');
    const csv = await admin.client.get(`/api/insider-register/entries/export?format=csv&filter[project_id]=${project.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header.split(',')).toEqual([
      'Project',
      'First name(s) of the insider',
      'Surname(s) of the insider',
      'Birth surname(s) of the insider (if different)',
      'Professional telephone number(s)',
      'Company name and address',
      'Function and reason for being insider',
      'Obtained (date and time UTC)',
      'Ceased (date and time UTC)',
      'Date of birth',
      'National Identification Number (if applicable)',
      'Personal telephone numbers',
      'Personal full home address',
    ]);
    expect(row).toMatch(
      /^Export Test plc placing,Ivy,Investor,,,,Accepted the market sounding of Export Test plc placing,"\d{4}-\d{2}-\d{2}, \d{2}:\d{2} UTC",,1980-02-03,,07700 900123,$/,
    );

    const xlsx = await admin.client.get(`/api/insider-register/entries/export?format=xlsx&filter[project_id]=${project.id}`);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const pdf = await admin.client.get(`/api/insider-register/projects/${project.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await admin.client.get('/api/insider-register/projects/999999/pdf')).statusCode).toBe(404);
  });

  it('logs every view of the register: who, when, what filter', async () => {
    const viewer = await signedIn(t, Role.Support, { name: 'Vera Viewer' });
    await viewer.client.get('/api/insider-register/entries?filter[person]=ivy&filter[obtained_from]=2026-01-01');
    await viewer.client.get('/api/insider-register/entries/export?format=xlsx&filter[status]=current');
    const { project } = await acceptedSounding();
    await viewer.client.get(`/api/insider-register/projects/${project.id}/pdf`);
    const logged = await t.db.select().from(insiderRegisterViews).where(eq(insiderRegisterViews.userId, viewer.user.id));
    expect(logged.map((v) => [v.view, v.filters, v.projectId])).toEqual([
      ['list', { 'filter[person]': 'ivy', 'filter[obtained_from]': '2026-01-01' }, null],
      ['export_xlsx', { format: 'xlsx', 'filter[status]': 'current' }, null],
      ['pdf', {}, project.id],
    ]);
    const listed = (await admin.client.get(`/api/insider-register/views?filter[user_id]=${viewer.user.id}`)).json().data;
    expect(listed.map((v: { view: string; user: { name: string } }) => [v.view, v.user.name])).toEqual([
      ['pdf', 'Vera Viewer'],
      ['export_xlsx', 'Vera Viewer'],
      ['list', 'Vera Viewer'],
    ]);
    expect((await admin.client.get('/api/insider-register/entries?filter[status]=old')).statusCode).toBe(400);
    expect((await admin.client.get('/api/insider-register/entries?filter[obtained_to]=2026-13-01')).statusCode).toBe(400);
    expect((await admin.client.get('/api/insider-register/entries?filter[obtained_from]=0000-01-01')).statusCode).toBe(400);
    expect((await admin.client.get('/api/insider-register/entries?filter[obtained_to]=9999-12-31')).statusCode).toBe(400);
  });
});
