import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS, UNLIMITED_COMPLIANCE_TRIES, type RoleId } from '@platform/domain';
import { activityLog, complianceAttempts, settings } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createUser, createTestApp, reloadUser, signedIn, type TestApp } from '../../test/harness';
import { loadSettings, SETTINGS_ID } from '../../shared/settings';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const clock = fixedClock(new Date('2026-01-10T09:00:00Z'));

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
/** The bank created in beforeAll: question id → [correct option id, a wrong option id]. */
const bank: Array<{ id: number; right: number; wrong: number }> = [];

async function configure(flags: Record<string, boolean>, complianceTries = 0) {
  await loadSettings(t.db);
  await t.db.update(settings).set({ flags, complianceTries }).where(eq(settings.id, SETTINGS_ID));
}

const answersFor = (pick: (q: (typeof bank)[number], i: number) => number) => ({
  answers: Object.fromEntries(bank.map((q, i) => [String(q.id), pick(q, i)])),
});
const allRight = () => answersFor((q) => q.right);
const oneWrong = () => answersFor((q, i) => (i === 0 ? q.wrong : q.right));

/** Sessions idle out after 8 hours of app time: a test that moves the clock a day signs in again. */
async function investorClient(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.ctx, { roleId: Role.User, ...overrides });
  const client = agent(t.app);
  await client.login(user.email);
  return { user, client, relogin: () => client.login(user.email) };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
  const questions = [
    ['Can you lose all the money you invest?', ['Yes', 'No'], 0],
    ['Are unlisted shares easy to sell?', ['Yes, any time', 'No, they may be hard to sell', 'Only on Fridays'], 1],
    ['Should you spread your money across investments?', ['No', 'Yes'], 1],
  ] as const;
  for (const [position, [question, labels, correct]] of questions.entries()) {
    const response = await admin.client.post('/api/compliance-questions', {
      question,
      position,
      options: labels.map((label, i) => ({ label, correct: i === correct })),
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    bank.push({ id: data.id, right: data.options[correct].id, wrong: data.options[correct === 0 ? 1 : 0].id });
  }
});
afterAll(() => t.close());
beforeEach(async () => {
  await configure({ compliance_test_enabled: true });
  // Tests that move the clock a day idle the admin's session out.
  if ((await admin.client.get('/api/user')).statusCode === 401) await admin.client.login(admin.user.email);
});

describe('GET /api/compliance-tries/1', () => {
  it('is unlimited with the default setting (none configured)', async () => {
    const { client } = await investorClient();
    expect((await client.get('/api/compliance-tries/1')).json()).toEqual({ data: { compliance_tries: UNLIMITED_COMPLIANCE_TRIES } });
  });

  it.each([
    ['0', {}, 0, UNLIMITED_COMPLIANCE_TRIES],
    ['-1', {}, -1, UNLIMITED_COMPLIANCE_TRIES],
    ['3', {}, 3, 3],
    ['3 with the risk warning', { risk_warning_enabled: true }, 3, UNLIMITED_COMPLIANCE_TRIES],
    ['0 with the risk warning', { risk_warning_enabled: true }, 0, UNLIMITED_COMPLIANCE_TRIES],
  ])('setting %s → allowed tries', async (_name, flags, tries, expected) => {
    await configure({ compliance_test_enabled: true, ...flags }, tries);
    const { client } = await investorClient();
    expect((await client.get('/api/compliance-tries/1')).json().data.compliance_tries).toBe(expected);
    expect((await admin.client.get('/api/compliance-tries/1')).json().data.compliance_tries).toBe(expected);
  });

  it('needs a signed-in user, and knows only settings row 1', async () => {
    expect((await agent(t.app).get('/api/compliance-tries/1')).statusCode).toBe(401);
    expect((await admin.client.get('/api/compliance-tries/2')).statusCode).toBe(404);
  });
});

describe('question bank (staff, settings_compliance)', () => {
  it('lists questions with their correct options for staff', async () => {
    const { data } = (await admin.client.get('/api/compliance-questions?include=options')).json();
    expect(data.map((q: { id: number }) => q.id)).toEqual(bank.map((q) => q.id));
    expect(data[1].options).toEqual([
      expect.objectContaining({ label: 'Yes, any time', correct: false }),
      expect.objectContaining({ label: 'No, they may be hard to sell', correct: true }),
      expect.objectContaining({ label: 'Only on Fridays', correct: false }),
    ]);
  });

  it('answers 422 on the options unless there are 2 or more with exactly one correct', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ question: 'Q', options: [{ label: 'Only', correct: true }] }, 'options'],
      [{ question: 'Q', options: [{ label: 'A' }, { label: 'B' }] }, 'options'],
      [
        {
          question: 'Q',
          options: [
            { label: 'A', correct: true },
            { label: 'B', correct: true },
          ],
        },
        'options',
      ],
      [{ question: 'Q' }, 'options'],
      [{ question: 'Q', options: 'not a list' }, 'options'],
      [{ question: 'Q', options: [{ label: '', correct: true }, { label: 'B' }] }, 'options.0.label'],
      [{ question: '', options: [{ label: 'A', correct: true }, { label: 'B' }] }, 'question'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/compliance-questions', payload);
      expect({ field, status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
        field,
        status: 422,
        errors: [field],
      });
    }
  });

  it('accepts the FormData form with options as JSON text', async () => {
    const form = new FormData();
    form.append('question', 'FormData question?');
    form.append(
      'options',
      JSON.stringify([
        { label: 'A', correct: '1' },
        { label: 'B', correct: '0' },
      ]),
    );
    const response = await admin.client.post('/api/compliance-questions', form);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.options.map((o: { correct: boolean }) => o.correct)).toEqual([true, false]);
    expect((await admin.client.request({ method: 'DELETE', url: `/api/compliance-questions/${response.json().data.id}` })).statusCode).toBe(
      204,
    );
  });

  it('edits a question, keeping option ids it is sent, and deletes it softly with an activity trail', async () => {
    const created = (
      await admin.client.post('/api/compliance-questions', {
        question: 'Draft?',
        options: [{ label: 'A', correct: true }, { label: 'B' }, { label: 'C' }],
      })
    ).json().data;
    const [a, b] = created.options;
    const updated = await admin.client.patch(`/api/compliance-questions/${created.id}`, {
      question: 'Final?',
      options: [{ id: b.id, label: 'B2', correct: true }, { id: a.id, label: 'A' }, { label: 'D' }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      question: 'Final?',
      options: [
        { id: b.id, label: 'B2', correct: true, position: 0 },
        { id: a.id, label: 'A', correct: false, position: 1 },
        { label: 'D', correct: false, position: 2 },
      ],
    });
    const foreign = await admin.client.patch(`/api/compliance-questions/${created.id}`, {
      options: [{ id: bank[0].right, label: 'X', correct: true }, { label: 'Y' }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(['options.0.id']);
    expect(
      (await admin.client.patch(`/api/compliance-questions/${created.id}`, { options: [{ label: 'X' }, { label: 'Y' }] })).statusCode,
    ).toBe(422);

    const del = () => admin.client.request({ method: 'DELETE', url: `/api/compliance-questions/${created.id}` });
    expect((await del()).statusCode).toBe(204);
    expect((await del()).statusCode).toBe(404);
    expect((await admin.client.get(`/api/compliance-questions/${created.id}`)).statusCode).toBe(404);
    const ids = (await admin.client.get('/api/compliance-questions')).json().data.map((q: { id: number }) => q.id);
    expect(ids).not.toContain(created.id);
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'compliance_question'), eq(activityLog.subjectId, String(created.id))));
    expect(logs.map((l) => l.action)).toEqual(['created', 'updated', 'deleted']);
  });

  it('rejects unknown query parameters and includes', async () => {
    expect((await admin.client.get('/api/compliance-questions?include=answers')).statusCode).toBe(400);
    expect((await admin.client.get('/api/compliance-questions?fliter=1')).statusCode).toBe(400);
  });
});

describe('questions for an investor', () => {
  it('lists questions with options but never the correct flags', async () => {
    const { client } = await investorClient();
    const body = (await client.get('/api/compliance-questions?include=options')).json();
    expect(body.data.map((q: { id: number }) => q.id)).toEqual(bank.map((q) => q.id));
    for (const question of body.data)
      for (const option of question.options) expect(Object.keys(option).sort()).toEqual(['id', 'label', 'position', 'question_id']);
    expect(JSON.stringify(body)).not.toContain('correct');
    expect(body.meta).toEqual({
      required: true,
      passed: false,
      tries_used: 0,
      tries_allowed: UNLIMITED_COMPLIANCE_TRIES,
      retry_at: null,
      bank: 'a',
      pass_mark: 100,
    });
    expect((await client.get('/api/compliance-questions')).json().data[0].options).toBeUndefined();
  });

  it('gets no questions when tries are used up', async () => {
    await configure({ compliance_test_enabled: true }, 3);
    const { client } = await investorClient({ complianceTries: 3 });
    const body = (await client.get('/api/compliance-questions?include=options')).json();
    expect(body).toEqual({
      data: [],
      meta: { required: true, passed: false, tries_used: 3, tries_allowed: 3, retry_at: null, bank: 'a', pass_mark: 100 },
    });
    const { client: fresh } = await investorClient({ complianceTries: 2 });
    expect((await fresh.get('/api/compliance-questions?include=options')).json().data).toHaveLength(bank.length);
  });

  it('gets questions whatever the tries used while the risk warning is on', async () => {
    await configure({ compliance_test_enabled: true, risk_warning_enabled: true }, 1);
    const { client } = await investorClient({ complianceTries: 50 });
    const body = (await client.get('/api/compliance-questions?include=options')).json();
    expect(body.data).toHaveLength(bank.length);
    expect(body.meta.tries_allowed).toBe(UNLIMITED_COMPLIANCE_TRIES);
  });

  it('gets no questions when the test is off or already passed', async () => {
    await configure({});
    const { client } = await investorClient();
    expect((await client.get('/api/compliance-questions?include=options')).json()).toMatchObject({ data: [], meta: { required: false } });
    await configure({ compliance_test_enabled: true });
    const { client: passed } = await investorClient({ compliancePassed: true });
    expect((await passed.get('/api/compliance-questions?include=options')).json()).toMatchObject({
      data: [],
      meta: { required: false, passed: true },
    });
  });
});

describe('POST /api/compliance-answers', () => {
  it('answers 422 naming unanswered, unknown and mismatched questions', async () => {
    const { client, user } = await investorClient();
    const [first, second, third] = bank;
    const missing = await client.post('/api/compliance-answers', { answers: { [first.id]: first.right } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      [`answers.${second.id}`]: ['Answer this question.'],
      [`answers.${third.id}`]: ['Answer this question.'],
    });
    const mismatched = await client.post('/api/compliance-answers', {
      answers: { ...allRight().answers, [first.id]: second.right, 999999: 1 },
    });
    expect(mismatched.statusCode).toBe(422);
    expect(Object.keys(mismatched.json().errors).sort()).toEqual([`answers.${first.id}`, 'answers.999999'].sort());
    expect((await client.post('/api/compliance-answers', {})).statusCode).toBe(422);
    expect((await client.post('/api/compliance-answers', { answers: 'nope' })).statusCode).toBe(422);
    expect((await reloadUser(t.ctx, user.id)).complianceTries).toBe(0);
  });

  it('scores a fail, stores the attempt, and makes the investor wait 24 hours (23:59 refused, 24:00 allowed)', async () => {
    const { client, user, relogin } = await investorClient();
    const start = clock.now();
    const failed = await client.post('/api/compliance-answers', oneWrong());
    expect(failed.statusCode).toBe(200);
    const retryAt = new Date(start.getTime() + 24 * HOUR).toISOString();
    expect(failed.json().data).toMatchObject({ passed: false, score: 2, total: 3, retry_at: retryAt, tries_used: 1 });
    const [attempt] = await t.db.select().from(complianceAttempts).where(eq(complianceAttempts.userId, user.id));
    expect(attempt).toMatchObject({ score: 2, total: 3, passed: false, resetAt: null, answers: oneWrong().answers });

    const me = (await client.get('/api/user?update=1')).json().data;
    expect(me).toMatchObject({ compliance_passed: false, compliance_tries: 1 });
    expect((await client.get('/api/compliance-questions?include=options')).json()).toMatchObject({
      data: [],
      meta: { retry_at: retryAt, tries_used: 1 },
    });

    clock.advance(23 * HOUR + 59 * MINUTE);
    await relogin();
    const early = await client.post('/api/compliance-answers', allRight());
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toContain(retryAt);
    expect((await client.get('/api/compliance-questions?include=options')).json().data).toEqual([]);

    clock.advance(MINUTE);
    expect((await client.get('/api/compliance-questions?include=options')).json()).toMatchObject({ meta: { retry_at: null } });
    const passed = await client.post('/api/compliance-answers', allRight());
    expect(passed.json().data).toEqual({
      passed: true,
      score: 3,
      total: 3,
      retry_at: null,
      tries_used: 2,
      tries_allowed: UNLIMITED_COMPLIANCE_TRIES,
    });
    expect((await client.get('/api/user?update=1')).json().data).toMatchObject({ compliance_passed: true, compliance_tries: 2 });

    const again = await client.post('/api/compliance-answers', allRight());
    expect(again.statusCode).toBe(422);
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'compliance_attempt'), eq(activityLog.actorId, user.id)));
    expect(logs.map((l) => l.action)).toEqual(['failed', 'passed']);
  });

  it('refuses answers once the allowed tries are used, and promises no retry after the last', async () => {
    await configure({ compliance_test_enabled: true }, 2);
    const { client, user, relogin } = await investorClient();
    expect((await client.post('/api/compliance-answers', oneWrong())).json().data).toMatchObject({
      passed: false,
      tries_used: 1,
      tries_allowed: 2,
    });
    clock.advance(24 * HOUR);
    await relogin();
    const last = await client.post('/api/compliance-answers', oneWrong());
    expect(last.json().data).toMatchObject({ passed: false, tries_used: 2, retry_at: null });
    clock.advance(24 * HOUR);
    await relogin();
    const refused = await client.post('/api/compliance-answers', allRight());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.answers[0]).toMatch(/used all your tries/);
    expect((await reloadUser(t.ctx, user.id)).complianceTries).toBe(2);
    expect((await client.get('/api/compliance-questions?include=options')).json().data).toEqual([]);
  });

  it('is for investors only', async () => {
    expect((await agent(t.app).post('/api/compliance-answers', allRight())).statusCode).toBe(401);
    expect((await admin.client.post('/api/compliance-answers', allRight())).statusCode).toBe(403);
  });

  it('answers 422 while the test is off', async () => {
    await configure({});
    const { client } = await investorClient();
    expect((await client.post('/api/compliance-answers', allRight())).statusCode).toBe(422);
  });
});

describe('POST /api/users/{id}/reset-appropriateness-test', () => {
  it('clears tries and the pass, closes earlier attempts without deleting them, and lifts the wait', async () => {
    const { client, user } = await investorClient();
    await client.post('/api/compliance-answers', oneWrong());
    expect((await client.post('/api/compliance-answers', allRight())).statusCode).toBe(422);

    const response = await admin.client.post(`/api/users/${user.id}/reset-appropriateness-test`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: user.id, compliance_passed: false, compliance_tries: 0 });
    const attempts = await t.db.select().from(complianceAttempts).where(eq(complianceAttempts.userId, user.id));
    expect(attempts).toHaveLength(1);
    expect(attempts[0].resetAt).toEqual(clock.now());

    expect((await client.get('/api/compliance-questions?include=options')).json().data).toHaveLength(bank.length);
    expect((await client.post('/api/compliance-answers', allRight())).json().data).toMatchObject({ passed: true, tries_used: 1 });
    await admin.client.post(`/api/users/${user.id}/reset-appropriateness-test`);
    expect(await reloadUser(t.ctx, user.id)).toMatchObject({ compliancePassed: false, complianceTries: 0 });
    expect(await t.db.select().from(complianceAttempts).where(eq(complianceAttempts.userId, user.id))).toHaveLength(2);
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'appropriateness_reset'), eq(activityLog.subjectId, String(user.id))));
    expect(logs).toHaveLength(2);
  });

  it('answers 404 for staff and unknown users', async () => {
    expect((await admin.client.post(`/api/users/${admin.user.id}/reset-appropriateness-test`)).statusCode).toBe(404);
    expect((await admin.client.post('/api/users/999999/reset-appropriateness-test')).statusCode).toBe(404);
  });
});

describe('permissions per role', () => {
  const expected = (roleId: RoleId, event: Parameters<typeof can>[1], action: Parameters<typeof can>[2]) =>
    can(roleId, event, action) ? 'allowed' : 403;
  const outcome = (status: number) => (status === 403 || status === 401 ? status : 'allowed');

  it('answers 401 without a session on every endpoint', async () => {
    const anon = agent(t.app);
    const investor = await createUser(t.ctx);
    for (const [method, url] of [
      ['GET', '/api/compliance-questions'],
      ['GET', `/api/compliance-questions/${bank[0].id}`],
      ['POST', '/api/compliance-questions'],
      ['PATCH', `/api/compliance-questions/${bank[0].id}`],
      ['DELETE', `/api/compliance-questions/${bank[0].id}`],
      ['POST', '/api/compliance-answers'],
      ['POST', `/api/users/${investor.id}/reset-appropriateness-test`],
    ] as const) {
      expect({ method, url, status: (await anon.request({ method, url, payload: {} })).statusCode }).toEqual({ method, url, status: 401 });
    }
  });

  it('follows the permission table for every role', async () => {
    const target = await createUser(t.ctx);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const investor = roleId === Role.User;
      const got = {
        list: outcome((await client.get('/api/compliance-questions')).statusCode),
        show: outcome((await client.get(`/api/compliance-questions/${bank[0].id}`)).statusCode),
        create: outcome((await client.post('/api/compliance-questions', {})).statusCode),
        update: outcome((await client.patch(`/api/compliance-questions/${bank[0].id}`, {})).statusCode),
        delete: outcome((await client.request({ method: 'DELETE', url: '/api/compliance-questions/999999' })).statusCode),
        answer: outcome((await client.post('/api/compliance-answers', {})).statusCode),
        reset: outcome((await client.post(`/api/users/${target.id}/reset-appropriateness-test`)).statusCode),
      };
      expect({ roleId, ...got }).toEqual({
        roleId,
        list: investor ? 'allowed' : expected(roleId, 'settings_compliance', 'index'),
        show: expected(roleId, 'settings_compliance', 'show'),
        create: expected(roleId, 'settings_compliance', 'create'),
        update: expected(roleId, 'settings_compliance', 'update'),
        delete: expected(roleId, 'settings_compliance', 'delete'),
        answer: investor ? 'allowed' : 403,
        reset: expected(roleId, 'investors', 'update'),
      });
    }
  });
});
