import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { can, Role, ROLE_IDS, type RoleId } from '@platform/domain';
import { activityLog, signUpDocumentAcceptances, signUpDocuments } from '../../db/schema';
import { agent, createUser, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';
import { pdfPagesText } from '../../test/pdf-text';
import { uploadForm } from '../../test/uploads';

const PDF = (marker: string) => `%PDF-1.4\n% ${marker}\n%%EOF\n`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
type Client = typeof admin.client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());
/** Each test starts with no live sign-up document; archived ones stay, as they would. */
beforeEach(async () => {
  await t.db.update(signUpDocuments).set({ archivedAt: new Date() }).where(isNull(signUpDocuments.archivedAt));
});

async function upload(
  fields: Record<string, string> = {},
  file: { data: Buffer | string; filename: string } = { data: PDF('v1'), filename: 'Client agreement.pdf' },
) {
  const response = await admin.client.post('/api/sign-up-documents', uploadForm({ title: 'Client agreement', ...fields }, file));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; version: number; position: number };
}

async function investor(overrides: Partial<Parameters<typeof createUser>[1]> = {}) {
  const user = await createUser(t.ctx, overrides);
  const client = agent(t.app);
  await client.login(user.email);
  return { user, client };
}

const mine = async (client: Client) => (await client.get('/api/my/sign-up-documents')).json().data as Array<Record<string, unknown>>;
const gate = async (client: Client) => (await client.get('/api/my/investor-gates')).json().data.blocked_by;
const accept = (client: Client, id: number, version: number) => client.post(`/api/my/sign-up-documents/${id}/accept`, { version });

describe('access', () => {
  it('answers 401 signed out and 403 to every role without the grant, on every route', async () => {
    const doc = await upload();
    const someone = await investor();
    const anonymous = agent(t.app);
    const staffRoutes: Array<[string, string, 'settings_investor_type' | 'onboarding_documents']> = [
      ['GET', '/api/sign-up-documents', 'settings_investor_type'],
      ['POST', '/api/sign-up-documents', 'settings_investor_type'],
      ['PUT', '/api/sign-up-documents/order', 'settings_investor_type'],
      ['GET', `/api/sign-up-documents/${doc.id}`, 'settings_investor_type'],
      ['PATCH', `/api/sign-up-documents/${doc.id}`, 'settings_investor_type'],
      ['POST', `/api/sign-up-documents/${doc.id}/archive`, 'settings_investor_type'],
      ['POST', `/api/sign-up-documents/${doc.id}/restore`, 'settings_investor_type'],
      ['GET', `/api/users/${someone.user.id}/onboarding-documents`, 'onboarding_documents'],
    ];
    const investorRoutes: Array<[string, string]> = [
      ['GET', '/api/my/sign-up-documents'],
      ['GET', `/api/my/sign-up-documents/${doc.id}/file`],
      ['POST', `/api/my/sign-up-documents/${doc.id}/accept`],
    ];
    for (const [method, url] of [...staffRoutes, ['GET', `/api/sign-up-documents/${doc.id}/file`], ...investorRoutes])
      expect((await anonymous.request({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);

    for (const roleId of ROLE_IDS as readonly RoleId[]) {
      const { client } = roleId === Role.User ? someone : await signedIn(t, roleId);
      for (const [method, url, event] of staffRoutes) {
        const allowed = can(roleId, event, event === 'onboarding_documents' ? 'index' : 'show');
        const status = (await client.request({ method: method as 'GET', url, payload: {} })).statusCode;
        if (allowed) expect(status, `${roleId} ${method} ${url}`).not.toBe(403);
        else expect(status, `${roleId} ${method} ${url}`).toBe(403);
      }
      const fileAllowed = can(roleId, 'settings_investor_type', 'show') || can(roleId, 'onboarding_documents', 'index');
      const file = await client.get(`/api/sign-up-documents/${doc.id}/file`);
      expect(file.statusCode, `${roleId} staff file`).toBe(fileAllowed ? 200 : 403);
      if (roleId !== Role.User)
        for (const [method, url] of investorRoutes)
          expect((await client.request({ method: method as 'GET', url, payload: { version: 1 } })).statusCode, `${roleId} ${url}`).toBe(
            403,
          );
    }
    // Settings are Super Admin's and Support's; the Investment Manager reads an investor's onboarding documents.
    expect(ROLE_IDS.filter((r) => can(r, 'settings_investor_type', 'update'))).toEqual([Role.SuperAdmin, Role.Support]);
    expect(ROLE_IDS.filter((r) => can(r, 'onboarding_documents', 'index')).sort()).toEqual(
      [Role.SuperAdmin, Role.Support, Role.InvestmentManager].sort(),
    );
  });
});

describe('settings', () => {
  it('refuses a document without title or PDF, with the field at fault, and stores nothing', async () => {
    const before = await t.db.select().from(signUpDocuments);
    const cases: Array<[FormData, string]> = [
      [uploadForm({ title: '' }, { data: PDF('x'), filename: 'a.pdf' }), 'title'],
      [uploadForm({ title: 'No file' }), 'file'],
      [uploadForm({ title: 'Picture' }, { data: PNG, filename: 'a.pdf' }), 'file'],
      [uploadForm({ title: 'Text' }, { data: 'hello', filename: 'a.txt' }), 'file'],
      [uploadForm({ title: 'Audience', audience: 'wealthy' }, { data: PDF('x'), filename: 'a.pdf' }), 'audience.0'],
      [uploadForm({ title: 'Flag', requires_acceptance: 'maybe' }, { data: PDF('x'), filename: 'a.pdf' }), 'requires_acceptance'],
    ];
    for (const [form, field] of cases) {
      const response = await admin.client.post('/api/sign-up-documents', form);
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect(await t.db.select().from(signUpDocuments)).toHaveLength(before.length);
    expect((await admin.client.get('/api/sign-up-documents/999999')).statusCode).toBe(404);
  });

  it('lists live documents in order, reorders them, archives and restores, each recorded', async () => {
    const a = await upload({ title: 'Alpha' });
    const b = await upload({ title: 'Beta', requires_acceptance: 'false', audience: 'high_net_worth,professional' });
    expect(b.position).toBe(a.position + 1);
    const listed = (await admin.client.get('/api/sign-up-documents')).json().data;
    expect(listed.slice(0, 2).map((d: { title: string }) => d.title)).toEqual(['Alpha', 'Beta']);
    expect(listed[1]).toMatchObject({ requires_acceptance: false, audience: ['high_net_worth', 'professional'], version: 1 });
    expect(listed[1].versions).toEqual([expect.objectContaining({ version: 1, original_filename: 'Client agreement.pdf' })]);
    expect(listed[1].versions[0].uploaded_by).toMatchObject({ id: admin.user.id });

    const put = (ids: number[]) => admin.client.request({ method: 'PUT', url: '/api/sign-up-documents/order', payload: { ids } });
    expect((await put([b.id])).statusCode).toBe(422);
    expect((await put([b.id, a.id, a.id])).statusCode).toBe(422);
    const reordered = await put([b.id, a.id]);
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(
      reordered
        .json()
        .data.slice(0, 2)
        .map((d: { title: string }) => d.title),
    ).toEqual(['Beta', 'Alpha']);

    const archived = await admin.client.post(`/api/sign-up-documents/${b.id}/archive`);
    expect(archived.json().data.archived_at).not.toBeNull();
    const after = (await admin.client.get('/api/sign-up-documents')).json().data;
    expect(after[0].title).toBe('Alpha');
    expect(after.at(-1).title).toBe('Beta');
    const restored = await admin.client.post(`/api/sign-up-documents/${b.id}/restore`);
    // Restored last: after Alpha, which the reorder put second.
    expect(restored.json().data).toMatchObject({ archived_at: null, position: 2 });
    const logged = await t.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'sign_up_document'), eq(activityLog.subjectId, String(b.id))));
    expect(logged.map((l) => l.action)).toEqual(['created', 'archived', 'restored']);
  });

  it('serves each version of the file to staff, inert', async () => {
    const doc = await upload();
    await admin.client.patch(`/api/sign-up-documents/${doc.id}`, uploadForm({}, { data: PDF('v2'), filename: 'Agreement 2.pdf' }));
    const first = await admin.client.get(`/api/sign-up-documents/${doc.id}/file?version=1`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-security-policy']).toBe('sandbox');
    expect(first.body).toContain('v1');
    expect((await admin.client.get(`/api/sign-up-documents/${doc.id}/file`)).body).toContain('v2');
    expect((await admin.client.get(`/api/sign-up-documents/${doc.id}/file?version=3`)).statusCode).toBe(404);
    expect((await admin.client.get(`/api/sign-up-documents/${doc.id}/file?version=x`)).statusCode).toBe(400);
  });
});

describe('the sign-up documents gate', () => {
  it('stops promotions until the investor accepts the current version, recorded once with where it came from', async () => {
    const doc = await upload();
    const { user, client } = await investor();
    const opportunity = await createOpportunityRow(t);
    expect(await mine(client)).toEqual([
      expect.objectContaining({ id: doc.id, state: 'outstanding', version: 1, accepted_version: null, requires_acceptance: true }),
    ]);
    expect(await gate(client)).toBe('sign_up_documents');
    const blocked = await client.get(`/api/investment-opportunities/${opportunity.slug}`);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('sign_up_documents');

    const file = await client.get(`/api/my/sign-up-documents/${doc.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('v1');

    expect((await accept(client, doc.id, 2)).statusCode).toBe(422);
    expect(Object.keys((await accept(client, doc.id, 2)).json().errors)).toEqual(['version']);
    expect((await client.post(`/api/my/sign-up-documents/${doc.id}/accept`, {})).statusCode).toBe(422);
    const accepted = await client.request({
      method: 'POST',
      url: `/api/my/sign-up-documents/${doc.id}/accept`,
      payload: { version: 1 },
      headers: { 'user-agent': 'Journey Browser/1.0' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ state: 'accepted', accepted_version: 1 });
    const again = await accept(client, doc.id, 1);
    expect(again.json().data.accepted_at).toBe(accepted.json().data.accepted_at);
    const rows = await t.db.select().from(signUpDocumentAcceptances).where(eq(signUpDocumentAcceptances.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'accepted', version: 1, titleShown: 'Client agreement', userAgent: 'Journey Browser/1.0' });
    expect(rows[0].ip).toBeTruthy();
    expect(rows[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'sign_up_document_accepted'), eq(activityLog.subjectId, String(user.id))));
    expect(logged).toHaveLength(1);
    expect(await gate(client)).toBeNull();
    expect((await client.get(`/api/investment-opportunities/${opportunity.slug}`)).statusCode).toBe(200);
  });

  it('opens again when staff replace the file; the older version stays readable to the investor who accepted it', async () => {
    const doc = await upload();
    const { client, user } = await investor();
    await accept(client, doc.id, 1);
    const stranger = await investor();
    const replaced = await admin.client.patch(
      `/api/sign-up-documents/${doc.id}`,
      uploadForm({ title: 'Client agreement 2026' }, { data: PDF('v2'), filename: 'Agreement 2026.pdf' }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ version: 2, title: 'Client agreement 2026', acceptances_of_current_version: 0 });
    expect(replaced.json().data.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);

    expect(await mine(client)).toEqual([expect.objectContaining({ state: 'outstanding', version: 2, accepted_version: 1 })]);
    expect(await gate(client)).toBe('sign_up_documents');
    expect((await client.get(`/api/my/sign-up-documents/${doc.id}/file?version=1`)).body).toContain('v1');
    expect((await client.get(`/api/my/sign-up-documents/${doc.id}/file`)).body).toContain('v2');
    expect((await stranger.client.get(`/api/my/sign-up-documents/${doc.id}/file?version=1`)).statusCode).toBe(404);
    // Staff see the registration document as the investor accepted it: that version's file, not the new one.
    const staffView = (await admin.client.get(`/api/users/${user.id}/onboarding-documents`)).json().data[0];
    expect(staffView).toMatchObject({
      version: 2,
      accepted_version: 1,
      download_url: `/api/sign-up-documents/${doc.id}/file?version=2`,
      accepted_download_url: `/api/sign-up-documents/${doc.id}/file?version=1`,
    });
    expect((await admin.client.get(staffView.accepted_download_url)).body).toContain('v1');
    expect((await accept(client, doc.id, 1)).statusCode).toBe(422);
    expect((await accept(client, doc.id, 2)).json().data).toMatchObject({ state: 'accepted', accepted_version: 2 });
    expect(await gate(client)).toBeNull();

    // Changing only the details keeps the version and the acceptance.
    const renamed = await admin.client.patch(`/api/sign-up-documents/${doc.id}`, { title: 'Client agreement (2026)' });
    expect(renamed.json().data.version).toBe(2);
    expect(await gate(client)).toBeNull();
    expect(
      (await admin.client.patch(`/api/sign-up-documents/${doc.id}`, uploadForm({}, { data: PNG, filename: 'x.png' }))).statusCode,
    ).toBe(422);
  });

  it('does not stop anyone for a document that asks only to be read; opening it and confirming records the reading', async () => {
    const doc = await upload({ title: 'Privacy notice', requires_acceptance: 'false' });
    const { user, client } = await investor();
    expect(await mine(client)).toEqual([expect.objectContaining({ state: 'unread' })]);
    expect(await gate(client)).toBeNull();
    expect((await accept(client, doc.id, 1)).json().data.state).toBe('read');
    // Asking for acceptance afterwards: the reading does not stand for it.
    await admin.client.patch(`/api/sign-up-documents/${doc.id}`, { requires_acceptance: true });
    expect(await mine(client)).toEqual([expect.objectContaining({ state: 'outstanding' })]);
    expect((await accept(client, doc.id, 1)).json().data.state).toBe('accepted');
    const kinds = await t.db
      .select({ kind: signUpDocumentAcceptances.kind })
      .from(signUpDocumentAcceptances)
      .where(eq(signUpDocumentAcceptances.userId, user.id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['accepted', 'read']);
  });

  it('asks a document of the categories it names only; an archived one stays with those who accepted it', async () => {
    const forHnw = await upload({ title: 'HNW statement', audience: JSON.stringify(['high_net_worth']) });
    const hnw = await investor({ investorCategory: 'high_net_worth' });
    const restricted = await investor({ investorCategory: 'restricted' });
    expect(await mine(restricted.client)).toEqual([]);
    expect(await gate(restricted.client)).toBeNull();
    expect(await gate(hnw.client)).toBe('sign_up_documents');
    expect((await accept(restricted.client, forHnw.id, 1)).statusCode).toBe(404);
    await accept(hnw.client, forHnw.id, 1);

    await admin.client.post(`/api/sign-up-documents/${forHnw.id}/archive`);
    expect(await mine(hnw.client)).toEqual([expect.objectContaining({ id: forHnw.id, state: 'archived', accepted_version: 1 })]);
    expect((await hnw.client.get(`/api/my/sign-up-documents/${forHnw.id}/file`)).statusCode).toBe(200);
    expect((await accept(hnw.client, forHnw.id, 1)).statusCode).toBe(404);
    const newcomer = await investor({ investorCategory: 'high_net_worth' });
    expect(await mine(newcomer.client)).toEqual([]);
    expect((await newcomer.client.get(`/api/my/sign-up-documents/${forHnw.id}/file`)).statusCode).toBe(404);
  });
});

describe('where an investor stands', () => {
  it('is the onboardingDocuments include of the user, and staff see it with where each acceptance came from', async () => {
    const doc = await upload({ title: 'Terms of business' });
    const optional = await upload({ title: 'Fees', requires_acceptance: '0' });
    const { user, client } = await investor();
    await accept(client, doc.id, 1);

    const me = await client.get('/api/user?include=onboardingDocuments');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.onboarding_documents).toEqual([
      expect.objectContaining({ id: doc.id, title: 'Terms of business', state: 'accepted', accepted_version: 1 }),
      expect.objectContaining({
        id: optional.id,
        state: 'unread',
        accepted_at: null,
        download_url: `/api/my/sign-up-documents/${optional.id}/file?version=1`,
      }),
    ]);
    expect((await admin.client.get('/api/user?include=onboardingDocuments')).json().data.onboarding_documents).toEqual([]);
    expect((await client.get('/api/user')).json().data.onboarding_documents).toBeUndefined();

    const manager = await signedIn(t, Role.InvestmentManager);
    const staffView = await manager.client.get(`/api/users/${user.id}/onboarding-documents`);
    expect(staffView.statusCode).toBe(200);
    expect(staffView.json().data[0]).toMatchObject({
      id: doc.id,
      state: 'accepted',
      download_url: `/api/sign-up-documents/${doc.id}/file?version=1`,
    });
    expect(staffView.json().data[0].ip).toBeTruthy();
    expect(staffView.json().data[1]).toMatchObject({ state: 'unread', ip: null, accepted_download_url: null });
    expect((await manager.client.get(`/api/users/${manager.user.id}/onboarding-documents`)).statusCode).toBe(404);
    expect((await manager.client.get(`/api/sign-up-documents/${doc.id}/file`)).statusCode).toBe(200);
  });

  it('goes into the evidence pack with the files read', async () => {
    const doc = await upload({ title: 'Investor declaration' });
    const { user, client } = await investor();
    await accept(client, doc.id, 1);
    const pack = await admin.client.get(`/api/users/${user.id}/evidence-pack`);
    expect(pack.statusCode).toBe(200);
    const text = (await pdfPagesText(pack.rawPayload)).join(' ');
    expect(text).toContain('Sign-up documents');
    expect(text).toContain('Investor declaration (v1)');
  });
});
