import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role, ROLE_IDS } from '@platform/domain';
import { demoPicture } from '../../db/demo-images';
import { fixedClock } from '../../platform/clock';
import { agent, createUser, createTestApp, reloadUser, signedIn, type TestApp } from '../../test/harness';
import { loadSettings } from '../../shared/settings';
import { createOpportunityRow, setFlags } from '../../test/opportunities';

const HOUR = 60 * 60 * 1000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const clock = fixedClock(new Date('2026-05-04T09:00:00Z'));
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
type Client = ReturnType<typeof agent>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());
beforeEach(async () => {
  if ((await admin.client.get('/api/user')).statusCode === 401) await admin.client.login(admin.user.email);
});

const PAGES: Array<[string, Record<string, unknown>]> = [
  ['categories', { statements: { restricted: { label: 'Restricted investor' } } }],
  ['terms', { terms_format: 'text', terms_text: '<p>Terms</p>' }],
  ['risk-warning', { risk_warning_template: '{name}, this is high risk.', risk_warning_text: '<p>Details</p>' }],
  ['market-sounding', { market_sounding_description: '<p>Wall-crossing</p>' }],
  ['appropriateness-test', { bank_mode: 'single', pass_mark: 100, tries_allowed: 0, retry_wait_hours: 24, questions_per_attempt: '' }],
];

describe('who may read and change the investor settings', () => {
  it('answers 401 signed out and 403 to every role but Super Admin and Support', async () => {
    expect((await agent(t.app).get('/api/investor-settings')).statusCode).toBe(401);
    for (const [page, body] of PAGES) expect((await agent(t.app).patch(`/api/investor-settings/${page}`, body)).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const allowed = roleId === Role.SuperAdmin || roleId === Role.Support;
      const statuses = [(await client.get('/api/investor-settings')).statusCode];
      for (const [page, body] of PAGES) statuses.push((await client.patch(`/api/investor-settings/${page}`, body)).statusCode);
      expect({ roleId, statuses }).toEqual({ roleId, statuses: PAGES.map(() => (allowed ? 200 : 403)).concat(allowed ? 200 : 403) });
    }
  });

  it('answers 422 with a message on the field at fault, and changes nothing', async () => {
    const before = (await admin.client.get('/api/investor-settings')).json().data;
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['categories', { statements: { millionaire: { label: 'x' } } }, 'statements'],
      ['categories', { statements: { restricted: { statement: '  ' } } }, 'statements.restricted.statement'],
      ['categories', { statements: { restricted: { exemption_statement: 'Article 48' } } }, 'statements.restricted.exemption_statement'],
      ['terms', { terms_format: 'pdf', terms_text: 'x' }, 'terms_format'],
      ['terms', { terms_format: 'text', terms_text: '' }, 'terms_text'],
      ['terms', { terms_format: 'url', terms_text: 'javascript:alert(1)' }, 'terms_text'],
      ['risk-warning', { risk_warning_template: 'This is a high-risk investment.', risk_warning_text: 'x' }, 'risk_warning_template'],
      ['risk-warning', { risk_warning_template: '{name}, high risk.' }, 'risk_warning_text'],
      ['market-sounding', { market_sounding_description: '' }, 'market_sounding_description'],
      ['appropriateness-test', { ...PAGES[4][1], pass_mark: 0 }, 'pass_mark'],
      ['appropriateness-test', { ...PAGES[4][1], pass_mark: 101 }, 'pass_mark'],
      ['appropriateness-test', { ...PAGES[4][1], bank_mode: 'three' }, 'bank_mode'],
      ['appropriateness-test', { ...PAGES[4][1], tries_allowed: -1 }, 'tries_allowed'],
      ['appropriateness-test', { ...PAGES[4][1], retry_wait_hours: 'soon' }, 'retry_wait_hours'],
      ['appropriateness-test', { ...PAGES[4][1], questions_per_attempt: 0 }, 'questions_per_attempt'],
    ];
    for (const [page, body, field] of cases) {
      const response = await admin.client.patch(`/api/investor-settings/${page}`, body);
      expect({ page, body, status: response.statusCode }).toEqual({ page, body, status: 422 });
      expect({ page, fields: Object.keys(response.json().errors) }).toEqual({ page, fields: expect.arrayContaining([field]) });
    }
    expect((await admin.client.get('/api/investor-settings')).json().data).toEqual(before);
  });
});

/** The terms version investors created now have accepted (the tests below raise it). */
const currentTerms = async () => (await loadSettings(t.db)).termsVersion;

/** An investor with every gate passed (or none with `gates: 'new'`), signed in. */
async function investor(name = 'Iris Investor', gates: 'cleared' | 'new' = 'cleared') {
  const user = await createUser(t.ctx, { name, acceptedTermsVersion: await currentTerms() }, { gates });
  const client = agent(t.app);
  await client.login(user.email);
  return { user, client };
}

describe('terms', () => {
  it('a change raises the version: investors see no promotion until they accept it again', async () => {
    const opportunity = await createOpportunityRow(t);
    const { user, client } = await investor();
    expect((await client.get(`/api/investment-opportunities/${opportunity.slug}`)).statusCode).toBe(200);
    const version = (await admin.client.get('/api/investor-settings')).json().data.terms_version;

    const saved = await admin.client.patch('/api/investor-settings/terms', {
      terms_format: 'text',
      terms_text: '<h2>New terms</h2><p onclick="x()">Read these.</p><script>alert(1)</script>',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ terms_version: version + 1, terms_format: 'text' });
    expect(saved.json().data.terms_text).toContain('New terms');
    expect(saved.json().data.terms_text).not.toMatch(/script|onclick/);
    expect((await agent(t.app).get('/api/public-settings/1')).json().data.terms_version).toBe(version + 1);
    // Saving the same terms again is no change: the version stays.
    const again = await admin.client.patch('/api/investor-settings/terms', {
      terms_format: 'text',
      terms_text: saved.json().data.terms_text,
    });
    expect(again.json().data.terms_version).toBe(version + 1);

    const refused = await client.get(`/api/investment-opportunities/${opportunity.slug}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'terms_acceptance' });
    expect((await client.post('/api/investments/investor', { opportunity_id: opportunity.id, amount: '1000' })).json()).toMatchObject({
      code: 'terms_acceptance',
    });
    expect((await client.get('/api/my/investor-gates')).json().data).toMatchObject({ blocked_by: 'terms_acceptance' });

    // Accepting an old version is refused; the current one opens the promotions again.
    expect((await client.patch(`/api/users/${user.id}`, { accepted_terms_version: version })).statusCode).toBe(422);
    expect((await client.patch(`/api/users/${user.id}`, { accepted_terms_version: version + 1 })).statusCode).toBe(200);
    expect((await client.get(`/api/investment-opportunities/${opportunity.slug}`)).statusCode).toBe(200);
  });

  it('may be an address instead of text, and a change of format is a change', async () => {
    const version = (await admin.client.get('/api/investor-settings')).json().data.terms_version;
    const saved = await admin.client.patch('/api/investor-settings/terms', {
      terms_format: 'url',
      terms_text: ' https://example.com/terms ',
    });
    expect(saved.json().data).toMatchObject({ terms_format: 'url', terms_text: 'https://example.com/terms', terms_version: version + 1 });
  });
});

describe('risk warning', () => {
  it('is personalised from the template, and the acknowledgement keeps the version and text read', async () => {
    const saved = await admin.client.patch('/api/investor-settings/risk-warning', {
      risk_warning_template: 'Dear {name}, you could lose everything you put in.',
      risk_warning_text: '<p>Read about <strong>illiquidity</strong>.</p><img src=x onerror=alert(1)>',
    });
    expect(saved.statusCode).toBe(200);
    const { risk_warning_version: version, risk_warning_text: details } = saved.json().data;
    expect(details).not.toMatch(/onerror/);

    const { user, client } = await investor('Rita Risk', 'new');
    expect((await client.get('/api/my/investor-gates')).json().data.risk_warning).toEqual({
      text: 'Dear Rita Risk, you could lose everything you put in.',
      details,
      version,
      acknowledged_at: null,
      acknowledged_version: null,
    });
    const acknowledged = (await client.post('/api/my/risk-warning-acknowledgement')).json().data.risk_warning;
    expect(acknowledged).toMatchObject({ acknowledged_at: clock.now().toISOString(), acknowledged_version: version });
    const row = await reloadUser(t.ctx, user.id);
    expect(row.riskWarningAcknowledgedText).toBe('Dear Rita Risk, you could lose everything you put in.');

    // A later change raises the version; what Rita acknowledged stays as it was.
    const next = await admin.client.patch('/api/investor-settings/risk-warning', {
      risk_warning_template: '{name}: high risk.',
      risk_warning_text: details,
    });
    expect(next.json().data.risk_warning_version).toBe(version + 1);
    expect((await client.get('/api/my/investor-gates')).json().data.risk_warning).toMatchObject({
      text: 'Rita Risk: high risk.',
      version: version + 1,
      acknowledged_version: version,
    });
    expect((await reloadUser(t.ctx, user.id)).riskWarningAcknowledgedText).toBe('Dear Rita Risk, you could lose everything you put in.');
  });
});

describe('categorisation statements', () => {
  it('shows investors the configured texts and records the exact statement each declared', async () => {
    await setFlags(t, { financial_promotion_exceptions_enabled: false, compliance_test_requires_categorisation_approval: false });
    const saved = await admin.client.patch('/api/investor-settings/categories', {
      statements: {
        restricted: { label: 'Restricted (10% limit)', statement: 'I will keep high-risk investments under 10% of my net assets.' },
        high_net_worth: { exemption_statement: 'Article 48: I am a certified high net worth individual.' },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.category_statements.restricted).toMatchObject({
      label: 'Restricted (10% limit)',
      statement: 'I will keep high-risk investments under 10% of my net assets.',
      exemption_statement: null,
    });

    const { client } = await investor('Cat Egory', 'new');
    const shown = (await client.get('/api/my/categorisation')).json().meta.statements;
    expect(shown.restricted).toMatchObject({
      label: 'Restricted (10% limit)',
      statement: 'I will keep high-risk investments under 10% of my net assets.',
    });
    const declared = await client.post('/api/my/categorisation', { category: 'restricted', declaration: { accepted: true } });
    expect(declared.json().data.declaration).toEqual({
      accepted: true,
      category_label: 'Restricted (10% limit)',
      statement_shown: 'I will keep high-risk investments under 10% of my net assets.',
    });

    // With the financial promotion exemptions on, the exemption's statement is the one shown and kept.
    await setFlags(t, { financial_promotion_exceptions_enabled: true });
    expect((await client.get('/api/my/categorisation')).json().meta.statements.high_net_worth.statement).toBe(
      'Article 48: I am a certified high net worth individual.',
    );
    const exempt = await client.post('/api/my/categorisation', { category: 'high_net_worth', declaration: { accepted: true } });
    expect(exempt.json().data.declaration.statement_shown).toBe('Article 48: I am a certified high net worth individual.');
    await setFlags(t, { financial_promotion_exceptions_enabled: false });
  });
});

describe('market-sounding description', () => {
  it('is what the investor reads and what their acceptance keeps', async () => {
    await setFlags(t, { market_sounding_enabled: true });
    const saved = await admin.client.patch('/api/investor-settings/market-sounding', {
      market_sounding_description: '<p>You will receive inside information about Project Lark.</p>',
    });
    expect(saved.statusCode).toBe(200);
    const opportunity = await createOpportunityRow(t, { marketSoundingRequired: true });
    const { client } = await investor('Mark Sounding');
    const popup = (await client.get(`/api/market-sounding/${opportunity.id}`)).json().data;
    expect(popup.description).toBe('<p>You will receive inside information about Project Lark.</p>');
    expect((await client.post(`/api/market-sounding/${opportunity.id}/accept`)).statusCode).toBe(200);
    await admin.client.patch('/api/investor-settings/market-sounding', { market_sounding_description: '<p>Changed later.</p>' });
    const register = (await admin.client.get('/api/market-sounding-acceptances')).json().data;
    expect(register.find((row: { opportunity_id: number }) => row.opportunity_id === opportunity.id)).toMatchObject({
      disclosed_text: '<p>You will receive inside information about Project Lark.</p>',
    });
  });
});

describe('appropriateness test bank', () => {
  async function addQuestion(bank: 'a' | 'b', question: string) {
    const response = await admin.client.post('/api/compliance-questions', {
      bank,
      question,
      options: [
        { label: `${question} right`, correct: true },
        { label: `${question} wrong`, correct: false },
      ],
    });
    expect(response.statusCode).toBe(201);
    return response.json().data as { id: number; options: Array<{ id: number; label: string; correct: boolean }> };
  }

  async function takeTest(client: Client, pick: 'right' | 'wrong') {
    const listed = (await client.get('/api/compliance-questions?include=options')).json();
    const answers = Object.fromEntries(
      listed.data.map((q: { id: number; options: Array<{ id: number; label: string }> }) => [
        String(q.id),
        q.options.find((o) => o.label.endsWith(pick))!.id,
      ]),
    );
    const result = await client.post('/api/compliance-answers', { answers });
    expect(result.statusCode).toBe(200);
    return { listed, result: result.json().data };
  }

  it('draws the two FCA banks alternately, keeps each attempt as taken, and follows the configured rules', async () => {
    await setFlags(t, { compliance_test_enabled: true, risk_warning_enabled: false });
    const a1 = await addQuestion('a', 'A1');
    const a2 = await addQuestion('a', 'A2');
    const b1 = await addQuestion('b', 'B1');
    const b2 = await addQuestion('b', 'B2');
    const b3 = await addQuestion('b', 'B3');
    expect((await admin.client.get('/api/compliance-questions?bank=b')).json().data.map((q: { id: number }) => q.id)).toEqual(
      expect.arrayContaining([b1.id, b2.id, b3.id]),
    );
    const rules = await admin.client.patch('/api/investor-settings/appropriateness-test', {
      bank_mode: 'fca_alternating',
      pass_mark: 60,
      tries_allowed: 5,
      retry_wait_hours: 2,
      questions_per_attempt: 2,
    });
    expect(rules.json().data.appropriateness).toEqual({
      bank_mode: 'fca_alternating',
      pass_mark: 60,
      tries_allowed: 5,
      retry_wait_hours: 2,
      questions_per_attempt: 2,
    });

    const { user, client } = await investor('Alex Attempts');
    // 1st attempt: bank A, two of its questions, answered wrongly.
    const first = await takeTest(client, 'wrong');
    expect(first.listed.meta).toMatchObject({ bank: 'a', pass_mark: 60 });
    const bankA = new Set([a1.id, a2.id]);
    expect(first.listed.data.every((q: { id: number }) => bankA.has(q.id))).toBe(true);
    expect(first.result).toMatchObject({ passed: false, score: 0, total: first.listed.data.length, tries_used: 1 });
    expect(first.result.retry_at).toBe(new Date(clock.now().getTime() + 2 * HOUR).toISOString());

    // Staff edit the question bank: the attempt keeps what was asked and shown.
    const edited = first.listed.data[0] as { id: number };
    const original = [a1, a2].find((q) => q.id === edited.id)!;
    expect(
      (
        await admin.client.patch(`/api/compliance-questions/${edited.id}`, {
          question: 'Rewritten question',
          options: [
            { id: original.options[0].id, label: 'Rewritten right', correct: false },
            { id: original.options[1].id, label: 'Rewritten wrong', correct: true },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const attempts = (await admin.client.get(`/api/users/${user.id}/compliance-attempts`)).json().data;
    expect(attempts).toHaveLength(1);
    const kept = attempts[0].questions.find((q: { question_id: number }) => q.question_id === edited.id);
    expect(attempts[0]).toMatchObject({ bank: 'a', pass_mark: 60, passed: false, score: 0 });
    expect(kept).toEqual({
      question_id: edited.id,
      question: original === a1 ? 'A1' : 'A2',
      options: original.options.map((o) => ({ id: o.id, label: o.label, correct: o.correct })),
      chosen_option_id: original.options[1].id,
      correct: false,
    });

    // 2nd attempt after the wait: bank B, two of its three questions, the same two when asked again.
    expect((await client.get('/api/compliance-questions')).json().data).toEqual([]);
    clock.advance(2 * HOUR);
    await client.login(user.email);
    const drawn = (await client.get('/api/compliance-questions?include=options')).json();
    expect(drawn.meta.bank).toBe('b');
    expect(drawn.data).toHaveLength(2);
    const bankB = new Set([b1.id, b2.id, b3.id]);
    expect(drawn.data.every((q: { id: number }) => bankB.has(q.id))).toBe(true);
    const second = await takeTest(client, 'right');
    expect(second.listed.data.map((q: { id: number }) => q.id)).toEqual(drawn.data.map((q: { id: number }) => q.id));
    expect(second.result).toMatchObject({ passed: true, score: 2, total: 2, tries_used: 2 });
    const history = (await admin.client.get(`/api/users/${user.id}/compliance-attempts`)).json().data;
    expect(history.map((a: { bank: string; passed: boolean }) => [a.bank, a.passed])).toEqual([
      ['b', true],
      ['a', false],
    ]);

    // Answers to a question of the other bank are not part of this attempt.
    const other = await investor('Olly Other');
    const wrongBank = await other.client.post('/api/compliance-answers', {
      answers: { [b1.id]: b1.options[0].id },
    });
    expect(wrongBank.statusCode).toBe(422);
    expect(wrongBank.json().errors[`answers.${b1.id}`]).toEqual(['This question is not part of the test.']);
  });

  it('lets only staff who may see investors read an investor’s attempts', async () => {
    const { user } = await investor();
    expect((await agent(t.app).get(`/api/users/${user.id}/compliance-attempts`)).statusCode).toBe(401);
    const { client } = await investor('Nosy Neighbour');
    expect((await client.get(`/api/users/${user.id}/compliance-attempts`)).statusCode).toBe(403);
    const entrepreneur = await signedIn(t, Role.Entrepreneur);
    expect((await entrepreneur.client.get(`/api/users/${user.id}/compliance-attempts`)).statusCode).toBe(403);
  });
});

describe('pictures, documents and Q&A of a live opportunity are financial promotions', () => {
  it('answer 403 with the gate code to an investor who has not passed the promotion gates', async () => {
    await setFlags(t, { market_sounding_enabled: false });
    const opportunity = await createOpportunityRow(t);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(demoPicture(2, 32, 18))]), 'team.png');
    const image = (await admin.client.post(`/api/investment-opportunities/${opportunity.id}/images`, form)).json().data;
    const upload = new FormData();
    upload.append('subject_type', 'opportunity');
    upload.append('subject_id', String(opportunity.id));
    upload.append('visibility', 'public');
    upload.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'deck.pdf');
    const document = await admin.client.post('/api/documents', upload);
    expect(document.statusCode).toBe(201);
    const { client: cleared } = await investor('Clara Cleared');
    const question = (
      await cleared.post(`/api/investment-opportunities/${opportunity.id}/discussions`, { body: 'When does it close?' })
    ).json().data;

    const { client } = await investor('Nora New', 'new');
    const routes = [
      () => client.get(`/api/investment-opportunities/${opportunity.id}/images`),
      () => client.get(image.url),
      () => client.get(`/api/investment-opportunities/${opportunity.id}/discussions`),
      () => client.post(`/api/investment-opportunities/${opportunity.id}/discussions`, { body: 'Is it safe?' }),
      () => client.post(`/api/discussions/${question.id}/replies`, { body: 'Me too' }),
      () => client.get(`/api/my/documents/${document.json().data.id}/download`),
    ];
    for (const call of routes) {
      const response = await call();
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'categorisation_required' });
    }

    // Once categorised they may see them.
    await client.post('/api/my/categorisation', { category: 'restricted', declaration: { accepted: true } });
    expect((await client.get(`/api/investment-opportunities/${opportunity.id}/images`)).json().data).toHaveLength(1);
    expect((await client.get(image.url)).statusCode).toBe(200);
    expect((await client.get(`/api/investment-opportunities/${opportunity.id}/discussions`)).statusCode).toBe(200);
  });
});

describe('text that cannot be stored', () => {
  it('is a 422 on the field, never a 500', async () => {
    const response = await admin.client.patch('/api/investor-settings/market-sounding', { market_sounding_description: '\ud800' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.market_sounding_description).toEqual(['Remove the characters that cannot be stored.']);
  });
});
