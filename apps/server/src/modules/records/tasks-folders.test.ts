import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { documents, tasks } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createUser, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createSubjects, del } from './fixtures';

// Close to the real time, so session cookies stay valid for the agent.
const clock = fixedClock(new Date(Math.floor(Date.now() / 1000) * 1000));
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let subjects: Awaited<ReturnType<typeof createSubjects>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Admin Ada' });
  subjects = await createSubjects(t);
});
afterAll(() => t.close());

const on = (type: string, id: number) => `filter[subject_type]=${type}&filter[subject_id]=${id}`;
const ids = (body: { data: Array<{ id: number }> }) => body.data.map((r) => r.id);

describe('tasks', () => {
  it('creates a task for a member of staff, completes it on the app clock and reopens it', async () => {
    const manager = await createUser(t.ctx, { roleId: Role.FundManager, name: 'Manager Mo' });
    const created = await admin.client.post('/api/tasks', {
      subject_type: 'investor',
      subject_id: subjects.investor.id,
      title: 'Send KYC pack',
      assignee_id: manager.id,
      due_date: '2026-04-01',
    });
    expect(created.statusCode).toBe(201);
    const task = created.json().data;
    expect(task).toMatchObject({
      title: 'Send KYC pack',
      status: 'open',
      completed_at: null,
      due_date: '2026-04-01',
      assignee: { id: manager.id, name: 'Manager Mo' },
      created_by: { id: admin.user.id },
    });

    clock.advance(60_000);
    const done = (await admin.client.patch(`/api/tasks/${task.id}`, { status: 'done' })).json().data;
    expect(done).toMatchObject({ status: 'done', completed_at: clock.now().toISOString() });
    // Saving other fields keeps the time it was completed.
    clock.advance(60_000);
    expect(
      (await admin.client.patch(`/api/tasks/${task.id}`, { status: 'done', title: 'Send KYC pack (sent)' })).json().data.completed_at,
    ).toBe(done.completed_at);
    expect((await admin.client.patch(`/api/tasks/${task.id}`, { status: 'open' })).json().data).toMatchObject({
      status: 'open',
      completed_at: null,
    });

    const born = (
      await admin.client.post('/api/tasks', { subject_type: 'fund', subject_id: subjects.fund.id, title: 'Already done', status: 'done' })
    ).json().data;
    expect(born).toMatchObject({ status: 'done', completed_at: clock.now().toISOString(), assignee: null, due_date: null });
    expect((await admin.client.patch(`/api/tasks/${born.id}`, { assignee_id: '', due_date: '2026-05-05' })).json().data).toMatchObject({
      assignee_id: null,
      due_date: '2026-05-05',
    });
  });

  it('gives tasks to members of staff only', async () => {
    const investor = await createUser(t.ctx, { roleId: Role.User });
    const leaver = await createUser(t.ctx, { roleId: Role.FundManager, deletedAt: new Date() });
    const base = { subject_type: 'investor', subject_id: subjects.investor.id, title: 'Follow up' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, assignee_id: investor.id }, 'assignee_id'],
      [{ ...base, assignee_id: leaver.id }, 'assignee_id'],
      [{ ...base, assignee_id: 999999 }, 'assignee_id'],
      [{ ...base, assignee_id: 'someone' }, 'assignee_id'],
      [{ ...base, title: '' }, 'title'],
      [{ ...base, due_date: '2026-02-30' }, 'due_date'],
      [{ ...base, status: 'maybe' }, 'status'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/tasks', payload);
      expect({ field, status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
        field,
        status: 422,
        errors: [field],
      });
    }
    const [task] = await t.db
      .insert(tasks)
      .values({ subjectType: 'investor', subjectId: subjects.investor.id, title: 'Existing' })
      .returning();
    const response = await admin.client.patch(`/api/tasks/${task.id}`, { assignee_id: investor.id });
    expect({ status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
      status: 422,
      errors: ['assignee_id'],
    });
  });

  describe('lists across records', () => {
    let mine: number;
    let mineEmail: string;
    let byId: Record<string, number>;
    beforeAll(async () => {
      const me = await createUser(t.ctx, { roleId: Role.Adviser });
      mine = me.id;
      mineEmail = me.email;
      const rows = await t.db
        .insert(tasks)
        .values([
          { subjectType: 'investor', subjectId: subjects.investor.id, title: 'Investor later', assigneeId: me.id, dueDate: '2030-06-01' },
          { subjectType: 'investor', subjectId: subjects.investor.id, title: 'Investor overdue', assigneeId: me.id, dueDate: '2020-01-01' },
          { subjectType: 'pipeline_deal', subjectId: subjects.deal.id, title: 'Deal task', assigneeId: me.id, dueDate: '2025-01-01' },
          {
            subjectType: 'investor',
            subjectId: subjects.investor.id,
            title: 'Investor done',
            assigneeId: me.id,
            dueDate: '2019-01-01',
            status: 'done',
            completedAt: new Date(),
          },
          { subjectType: 'investor', subjectId: subjects.investor.id, title: 'Investor undated', assigneeId: me.id },
        ])
        .returning();
      byId = Object.fromEntries(rows.map((r) => [r.title, r.id]));
    });

    it('filters by assignee, status and due date, sorted by due date', async () => {
      const all = (await admin.client.get(`/api/tasks?filter[assignee_id]=${mine}`)).json();
      expect(ids(all)).toEqual([
        byId['Investor done'],
        byId['Investor overdue'],
        byId['Deal task'],
        byId['Investor later'],
        byId['Investor undated'],
      ]);
      const open = (await admin.client.get(`/api/tasks?filter[assignee_id]=${mine}&filter[status]=open&sort=-due_date`)).json();
      expect(ids(open)).toEqual([byId['Investor undated'], byId['Investor later'], byId['Deal task'], byId['Investor overdue']]);
      const overdue = (
        await admin.client.get(`/api/tasks?filter[assignee_id]=${mine}&filter[status]=open&filter[due_before]=2025-01-01`)
      ).json();
      expect(ids(overdue)).toEqual([byId['Investor overdue']]);
      const onDeal = (await admin.client.get(`/api/tasks?${on('pipeline_deal', subjects.deal.id)}&filter[assignee_id]=${mine}`)).json();
      expect(ids(onDeal)).toEqual([byId['Deal task']]);
    });

    it('shows a role only the tasks of records it may list', async () => {
      const adviser = agent(t.app);
      await adviser.login(mineEmail);
      const seen = (await adviser.get(`/api/tasks?filter[assignee_id]=${mine}&filter[status]=open`)).json();
      expect(ids(seen)).toEqual([byId['Investor overdue'], byId['Investor later'], byId['Investor undated']]);
      expect((await adviser.get(`/api/tasks?${on('pipeline_deal', subjects.deal.id)}`)).statusCode).toBe(403);
      const investor = await signedIn(t, Role.User);
      expect((await investor.client.get('/api/tasks')).statusCode).toBe(403);
      expect((await agent(t.app).get('/api/tasks')).statusCode).toBe(401);
    });

    it.each([
      ['filter[status]=later'],
      ['filter[due_before]=soon'],
      ['filter[assignee_id]=x'],
      ['sort=title'],
      ['filter[subject_type]=investor'],
      ['filter[subject_id]=1'],
    ])('answers 400 for %s', async (query) => {
      expect((await admin.client.get(`/api/tasks?${query}`)).statusCode).toBe(400);
    });
  });
});

describe('folders', () => {
  it('creates, renames and deletes folders, names unique per record among live folders', async () => {
    const subject = { subject_type: 'company', subject_id: subjects.company.id };
    const created = await admin.client.post('/api/folders', { ...subject, name: 'Board packs' });
    expect(created.statusCode).toBe(201);
    const folder = created.json().data;
    expect(folder).toMatchObject({ name: 'Board packs', created_by: { name: 'Admin Ada' } });

    const duplicate = await admin.client.post('/api/folders', { ...subject, name: 'board PACKS' });
    expect({ status: duplicate.statusCode, errors: duplicate.json().errors }).toEqual({
      status: 422,
      errors: { name: ['A folder with this name already exists here.'] },
    });
    // The same name on another record is fine.
    expect(
      (await admin.client.post('/api/folders', { subject_type: 'fund', subject_id: subjects.fund.id, name: 'Board packs' })).statusCode,
    ).toBe(201);

    const other = (await admin.client.post('/api/folders', { ...subject, name: 'Legal' })).json().data;
    expect((await admin.client.patch(`/api/folders/${other.id}`, { name: 'Board Packs' })).statusCode).toBe(422);
    expect((await admin.client.patch(`/api/folders/${other.id}`, { name: 'Legal & tax' })).json().data.name).toBe('Legal & tax');
    expect((await admin.client.patch(`/api/folders/${other.id}`, { name: '' })).statusCode).toBe(422);

    const list = (await admin.client.get(`/api/folders?${on('company', subjects.company.id)}`)).json();
    expect(list.data.map((f: { name: string }) => f.name)).toEqual(['Board packs', 'Legal & tax']);

    expect((await del(admin.client, `/api/folders/${folder.id}`)).statusCode).toBe(204);
    // Once deleted, its name is free again.
    expect((await admin.client.post('/api/folders', { ...subject, name: 'Board packs' })).statusCode).toBe(201);
  });

  it('refuses to delete a folder that still holds documents', async () => {
    const folder = (await admin.client.post('/api/folders', { subject_type: 'fund', subject_id: subjects.fund.id, name: 'Reports' })).json()
      .data;
    const [document] = await t.db
      .insert(documents)
      .values({
        subjectType: 'fund',
        subjectId: subjects.fund.id,
        folderId: folder.id,
        name: 'Q1',
        originalFilename: 'q1.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 1,
        sha256: 'x',
        storageKey: 'documents/x.pdf',
      })
      .returning();
    const refused = await del(admin.client, `/api/folders/${folder.id}`);
    expect({ status: refused.statusCode, errors: Object.keys(refused.json().errors) }).toEqual({ status: 422, errors: ['folder'] });
    expect((await del(admin.client, `/api/documents/${document.id}`)).statusCode).toBe(204);
    expect((await del(admin.client, `/api/folders/${folder.id}`)).statusCode).toBe(204);
  });

  it('follows the record’s permissions', async () => {
    const { client } = await signedIn(t, Role.Adviser);
    expect((await client.post('/api/folders', { subject_type: 'fund', subject_id: subjects.fund.id, name: 'Nope' })).statusCode).toBe(403);
    expect(
      (await client.post('/api/folders', { subject_type: 'investor', subject_id: subjects.investor.id, name: 'KYC' })).statusCode,
    ).toBe(201);
    expect((await client.get(`/api/folders?${on('fund', subjects.fund.id)}`)).statusCode).toBe(403);
    expect((await agent(t.app).get(`/api/folders?${on('fund', subjects.fund.id)}`)).statusCode).toBe(401);
  });
});
