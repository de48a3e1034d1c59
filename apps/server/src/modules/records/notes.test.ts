import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { can, RECORD_SUBJECTS, Role } from '@platform/domain';
import { activityLog, notes } from '../../db/schema';
import { createDeals, createInvestor, createPipelineWithStages } from '../../test/deals-funds';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createSubjects, del } from './fixtures';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let subjects: Awaited<ReturnType<typeof createSubjects>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Admin Ada' });
  subjects = await createSubjects(t);
});
afterAll(() => t.close());

const on = (type: string, id: number) => `filter[subject_type]=${type}&filter[subject_id]=${id}`;

describe('notes', () => {
  it('creates a sanitised note on a record, lists, shows, edits and soft-deletes it, logging each on the record', async () => {
    const { investor } = subjects;
    const created = await admin.client.post('/api/notes', {
      subject_type: 'investor',
      subject_id: investor.id,
      body: '<p onclick="x()">Called back<script>alert(1)</script></p>',
    });
    expect(created.statusCode).toBe(201);
    const note = created.json().data;
    expect(note).toMatchObject({
      subject_type: 'investor',
      subject_id: investor.id,
      body: '<p>Called back</p>',
      author: { id: admin.user.id, name: 'Admin Ada' },
    });

    const list = (await admin.client.get(`/api/notes?${on('investor', investor.id)}`)).json();
    expect(list.data.map((n: { id: number }) => n.id)).toEqual([note.id]);
    expect(list.meta.total).toBe(1);
    expect((await admin.client.get(`/api/notes/${note.id}`)).json().data.body).toBe('<p>Called back</p>');

    // The web sends FormData with _method=PATCH.
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('body', '<p>Called back, <strong>interested</strong></p>');
    const edited = await admin.client.post(`/api/notes/${note.id}`, form);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.body).toBe('<p>Called back, <strong>interested</strong></p>');

    expect((await del(admin.client, `/api/notes/${note.id}`)).statusCode).toBe(204);
    expect((await admin.client.get(`/api/notes/${note.id}`)).statusCode).toBe(404);
    expect((await del(admin.client, `/api/notes/${note.id}`)).statusCode).toBe(404);
    expect((await admin.client.patch(`/api/notes/${note.id}`, { body: 'x' })).statusCode).toBe(404);
    expect((await admin.client.get(`/api/notes?${on('investor', investor.id)}`)).json().meta.total).toBe(0);
    const [row] = await t.db.select().from(notes).where(eq(notes.id, note.id));
    expect(row.deletedAt).not.toBeNull();

    const activity = (await admin.client.get(`/api/activity?${on('investor', investor.id)}`)).json();
    expect(activity.data.map((a: { action: string }) => a.action)).toEqual(['note_deleted', 'note_updated', 'note_created']);
    expect(activity.data[0]).toMatchObject({ actor: { id: admin.user.id, name: 'Admin Ada' }, before: { id: note.id }, after: null });
  });

  it('attaches notes to deals, funds and companies, each listed on its own record', async () => {
    const { deal, fund, company } = subjects;
    for (const [type, id] of [
      ['pipeline_deal', deal.id],
      ['fund', fund.id],
      ['company', company.id],
    ] as const) {
      const response = await admin.client.post('/api/notes', { subject_type: type, subject_id: id, body: `On ${type}` });
      expect(response.statusCode).toBe(201);
      const list = (await admin.client.get(`/api/notes?${on(type, id)}`)).json();
      expect(list.data.map((n: { body: string }) => n.body)).toEqual([`On ${type}`]);
    }
  });

  it('answers 422 on the field at fault', async () => {
    const { investor, deal } = subjects;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ subject_id: investor.id, body: 'x' }, 'subject_type'],
      [{ subject_type: 'planet', subject_id: 1, body: 'x' }, 'subject_type'],
      [{ subject_type: 'nominee', subject_id: 999999, body: 'x' }, 'subject_id'],
      [{ subject_type: 'investor', body: 'x' }, 'subject_id'],
      [{ subject_type: 'investor', subject_id: 999999, body: 'x' }, 'subject_id'],
      // A member of staff is not an investor record.
      [{ subject_type: 'investor', subject_id: admin.user.id, body: 'x' }, 'subject_id'],
      [{ subject_type: 'pipeline_deal', subject_id: deal.id }, 'body'],
      [{ subject_type: 'pipeline_deal', subject_id: deal.id, body: '<script>alert(1)</script>' }, 'body'],
      [{ subject_type: 'pipeline_deal', subject_id: deal.id, body: '<p> </p>' }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/notes', payload);
      expect({ field, status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
        field,
        status: 422,
        errors: [field],
      });
    }
  });

  it('does not attach to a deleted record', async () => {
    const { deal } = subjects;
    const [gone] = await createDeals(t, { id: deal.stageId, pipelineId: deal.pipelineId }, ['Gone Ltd'], {});
    expect((await del(admin.client, `/api/pipeline-deals/${gone.id}`)).statusCode).toBe(204);
    const response = await admin.client.post('/api/notes', { subject_type: 'pipeline_deal', subject_id: gone.id, body: 'x' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['subject_id']);
  });

  it.each([
    [''],
    ['filter[subject_type]=investor'],
    ['filter[subject_id]=1'],
    ['filter[subject_type]=planet&filter[subject_id]=1'],
    ['filter[subject_type]=investor&filter[subject_id]=abc'],
    ['filter[subject_type]=investor&filter[subject_id]=1&filter[colour]=red'],
    ['filter[subject_type]=investor&filter[subject_id]=1&sort=body'],
    ['filter[subject_type]=investor&filter[subject_id]=1&include=author'],
  ])('answers 400 for the list query "%s"', async (query) => {
    expect((await admin.client.get(`/api/notes?${query}`)).statusCode).toBe(400);
  });
});

describe('call logs', () => {
  it('logs calls, lists them latest call first, edits and deletes them', async () => {
    const { investor } = subjects;
    const first = await admin.client.post('/api/call-logs', {
      subject_type: 'investor',
      subject_id: investor.id,
      called_at: '2026-03-14T10:30:00+01:00',
      direction: 'outbound',
      duration_minutes: '12',
      summary: 'Discussed the EIS round.',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      called_at: '2026-03-14T09:30:00.000Z',
      direction: 'outbound',
      duration_minutes: 12,
      summary: 'Discussed the EIS round.',
      author: { name: 'Admin Ada' },
    });
    const second = (
      await admin.client.post('/api/call-logs', {
        subject_type: 'investor',
        subject_id: investor.id,
        called_at: '2026-03-20T08:00:00Z',
        direction: 'inbound',
      })
    ).json().data;
    expect(second).toMatchObject({ duration_minutes: null, summary: null });

    const list = (await admin.client.get(`/api/call-logs?${on('investor', investor.id)}`)).json();
    expect(list.data.map((c: { id: number }) => c.id)).toEqual([second.id, first.json().data.id]);
    const inbound = (await admin.client.get(`/api/call-logs?${on('investor', investor.id)}&filter[direction]=inbound`)).json();
    expect(inbound.data.map((c: { id: number }) => c.id)).toEqual([second.id]);

    const edited = await admin.client.patch(`/api/call-logs/${second.id}`, { duration_minutes: 5, summary: 'Asked for the deck.' });
    expect(edited.json().data).toMatchObject({ direction: 'inbound', duration_minutes: 5, summary: 'Asked for the deck.' });
    expect((await admin.client.patch(`/api/call-logs/${second.id}`, { summary: '' })).json().data.summary).toBeNull();
    expect((await del(admin.client, `/api/call-logs/${second.id}`)).statusCode).toBe(204);
    expect((await admin.client.get(`/api/call-logs?${on('investor', investor.id)}`)).json().meta.total).toBe(1);
    const actions = (await admin.client.get(`/api/activity?${on('investor', investor.id)}&per_page=4`))
      .json()
      .data.map((a: { action: string }) => a.action);
    expect(actions).toEqual(['call_log_deleted', 'call_log_updated', 'call_log_updated', 'call_log_created']);
  });

  it('answers 422 on the field at fault', async () => {
    const base = { subject_type: 'investor', subject_id: subjects.investor.id, called_at: '2026-03-14T10:30:00Z', direction: 'inbound' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, called_at: undefined }, 'called_at'],
      // A time without its zone names no moment.
      [{ ...base, called_at: '2026-03-14T10:30' }, 'called_at'],
      [{ ...base, direction: 'sideways' }, 'direction'],
      [{ ...base, duration_minutes: -1 }, 'duration_minutes'],
      [{ ...base, duration_minutes: 1.5 }, 'duration_minutes'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/call-logs', payload);
      expect({ field, status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
        field,
        status: 422,
        errors: [field],
      });
    }
  });
});

describe('activity', () => {
  it('pages a record’s history newest first and includes changes made to the record itself', async () => {
    const { stages } = await createPipelineWithStages(t, 'History', ['A']);
    const created = (
      await admin.client.post('/api/pipeline-deals', { pipeline_id: stages[0].pipelineId, company_name: 'History Ltd' })
    ).json().data;
    await admin.client.post('/api/notes', { subject_type: 'pipeline_deal', subject_id: created.id, body: 'One' });
    await admin.client.post('/api/notes', { subject_type: 'pipeline_deal', subject_id: created.id, body: 'Two' });
    const page = (await admin.client.get(`/api/activity?${on('pipeline_deal', created.id)}&per_page=2`)).json();
    expect(page.meta).toMatchObject({ total: 3, last_page: 2 });
    expect(page.data.map((a: { after: { body?: string } }) => a.after?.body)).toEqual(['Two', 'One']);
    const last = (await admin.client.get(`/api/activity?${on('pipeline_deal', created.id)}&per_page=2&page=2`)).json();
    expect(last.data.map((a: { action: string }) => a.action)).toEqual(['created']);
  });

  it('includes what other areas log about the record under their own name (an investor’s account)', async () => {
    const investor = await createInvestor(t, 'Logged In');
    await t.db
      .insert(activityLog)
      .values({ actorId: investor.id, action: 'logged_in', subjectType: 'user', subjectId: String(investor.id) });
    await admin.client.post('/api/notes', { subject_type: 'investor', subject_id: investor.id, body: 'Welcome call booked' });
    const history = (await admin.client.get(`/api/activity?${on('investor', investor.id)}`)).json();
    expect(history.data.map((a: { action: string; actor: { name: string } }) => [a.action, a.actor.name])).toEqual([
      ['note_created', 'Admin Ada'],
      ['logged_in', 'Logged In'],
    ]);
  });

  it.each([
    [''],
    ['filter[subject_type]=fund'],
    ['filter[subject_type]=fund&filter[subject_id]=1&filter[action]=x'],
    ['filter[subject_type]=fund&filter[subject_id]=1&sort=action'],
  ])('answers 400 for "%s"', async (query) => {
    expect((await admin.client.get(`/api/activity?${query}`)).statusCode).toBe(400);
  });
});

describe('permissions follow the record attached to', () => {
  it('answers 401 when signed out', async () => {
    const anonymous = agent(t.app);
    const { investor } = subjects;
    expect((await anonymous.get(`/api/notes?${on('investor', investor.id)}`)).statusCode).toBe(401);
    expect((await anonymous.post('/api/notes', { subject_type: 'investor', subject_id: investor.id, body: 'x' })).statusCode).toBe(401);
    expect((await anonymous.get('/api/notes/1')).statusCode).toBe(401);
    expect((await anonymous.patch('/api/notes/1', { body: 'x' })).statusCode).toBe(401);
    expect((await del(anonymous, '/api/notes/1')).statusCode).toBe(401);
    expect((await anonymous.get(`/api/call-logs?${on('investor', investor.id)}`)).statusCode).toBe(401);
    expect((await anonymous.get(`/api/activity?${on('investor', investor.id)}`)).statusCode).toBe(401);
  });

  it('walks each role’s grants on the subject’s permission event (Adviser, Creator, Custodian, an investor)', async () => {
    const { investor, deal } = subjects;
    for (const roleId of [Role.Adviser, Role.Creator, Role.Custodian, Role.User, Role.InvestmentCommittee]) {
      const { client } = await signedIn(t, roleId);
      for (const [type, id] of [
        ['investor', investor.id],
        ['pipeline_deal', deal.id],
      ] as const) {
        const event = RECORD_SUBJECTS[type];
        const [note] = await t.db.insert(notes).values({ subjectType: type, subjectId: id, body: '<p>Seed</p>' }).returning();
        const status = {
          index: (await client.get(`/api/notes?${on(type, id)}`)).statusCode,
          show: (await client.get(`/api/notes/${note.id}`)).statusCode,
          create: (await client.post('/api/notes', { subject_type: type, subject_id: id, body: 'New' })).statusCode,
          update: (await client.patch(`/api/notes/${note.id}`, { body: 'Edited' })).statusCode,
          delete: (await del(client, `/api/notes/${note.id}`)).statusCode,
          activity: (await client.get(`/api/activity?${on(type, id)}`)).statusCode,
        };
        const expected = (action: 'index' | 'show' | 'create' | 'update' | 'delete', ok: number) => (can(roleId, event, action) ? ok : 403);
        expect({ roleId, type, ...status }).toEqual({
          roleId,
          type,
          index: expected('index', 200),
          show: expected('show', 200),
          create: expected('create', 201),
          update: expected('update', 200),
          delete: expected('delete', 204),
          activity: expected('show', 200),
        });
      }
    }
  });

  it('refuses an Adviser the notes and calls of a deal, but not of an investor', async () => {
    const { client } = await signedIn(t, Role.Adviser);
    const { investor, deal } = subjects;
    expect((await client.get(`/api/notes?${on('pipeline_deal', deal.id)}`)).statusCode).toBe(403);
    expect(
      (
        await client.post('/api/call-logs', {
          subject_type: 'pipeline_deal',
          subject_id: deal.id,
          called_at: '2026-01-01T00:00:00Z',
          direction: 'inbound',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await client.post('/api/call-logs', {
          subject_type: 'investor',
          subject_id: investor.id,
          called_at: '2026-01-01T00:00:00Z',
          direction: 'inbound',
        })
      ).statusCode,
    ).toBe(201);
  });
});
