import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, INVESTOR_CATEGORY_DETAILS, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, investorCategorisations, settings } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createUser, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { loadSettings, SETTINGS_ID } from '../../shared/settings';

const HOUR = 60 * 60 * 1000;
const clock = fixedClock(new Date('2026-03-15T09:30:00Z'));
const DECLARATION = { statement: 'I make this statement so that I can receive promotional communications…', accepted: true };

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

async function configure(flags: Record<string, boolean>) {
  await loadSettings(t.db);
  await t.db.update(settings).set({ flags }).where(eq(settings.id, SETTINGS_ID));
}

async function investorClient(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.ctx, { roleId: Role.User, ...overrides }, { gates: 'new' });
  const client = agent(t.app);
  await client.login(user.email);
  return { user, client };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());
beforeEach(async () => {
  await configure({});
  if ((await admin.client.get('/api/user')).statusCode === 401) await admin.client.login(admin.user.email);
});

describe('investor declares a category', () => {
  it('is approved at once, valid 12 months, when approval is not required', async () => {
    const { client, user } = await investorClient();
    expect((await client.get('/api/my/categorisation')).json()).toMatchObject({
      data: null,
      meta: { approval_required: false, valid: false },
    });
    const response = await client.post('/api/my/categorisation', { category: 'high_net_worth', declaration: DECLARATION });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      user_id: user.id,
      category: 'high_net_worth',
      declaration: {
        ...DECLARATION,
        category_label: INVESTOR_CATEGORY_DETAILS.high_net_worth.label,
        statement_shown: INVESTOR_CATEGORY_DETAILS.high_net_worth.statement,
      },
      status: 'approved',
      declared_at: '2026-03-15T09:30:00.000Z',
      expires_at: '2027-03-15T09:30:00.000Z',
      reviewed_by: null,
    });
    expect((await client.get('/api/my/categorisation')).json()).toMatchObject({
      data: { status: 'approved' },
      meta: { approval_required: false, valid: true },
    });
  });

  it('accepts the FormData form with the declaration as JSON text', async () => {
    const { client } = await investorClient();
    const form = new FormData();
    form.append('category', 'restricted');
    form.append('declaration', JSON.stringify(DECLARATION));
    const response = await client.post('/api/my/categorisation', form);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.declaration).toMatchObject(DECLARATION);
  });

  it('answers 422 on the field at fault', async () => {
    const { client } = await investorClient();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ declaration: DECLARATION }, 'category'],
      [{ category: 'millionaire', declaration: DECLARATION }, 'category'],
      [{ category: 'restricted' }, 'declaration'],
      [{ category: 'restricted', declaration: {} }, 'declaration'],
      [{ category: 'restricted', declaration: 'yes' }, 'declaration'],
    ];
    for (const [payload, field] of cases) {
      const response = await client.post('/api/my/categorisation', payload);
      expect({ field, status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
        field,
        status: 422,
        errors: [field],
      });
    }
  });

  it('is for investors only', async () => {
    expect((await agent(t.app).get('/api/my/categorisation')).statusCode).toBe(401);
    expect((await agent(t.app).post('/api/my/categorisation', { category: 'restricted', declaration: DECLARATION })).statusCode).toBe(401);
    expect((await admin.client.get('/api/my/categorisation')).statusCode).toBe(403);
    expect((await admin.client.post('/api/my/categorisation', { category: 'restricted', declaration: DECLARATION })).statusCode).toBe(403);
  });
});

describe('approval by staff', () => {
  beforeEach(() => configure({ compliance_test_requires_categorisation_approval: true }));

  it('waits pending, a newer declaration supersedes it, and staff approve it with a note', async () => {
    const { client, user } = await investorClient({ name: 'Pending Penny' });
    const first = (await client.post('/api/my/categorisation', { category: 'restricted', declaration: DECLARATION })).json().data;
    expect(first.status).toBe('pending');
    const second = (await client.post('/api/my/categorisation', { category: 'certified_sophisticated', declaration: DECLARATION })).json()
      .data;
    const [firstRow] = await t.db.select().from(investorCategorisations).where(eq(investorCategorisations.id, first.id));
    expect(firstRow.status).toBe('superseded');
    expect((await client.get('/api/my/categorisation')).json()).toMatchObject({
      data: { id: second.id, status: 'pending' },
      meta: { approval_required: true, valid: false },
    });

    const list = (
      await admin.client.get(`/api/investor-categorisations?filter[status]=pending&filter[user_id]=${user.id}&include=user`)
    ).json();
    expect(list.data).toEqual([
      expect.objectContaining({ id: second.id, status: 'pending', user: { id: user.id, name: 'Pending Penny', email: user.email } }),
    ]);
    expect(list.meta.total).toBe(1);

    clock.advance(HOUR);
    const approved = await admin.client.post(`/api/investor-categorisations/${second.id}/approve`, { note: 'Checked the certificate.' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      reviewed_by: admin.user.id,
      reviewed_at: clock.now().toISOString(),
      review_note: 'Checked the certificate.',
      expires_at: '2027-03-15T09:30:00.000Z',
    });
    expect((await client.get('/api/my/categorisation')).json().meta.valid).toBe(true);
    expect((await admin.client.post(`/api/investor-categorisations/${second.id}/approve`, {})).statusCode).toBe(409);
    expect((await admin.client.post(`/api/investor-categorisations/${first.id}/reject`, { note: 'Old' })).statusCode).toBe(409);
    expect((await admin.client.post('/api/investor-categorisations/999999/approve', {})).statusCode).toBe(404);

    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'investor_categorisation'), eq(activityLog.subjectId, String(second.id))));
    expect(logs.map((l) => l.action)).toEqual(['declared', 'approved']);
  });

  it('rejects only with a note', async () => {
    const { client } = await investorClient();
    const declared = (await client.post('/api/my/categorisation', { category: 'professional', declaration: DECLARATION })).json().data;
    const noNote = await admin.client.post(`/api/investor-categorisations/${declared.id}/reject`, {});
    expect(noNote.statusCode).toBe(422);
    expect(Object.keys(noNote.json().errors)).toEqual(['note']);
    const rejected = await admin.client.post(`/api/investor-categorisations/${declared.id}/reject`, { note: 'Not a professional client.' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', review_note: 'Not a professional client.' });
    expect((await client.get('/api/my/categorisation')).json()).toMatchObject({ data: { status: 'rejected' }, meta: { valid: false } });
  });

  it('rejects unknown filters and filter values', async () => {
    expect((await admin.client.get('/api/investor-categorisations?filter[status]=waiting')).statusCode).toBe(400);
    expect((await admin.client.get('/api/investor-categorisations?filter[colour]=red')).statusCode).toBe(400);
  });

  it('follows the permission table for every role (investor_category index and update)', async () => {
    const anon = agent(t.app);
    expect((await anon.get('/api/investor-categorisations')).statusCode).toBe(401);
    expect((await anon.post('/api/investor-categorisations/1/approve', {})).statusCode).toBe(401);
    expect((await anon.post('/api/investor-categorisations/1/reject', {})).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const list = (await client.get('/api/investor-categorisations')).statusCode;
      const approve = (await client.post('/api/investor-categorisations/999999/approve', {})).statusCode;
      const reject = (await client.post('/api/investor-categorisations/999999/reject', { note: 'x' })).statusCode;
      const mayUpdate = can(roleId, 'investor_category', 'update');
      expect({ roleId, list, approve, reject }).toEqual({
        roleId,
        list: can(roleId, 'investor_category', 'index') ? 200 : 403,
        approve: mayUpdate ? 404 : 403,
        reject: mayUpdate ? 404 : 403,
      });
    }
  });
});
