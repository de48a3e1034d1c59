import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, isNull, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { can, Role, ROLE_IDS } from '@platform/domain';
import {
  activityLog,
  contacts,
  documents,
  mailOutbox,
  organisationApplications,
  questionnaireAnswers,
  users,
  userTokens,
} from '../../db/schema';
import { parseCsvExport } from '../../test/deals-funds';
import { agent, createUser, reloadUser, signedIn, createTestApp, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { fileDocumentOn } from '../../test/uploads';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let ownerId: number;
let sourceId: number;
const listed: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  ownerId = (await createUser(t.ctx, { roleId: Role.Adviser, name: 'Olive Owner' })).id;
  sourceId = (await admin.client.post('/api/attributes', { subject_type: 'user', name: 'Source of funds', type: 'text' })).json().data.id;
  const make = async (key: string, values: Parameters<typeof createUser>[1]) =>
    (listed[key] = (await createUser(t.ctx, { email: `${key}@filters.test`, ...values }, { gates: 'new' })).id);
  await make('ann', {
    name: 'Ann Filter',
    kycStatus: 'verified',
    ownerId,
    investorCategory: 'high_net_worth',
    categorisationStatus: 'approved',
    compliancePassed: true,
    complianceTries: 1,
  });
  await make('ben', {
    name: 'Ben Filter',
    kycStatus: 'submitted',
    investorCategory: 'restricted',
    categorisationStatus: 'pending',
    complianceTries: 2,
  });
  await make('cat', { name: 'Cat Filter', kycStatus: 'verified', ownerId });
});
afterAll(() => t.close());

const names = (body: { data: Array<{ name: string }> }) => body.data.map((u) => u.name);
const list = async (query: string) =>
  (await admin.client.get(`/api/users?filter[role_id]=5&filter[search]=@filters.test&sort=name&${query}`)).json();

describe('the investors list', () => {
  it('filters by KYC, category, owner and appropriateness, and includes the owner', async () => {
    expect(names(await list('filter[kyc_status]=verified'))).toEqual(['Ann Filter', 'Cat Filter']);
    expect(names(await list('filter[category]=restricted,high_net_worth'))).toEqual(['Ann Filter', 'Ben Filter']);
    expect(names(await list('filter[category]=none'))).toEqual(['Cat Filter']);
    expect(names(await list('filter[categorisation_status]=pending'))).toEqual(['Ben Filter']);
    expect(names(await list(`filter[owner_id]=${ownerId}`))).toEqual(['Ann Filter', 'Cat Filter']);
    expect(names(await list('filter[owner_id]=none'))).toEqual(['Ben Filter']);
    expect(names(await list('filter[appropriateness]=passed'))).toEqual(['Ann Filter']);
    expect(names(await list('filter[appropriateness]=failed,not_taken'))).toEqual(['Ben Filter', 'Cat Filter']);
    const withOwner = (
      await admin.client.get('/api/users?filter[role_id]=5&filter[search]=@filters.test&include=owner&sort=-kyc_status,name')
    ).json();
    expect(withOwner.data.map((u: { name: string; owner: { name: string } | null }) => [u.name, u.owner?.name ?? null])).toEqual([
      ['Ann Filter', 'Olive Owner'],
      ['Cat Filter', 'Olive Owner'],
      ['Ben Filter', null],
    ]);
  });

  it('answers every page, deep ones too, as the straightforward OFFSET query does, and counts a change at once', async () => {
    // 260 investors, three to a minute, so the default order needs its id tiebreak.
    await t.ctx.db.execute(sql`
      insert into users (name, email, role_id, created_at)
      select 'Paged ' || (g % 7), 'paged' || g || '@pages.test', 5, timestamptz '2025-06-01T00:00:00Z' + (g / 3) * interval '1 minute'
      from generate_series(1, 260) g`);
    const scope = and(like(users.email, '%@pages.test'), isNull(users.deletedAt), eq(users.roleId, Role.User));
    for (const [sort, orderBy] of [
      ['-created_at', [desc(users.createdAt), asc(users.id)]],
      ['name', [asc(users.name), asc(users.id)]],
    ] as const) {
      for (const page of [1, 2, 5, 6]) {
        const expected = await t.ctx.db
          .select({ id: users.id })
          .from(users)
          .where(scope)
          .orderBy(...orderBy)
          .limit(50)
          .offset((page - 1) * 50);
        const answer = (
          await admin.client.get(`/api/users?filter[role_id]=5&filter[search]=@pages.test&sort=${sort}&per_page=50&page=${page}`)
        ).json();
        expect(answer.data.map((u: { id: number }) => u.id)).toEqual(expected.map((u) => u.id));
        expect(answer.meta).toMatchObject({ total: 260, last_page: 6, current_page: page });
      }
    }
    await t.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, 'paged1@pages.test'));
    expect((await admin.client.get('/api/users?filter[role_id]=5&filter[search]=@pages.test')).json().meta.total).toBe(259);
  });

  it.each([
    ['filter[kyc_status]=approved', 'filter[kyc_status] must be one of'],
    ['filter[category]=rich', 'filter[category] must be one of'],
    ['filter[appropriateness]=maybe', 'filter[appropriateness] must be one of'],
    ['filter[owner_id]=abc', 'filter[owner_id] must be an id'],
    ['sort=password_hash', "Unknown sort 'password_hash'"],
    ['sort=phone', "Unknown sort 'phone'"],
  ])('answers 400 for %s', async (query, message) => {
    const response = await admin.client.get(`/api/users?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('lists the staff who may own investors', async () => {
    const owners = (await admin.client.get('/api/users/owners')).json().data;
    expect(owners.some((o: { id: number }) => o.id === ownerId)).toBe(true);
    expect(owners.every((o: { role_id: number }) => o.role_id !== Role.User && can(o.role_id, 'investors', 'index'))).toBe(true);
    expect((await agent(t.app).get('/api/users/owners')).statusCode).toBe(401);
    expect((await (await signedIn(t, Role.Custodian)).client.get('/api/users/owners')).statusCode).toBe(403);
  });
});

describe('the investors export', () => {
  it('exports exactly the filtered list in list order, with attribute columns, as CSV and Excel', async () => {
    await admin.client.patch(`/api/users/${listed.cat}`, { attributes: { [sourceId]: '=Inheritance' } });
    const query = 'filter[role_id]=5&filter[search]=@filters.test&filter[kyc_status]=verified&sort=-name';
    const csv = await admin.client.get(`/api/users/export?${query}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="investors-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsvExport(csv.body);
    expect(rows.map((r) => [r.Name, r.Owner, r['KYC status'], r['Source of funds']])).toEqual([
      ['Cat Filter', 'Olive Owner', 'verified', "'=Inheritance"],
      ['Ann Filter', 'Olive Owner', 'verified', ''],
    ]);
    const xlsx = await admin.client.get(`/api/users/export?${query}&format=xlsx`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Investors')!.rowCount).toBe(3);
  });

  it('streams a list of several batches with the bytes a row-by-row writer gave, in list order, investors only for those who may not see staff', async () => {
    // 4,500 investors: several of the export's batches, with names that need quoting or escaping.
    await t.ctx.db.execute(sql`
      insert into users (name, email, role_id, owner_id, created_at)
      select (array['Bulk, ', 'Bulk "', '=Bulk ', 'Bulk é '])[1 + g % 4] || lpad(g::text, 5, '0'), 'bulk' || g || '@bulk.test', 5,
             case when g % 2 = 0 then ${ownerId}::int end, timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute'
      from generate_series(1, 4500) g`);
    const expected = (
      await t.ctx.db
        .select({ id: users.id, name: users.name, email: users.email, ownerId: users.ownerId, createdAt: users.createdAt })
        .from(users)
        .where(and(like(users.email, '%@bulk.test'), isNull(users.deletedAt)))
        .orderBy(asc(users.name), asc(users.id))
    ).map((u) => [
      String(u.id),
      u.name.startsWith('=') ? `'${u.name}` : u.name,
      u.email,
      u.ownerId ? 'Olive Owner' : '',
      u.createdAt.toISOString(),
    ]);

    const csv = await admin.client.get('/api/users/export?filter[search]=@bulk.test&sort=name');
    expect(csv.statusCode).toBe(200);
    // Streamed: the length is not known before the last row is written.
    expect(csv.headers['content-length']).toBeUndefined();
    expect(csv.body.startsWith(`\uFEFFID,Name,Email,Phone,Address line 1,Address line 2,City,Postcode,Country,Date of birth,`)).toBe(true);
    expect(csv.body).toContain(`\n${expected.find((r) => r[1].startsWith('Bulk "'))![0]},"Bulk ""`);
    expect(csv.body).toContain(`\n${expected.find((r) => r[1].startsWith('Bulk, '))![0]},"Bulk, `);
    const rows = parseCsvExport(csv.body);
    expect(rows.map((r) => [r.ID, r.Name, r.Email, r.Owner, r.Created])).toEqual(expected);

    const xlsx = await admin.client.get('/api/users/export?filter[search]=@bulk.test&sort=name&format=xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Investors')!;
    expect(sheet.rowCount).toBe(expected.length + 1);
    expect([2, 1001, 1002, 4501].map((n) => [sheet.getRow(n).getCell(1).value, sheet.getRow(n).getCell(2).value])).toEqual(
      [1, 1000, 1001, 4500].map((i) => [Number(expected[i - 1][0]), expected[i - 1][1]]),
    );

    // A role that sees investors but not staff accounts gets investors only, whatever the filter.
    const investorsOnly = ROLE_IDS.find((role) => can(role, 'investors', 'index') && !can(role, 'settings_users', 'index'))!;
    const staffSide = await signedIn(t, investorsOnly);
    const theirs = parseCsvExport((await staffSide.client.get('/api/users/export?sort=name')).body);
    const roles = await t.ctx.db.select({ id: users.id, roleId: users.roleId }).from(users).where(isNull(users.deletedAt));
    const roleOf = new Map(roles.map((u) => [String(u.id), u.roleId]));
    expect(theirs.length).toBe(roles.filter((u) => u.roleId === Role.User).length);
    expect(theirs.every((r) => roleOf.get(r.ID) === Role.User)).toBe(true);
  });

  it('answers 400 for a bad format or filter, 401 and 403', async () => {
    expect((await admin.client.get('/api/users/export?format=pdf')).statusCode).toBe(400);
    expect((await admin.client.get('/api/users/export?filter[colour]=red')).statusCode).toBe(400);
    expect((await admin.client.get('/api/users/export?include=owner')).statusCode).toBe(400);
    expect((await agent(t.app).get('/api/users/export')).statusCode).toBe(401);
    expect((await (await signedIn(t, Role.Entrepreneur)).client.get('/api/users/export')).statusCode).toBe(403);
  });
});

describe('creating and editing investors', () => {
  it('creates an investor with an owner, a category and attribute values, and invites them', async () => {
    const response = await admin.client.post('/api/users', {
      name: 'Nina New',
      email: 'Nina.New@Example.test',
      phone: '+44 20 7946 0000',
      city: 'Leeds',
      owner_id: ownerId,
      category: 'certified_sophisticated',
      attributes: JSON.stringify({ [sourceId]: 'Salary' }),
      send_invitation: '1',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created).toMatchObject({
      name: 'Nina New',
      email: 'nina.new@example.test',
      role_id: Role.User,
      owner: { id: ownerId },
      investor_category: 'certified_sophisticated',
      categorisation_status: 'approved',
    });
    expect(created.attribute_values).toEqual([
      { attribute_id: sourceId, name: 'Source of funds', type: 'text', mode: 'editable', value: 'Salary' },
    ]);
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'nina.new@example.test'));
    expect(mail[0].text).toContain('/set-password/');
    const actions = (
      await t.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.subjectId, String(created.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['created', 'attributes_updated', 'category_recorded', 'sent_invitation']));
  });

  it('answers 422 with field errors, nothing written', async () => {
    const response = await admin.client.post('/api/users', {
      name: '',
      email: 'ann@filters.test',
      owner_id: listed.ben,
      date_of_birth: '2999-01-01',
      attributes: { 999999: 'x' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['date_of_birth', 'name']);
    // A form leaves empty fields out: a missing name or e-mail reads as the empty one does.
    const blank = await admin.client.post('/api/users', { kyc_status: 'not_started' });
    expect(blank.json().errors).toEqual({ name: ['Enter a name.'], email: ['Enter a valid email address.'] });
    const taken = await admin.client.post('/api/users', { name: 'Dup', email: 'ANN@filters.test' });
    expect(taken.json().errors.email).toEqual(['The email has already been taken.']);
    const notStaff = await admin.client.post('/api/users', { name: 'X', email: 'x1@filters-new.test', owner_id: listed.ben });
    expect(notStaff.json().errors.owner_id[0]).toContain('member of staff');
    const badAttribute = await admin.client.post('/api/users', { name: 'X', email: 'x2@filters-new.test', attributes: { 999999: 'x' } });
    expect(badAttribute.json().errors).toEqual({ 'attributes.999999': ['This attribute does not exist (it may have been deleted).'] });
    expect((await admin.client.get('/api/users?filter[search]=@filters-new.test')).json().meta.total).toBe(0);
  });

  it('lets each role create only when the table says so; a category needs investor_category', async () => {
    expect((await agent(t.app).post('/api/users', { name: 'X', email: 'anon@new.test' })).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const status = (await client.post('/api/users', { name: `By ${roleId}`, email: `by${roleId}@create.test` })).statusCode;
      expect({ roleId, status }).toEqual({ roleId, status: can(roleId, 'investors', 'create') ? 201 : 403 });
    }
    const adviser = await signedIn(t, Role.Adviser);
    expect((await adviser.client.post('/api/users', { name: 'Cat', email: 'cat@adviser.test', category: 'restricted' })).statusCode).toBe(
      403,
    );
    expect((await adviser.client.patch(`/api/users/${listed.ben}`, { category: 'restricted' })).statusCode).toBe(403);
  });

  it('edits owner and category; the category history keeps the earlier declaration', async () => {
    const response = await admin.client.patch(`/api/users/${listed.ben}`, { owner_id: ownerId, category: 'professional' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ owner_id: ownerId, investor_category: 'professional', categorisation_status: 'approved' });
    expect((await admin.client.patch(`/api/users/${listed.ben}`, { owner_id: '' })).json().data.owner_id).toBeNull();
    const history = (await admin.client.get(`/api/investor-categorisations?filter[user_id]=${listed.ben}`)).json().data;
    expect(history.map((c: { category: string }) => c.category)).toEqual(['professional']);
  });
});

describe('deleting investors', () => {
  /** Records are kept five years after an account closes (decision 0033): these closed long before. */
  const LONG_AGO = new Date('2015-01-01T00:00:00Z');
  const closedLongAgo = (id: number) => t.db.update(users).set({ deletedAt: LONG_AGO }).where(eq(users.id, id));
  it('soft-deletes: gone from lists and pages, signed out, still in the database', async () => {
    const investor = await signedIn(t, Role.User, { name: 'Soft Delete' });
    expect((await admin.client.request({ method: 'DELETE', url: `/api/users/${investor.user.id}` })).statusCode).toBe(204);
    expect((await admin.client.get(`/api/users/${investor.user.id}`)).statusCode).toBe(404);
    expect((await admin.client.get('/api/users?filter[search]=Soft Delete')).json().meta.total).toBe(0);
    expect((await reloadUser(t.ctx, investor.user.id)).deletedAt).not.toBeNull();
    expect((await investor.client.get('/api/user')).statusCode).toBe(401);
    expect((await admin.client.request({ method: 'DELETE', url: `/api/users/${investor.user.id}` })).statusCode).toBe(404);
    // A member of staff is not an investor: User Management deletes staff.
    expect((await admin.client.request({ method: 'DELETE', url: `/api/users/${ownerId}` })).statusCode).toBe(404);
  });

  it('hard-deletes (Support only) an investor with their records once kept long enough; refuses one investments refer to', async () => {
    const support = await signedIn(t, Role.Support);
    const gone = await createUser(t.ctx, { name: 'Hard Delete' });
    await admin.client.patch(`/api/users/${gone.id}`, { attributes: { [sourceId]: 'Gift' } });
    expect(
      (await admin.client.post('/api/notes', { subject_type: 'investor', subject_id: gone.id, body: '<p>Hello</p>' })).statusCode,
    ).toBe(201);
    await closedLongAgo(gone.id);
    expect((await support.client.request({ method: 'DELETE', url: `/api/users/${gone.id}/unsafe` })).statusCode).toBe(204);
    expect(await reloadUser(t.ctx, gone.id)).toBeUndefined();
    const trail = await t.db.select().from(activityLog).where(eq(activityLog.action, 'deleted_permanently'));
    expect(trail.map((a) => a.subjectId)).toContain(String(gone.id));

    // Past the retention period (decision 0033), a cancelled investment still refers to the investor.
    const holder = await createUser(t.ctx, { name: 'Holder', deletedAt: LONG_AGO });
    const opportunity = await createOpportunityRow(t);
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: holder.id, amount: '1000.00', status: 'cancelled' });
    const refused = await support.client.request({ method: 'DELETE', url: `/api/users/${holder.id}/unsafe` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This investor cannot be removed for good: investments refer to them\./);
    expect(await reloadUser(t.ctx, holder.id)).toBeDefined();
  });

  it('removes with the investor their files, answers, applications and the lead they were converted from', async () => {
    const support = await signedIn(t, Role.Support);
    const erased = await createUser(t.ctx, { name: 'Erased Person' });
    const passport = await fileDocumentOn(t, admin.client, { type: 'investor', id: erased.id });
    await t.db
      .insert(questionnaireAnswers)
      .values({ subjectType: 'user', subjectId: erased.id, form: 'fact_find', answers: { occupation: 'Surgeon' } });
    const [lead] = await t.db.insert(contacts).values({ name: 'Erased Person', email: 'erased.lead@example.test' }).returning();
    const leadFile = await fileDocumentOn(t, admin.client, { type: 'contact', id: lead.id });
    await t.db.update(contacts).set({ convertedUserId: erased.id }).where(eq(contacts.id, lead.id));
    const [application] = await t.db
      .insert(organisationApplications)
      .values({ userId: erased.id, name: 'Erased Ltd', type: 'company', role: 'director' })
      .returning();
    expect(await t.ctx.storage.read(passport)).not.toBeNull();
    await closedLongAgo(erased.id);

    expect((await support.client.request({ method: 'DELETE', url: `/api/users/${erased.id}/unsafe` })).statusCode).toBe(204);
    expect(await t.ctx.storage.read(passport)).toBeNull();
    expect(await t.ctx.storage.read(leadFile)).toBeNull();
    expect(
      await t.db
        .select()
        .from(documents)
        .where(and(eq(documents.subjectType, 'investor'), eq(documents.subjectId, erased.id))),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(questionnaireAnswers)
        .where(and(eq(questionnaireAnswers.subjectType, 'user'), eq(questionnaireAnswers.subjectId, erased.id))),
    ).toEqual([]);
    expect(await t.db.select().from(contacts).where(eq(contacts.id, lead.id))).toEqual([]);
    expect(await t.db.select().from(organisationApplications).where(eq(organisationApplications.id, application.id))).toEqual([]);
  });

  it('keeps every file when the hard delete is refused', async () => {
    const support = await signedIn(t, Role.Support);
    const holder = await createUser(t.ctx, { name: 'Kept Holder' });
    const kept = await fileDocumentOn(t, admin.client, { type: 'investor', id: holder.id });
    const opportunity = await createOpportunityRow(t);
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: holder.id, amount: '500.00' });
    expect((await support.client.request({ method: 'DELETE', url: `/api/users/${holder.id}/unsafe` })).statusCode).toBe(409);
    expect(await t.ctx.storage.read(kept)).not.toBeNull();
    expect(
      await t.db
        .select()
        .from(documents)
        .where(and(eq(documents.subjectType, 'investor'), eq(documents.subjectId, holder.id))),
    ).toHaveLength(1);
  });

  it('gives delete and delete_unsafe only to the roles the table names', async () => {
    expect((await agent(t.app).request({ method: 'DELETE', url: `/api/users/${listed.ann}` })).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const target = await createUser(t.ctx, { name: `Target ${roleId}`, deletedAt: LONG_AGO });
      const hard = (await client.request({ method: 'DELETE', url: `/api/users/${target.id}/unsafe` })).statusCode;
      expect({ roleId, hard }).toEqual({ roleId, hard: can(roleId, 'investors', 'delete_unsafe') ? 204 : 403 });
      const other = await createUser(t.ctx, { name: `Other ${roleId}` });
      const soft = (await client.request({ method: 'DELETE', url: `/api/users/${other.id}` })).statusCode;
      expect({ roleId, soft }).toEqual({ roleId, soft: can(roleId, 'investors', 'delete') ? 204 : 403 });
    }
  });
});

describe('invitations', () => {
  it('lists pending invitations and deletes several at once', async () => {
    const invited = await Promise.all(
      ['inv1', 'inv2', 'inv3'].map((n) => admin.client.post('/api/users', { name: n, email: `${n}@invite.test`, send_invitation: true })),
    );
    const page = (await admin.client.get('/api/invitations?per_page=100')).json();
    const mine = page.data.filter((i: { user: { email: string } }) => i.user.email.endsWith('@invite.test'));
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({ expired: false });
    const ids = mine.slice(0, 2).map((i: { id: number }) => i.id);
    const response = await admin.client.post('/api/invitations/bulk-delete', { ids });
    expect(response.json()).toMatchObject({ deleted: 2 });
    const left = (await admin.client.get('/api/invitations?per_page=100'))
      .json()
      .data.filter((i: { user: { email: string } }) => i.user.email.endsWith('@invite.test'));
    expect(left).toHaveLength(1);
    expect(await t.db.select().from(userTokens).where(eq(userTokens.id, ids[0]))).toEqual([]);
    // The accounts stay.
    expect((await admin.client.get(`/api/users/${invited[0].json().data.id}`)).statusCode).toBe(200);
  });

  it('answers 422 naming what is not a pending invitation, 400, 401 and 403', async () => {
    const bad = await admin.client.post('/api/invitations/bulk-delete', { ids: [999999] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.ids[0]).toContain('999999');
    expect((await admin.client.post('/api/invitations/bulk-delete', { ids: [] })).json().errors.ids).toBeDefined();
    expect((await admin.client.get('/api/invitations?filter[user]=1')).statusCode).toBe(400);
    expect((await agent(t.app).get('/api/invitations')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const index = (await client.get('/api/invitations')).statusCode;
      const remove = (await client.post('/api/invitations/bulk-delete', { ids: [999999] })).statusCode;
      expect({ roleId, index, remove }).toEqual({
        roleId,
        index: can(roleId, 'investors', 'index') ? 200 : 403,
        remove: can(roleId, 'investors', 'update') ? 422 : 403,
      });
    }
  });
});
