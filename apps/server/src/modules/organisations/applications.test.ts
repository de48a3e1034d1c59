import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, documents, folders, investments, notifications, organisations, organisationUsers } from '../../db/schema';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createOrganisationFor } from '../../test/investments';
import { createInvestmentRow, createOpportunityRow, setFlags } from '../../test/opportunities';
import { uploadForm } from '../../test/uploads';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  const doc = await PDFDocument.create();
  doc.addPage();
  pdf = Buffer.from(await doc.save());
});
afterAll(() => t.close());
beforeEach(() => setFlags(t, { organisation_links_enabled: true }));

type Client = typeof admin.client;
const errorFields = (response: { json: () => { errors?: object } }) => Object.keys(response.json().errors ?? {});
const certificate = () => ({ data: pdf, filename: 'certificate.pdf', type: 'application/pdf' });
const apply = (client: Client, fields: Record<string, string>, file: ReturnType<typeof certificate> | null = certificate()) =>
  client.post('/api/my/organisation-applications', uploadForm(fields, file ?? undefined));
const notificationsOf = (userId: number) => t.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('an investor applies to act for an organisation', () => {
  it('files the application with its document privately on their record; they see only their own', async () => {
    const investor = await signedIn(t, Role.User);
    const other = await signedIn(t, Role.User);
    const response = await apply(investor.client, {
      name: 'Hollow Oak Ltd',
      type: 'company',
      company_number: '01234567',
      role: 'director',
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      name: 'Hollow Oak Ltd',
      type: 'company',
      company_number: '01234567',
      role: 'director',
      role_label: 'Director',
      status: 'pending',
      status_label: 'Pending',
    });
    await apply(other.client, { name: 'Other Ltd', type: 'company', role: 'director' });

    const mine = (await investor.client.get('/api/my/organisation-applications')).json().data;
    expect(mine.map((a: { name: string }) => a.name)).toEqual(['Hollow Oak Ltd']);
    const [document] = await t.db
      .select({ name: documents.name, visibility: documents.visibility, folder: folders.name })
      .from(documents)
      .innerJoin(folders, eq(folders.id, documents.folderId))
      .where(and(eq(documents.subjectType, 'investor'), eq(documents.subjectId, investor.user.id)));
    expect(document).toEqual({ name: 'Hollow Oak Ltd — supporting document', visibility: 'private', folder: 'Organisation applications' });
  });

  it('answers 422 on the field at fault, a missing or unsafe document included, and for a second pending application', async () => {
    const investor = await signedIn(t, Role.User);
    const base = { name: 'Field Co', type: 'company', role: 'director' };
    expect(errorFields(await apply(investor.client, { type: 'company', role: 'director' }))).toEqual(['name']);
    expect(errorFields(await apply(investor.client, { ...base, type: 'club' }))).toEqual(['type']);
    expect(errorFields(await apply(investor.client, { ...base, role: 'king' }))).toEqual(['role']);
    expect(errorFields(await apply(investor.client, base, null))).toEqual(['file']);
    expect(
      errorFields(
        await apply(investor.client, base, { data: Buffer.from('<html><script>1</script></html>'), filename: 'x.html', type: 'text/html' }),
      ),
    ).toEqual(['file']);
    expect((await apply(investor.client, base)).statusCode).toBe(201);
    expect(errorFields(await apply(investor.client, base))).toEqual(['name']);
  });

  it('is not there with organisation links off (404), nor for staff (403) or visitors (401)', async () => {
    const investor = await signedIn(t, Role.User);
    await setFlags(t, { organisation_links_enabled: false });
    expect((await investor.client.get('/api/my/organisation-applications')).statusCode).toBe(404);
    expect((await apply(investor.client, { name: 'Off Ltd', type: 'company', role: 'director' })).statusCode).toBe(404);
    expect((await admin.client.get('/api/organisation-applications')).statusCode).toBe(404);
    await setFlags(t, { organisation_links_enabled: true });
    expect((await admin.client.get('/api/my/organisation-applications')).statusCode).toBe(403);
    expect((await agent(t.app).get('/api/my/organisation-applications')).statusCode).toBe(401);
    expect((await agent(t.app).get('/api/my/organisations')).statusCode).toBe(401);
  });
});

describe('staff decide applications', () => {
  it('approving creates the organisation, links the applicant in the role asked, notifies them; they then see it', async () => {
    const investor = await signedIn(t, Role.User, { name: 'Applicant Amy' });
    const { data: application } = (
      await apply(investor.client, { name: 'Brand New Ltd', type: 'company', company_number: 'BN-1', role: 'authorised_signatory' })
    ).json();

    const listed = (await admin.client.get('/api/organisation-applications?filter[status]=pending&filter[search]=Brand')).json();
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: application.id,
        user: expect.objectContaining({ name: 'Applicant Amy' }),
        document: expect.objectContaining({ download_url: expect.stringMatching(/^\/api\/documents\/\d+\/download$/) }),
      }),
    ]);
    const download = await admin.client.get(listed.data[0].document.download_url);
    expect(download.statusCode).toBe(200);

    const approved = await admin.client.post(`/api/organisation-applications/${application.id}/approve`, {});
    expect(approved.statusCode).toBe(200);
    const decided = approved.json().data;
    expect(decided).toMatchObject({ status: 'approved', decided_by: { id: admin.user.id }, organisation: { name: 'Brand New Ltd' } });
    const [link] = await t.db.select().from(organisationUsers).where(eq(organisationUsers.organisationId, decided.organisation_id));
    expect(link).toMatchObject({ userId: investor.user.id, role: 'authorised_signatory' });
    const [note] = await notificationsOf(investor.user.id);
    expect(note.data).toMatchObject({ icon: 'organisation_application', cta: `/investor/profile/organisation_${decided.organisation_id}` });
    expect((note.data as { message: string }).message).toContain('Brand New Ltd');

    const mine = (await investor.client.get('/api/my/organisations')).json().data;
    expect(mine).toEqual([
      expect.objectContaining({
        id: decided.organisation_id,
        name: 'Brand New Ltd',
        my_role: 'authorised_signatory',
        my_role_label: 'Authorised signatory',
      }),
    ]);
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subjectId, String(decided.organisation_id)));
    expect(logs.filter((l) => l.subjectType === 'organisation').map((l) => l.action)).toEqual(['created', 'user_linked']);
    // A decision is final.
    expect(
      (await admin.client.post(`/api/organisation-applications/${application.id}/reject`, { reason: 'Changed my mind' })).statusCode,
    ).toBe(409);
    expect((await admin.client.post(`/api/organisation-applications/${application.id}/approve`, {})).statusCode).toBe(409);
  });

  it('approving links to the organisation on file with the same company number, or to the one staff choose, in the role staff choose', async () => {
    const existing = await createOrganisationFor(t, null, 'Existing Holdings');
    await t.db.update(organisations).set({ companyNumber: 'sc 555' }).where(eq(organisations.id, existing.id));
    const investor = await signedIn(t, Role.User);
    const byNumber = (
      await apply(investor.client, { name: 'Existing Holdings Limited', type: 'company', company_number: 'SC555', role: 'director' })
    ).json().data;
    const approved = (await admin.client.post(`/api/organisation-applications/${byNumber.id}/approve`, {})).json().data;
    expect(approved.organisation_id).toBe(existing.id);

    const chosen = await createOrganisationFor(t, null, 'Chosen Trust');
    const second = (await apply(investor.client, { name: 'Typo Trust', type: 'trust', role: 'trustee' })).json().data;
    expect(
      errorFields(await admin.client.post(`/api/organisation-applications/${second.id}/approve`, { organisation_id: 999999 })),
    ).toEqual(['organisation_id']);
    expect(errorFields(await admin.client.post(`/api/organisation-applications/${second.id}/approve`, { role: 'pharaoh' }))).toEqual([
      'role',
    ]);
    const linked = (
      await admin.client.post(`/api/organisation-applications/${second.id}/approve`, {
        organisation_id: chosen.id,
        role: 'beneficial_owner',
      })
    ).json().data;
    expect(linked).toMatchObject({ organisation_id: chosen.id, role: 'beneficial_owner' });
    expect(
      (await investor.client.get('/api/my/organisations')).json().data.map((o: { name: string; my_role: string }) => [o.name, o.my_role]),
    ).toEqual([
      ['Chosen Trust', 'beneficial_owner'],
      ['Existing Holdings', 'director'],
    ]);
  });

  it('rejecting needs a reason, which the investor is told', async () => {
    const investor = await signedIn(t, Role.User);
    const application = (await apply(investor.client, { name: 'Shady <b>Ltd</b>', type: 'company', role: 'director' })).json().data;
    expect(errorFields(await admin.client.post(`/api/organisation-applications/${application.id}/reject`, {}))).toEqual(['reason']);
    const rejected = await admin.client.post(`/api/organisation-applications/${application.id}/reject`, {
      reason: 'The certificate does not name you.',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'The certificate does not name you.' });
    const [note] = await notificationsOf(investor.user.id);
    expect((note.data as { message: string }).message).toContain('The certificate does not name you.');
    expect((note.data as { message: string }).message).not.toContain('<b>');
    expect((await investor.client.get('/api/my/organisation-applications')).json().data[0]).toMatchObject({
      status: 'rejected',
      reason: 'The certificate does not name you.',
    });
    expect((await investor.client.get('/api/my/organisations')).json().data).toEqual([]);
    expect((await admin.client.post('/api/organisation-applications/999999/reject', { reason: 'x' })).statusCode).toBe(404);
  });

  it.each([['filter[status]=maybe'], ['sort=secret'], ['filter[colour]=red']])('answers 400 for %s', async (query) => {
    expect((await admin.client.get(`/api/organisation-applications?${query}`)).statusCode).toBe(400);
  });

  it('answers 401, 403 per role walking can(), and 404 with the feature off', async () => {
    const investor = await signedIn(t, Role.User);
    expect((await agent(t.app).get('/api/organisation-applications')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS.filter((r) => r !== Role.User)) {
      const { client } = await signedIn(t, roleId);
      const application = (await apply(investor.client, { name: `Role ${roleId} Ltd`, type: 'company', role: 'director' })).json().data;
      const status = {
        index: (await client.get('/api/organisation-applications')).statusCode,
        show: (await client.get(`/api/organisation-applications/${application.id}`)).statusCode,
        reject: (await client.post(`/api/organisation-applications/${application.id}/reject`, { reason: 'No' })).statusCode,
      };
      const expected = (action: 'index' | 'show' | 'update') => (can(roleId, 'investors', action) ? 200 : 403);
      expect({ roleId, ...status }).toEqual({ roleId, index: expected('index'), show: expected('show'), reject: expected('update') });
    }
    expect((await investor.client.get('/api/organisation-applications')).statusCode).toBe(403);
  });
});

describe("the investor's organisations", () => {
  it('shows one of their organisations with their investments through it; anyone else gets 404', async () => {
    const investor = await signedIn(t, Role.User);
    const partner = await signedIn(t, Role.User);
    const org = await createOrganisationFor(t, investor.user.id, 'Shared Ventures');
    await t.db.insert(organisationUsers).values({ organisationId: org.id, userId: partner.user.id, role: 'director' });
    const opportunity = await createOpportunityRow(t, { name: 'Seed Round' });
    const mineViaOrg = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount: '5000.00' });
    const partnersViaOrg = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: partner.user.id, amount: '7000.00' });
    for (const row of [mineViaOrg, partnersViaOrg])
      await t.db
        .update(investments)
        .set({ holderType: 'organisation', organisationId: org.id, type: 'org' })
        .where(eq(investments.id, row.id));

    const response = await investor.client.get(`/api/my/organisations/${org.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Shared Ventures',
      my_role: 'director',
      investments: [{ id: mineViaOrg.id, opportunity: 'Seed Round', amount: '5000.00' }],
    });
    expect(response.json().data.investments).toHaveLength(1);

    const stranger = await signedIn(t, Role.User);
    expect((await stranger.client.get(`/api/my/organisations/${org.id}`)).statusCode).toBe(404);
    await t.db.update(organisations).set({ deletedAt: new Date() }).where(eq(organisations.id, org.id));
    expect((await investor.client.get(`/api/my/organisations/${org.id}`)).statusCode).toBe(404);
    expect((await admin.client.get(`/api/my/organisations/${org.id}`)).statusCode).toBe(403);
  });
});

it('a staff member may not link a staff account through an application either: only investors apply', async () => {
  const staff = await createUser(t.ctx, { roleId: Role.Support });
  const client = agent(t.app);
  await client.login(staff.email);
  expect((await apply(client, { name: 'Staff Ltd', type: 'company', role: 'director' })).statusCode).toBe(403);
});

describe("an organisation's documents in the portal", () => {
  it('shows its public documents to the people who act for it, and lets them download; private ones and strangers get nothing', async () => {
    const investor = await signedIn(t, Role.User);
    const stranger = await signedIn(t, Role.User);
    const org = await createOrganisationFor(t, investor.user.id, 'Documented Ltd');
    const upload = (name: string, visibility: string) =>
      admin.client.post(
        '/api/documents',
        uploadForm(
          { subject_type: 'organisation', subject_id: org.id, name, visibility },
          { data: pdf, filename: `${name}.pdf`, type: 'application/pdf' },
        ),
      );
    const shared = (await upload('Articles of association', 'public')).json().data;
    const internal = (await upload('KYC notes', 'private')).json().data;

    const listed = (await investor.client.get(`/api/my/organisations/${org.id}/documents`)).json().data;
    expect(listed.map((d: { name: string }) => d.name)).toEqual(['Articles of association']);
    expect((await investor.client.get(listed[0].download_url)).statusCode).toBe(200);
    expect((await investor.client.get(`/api/my/documents/${internal.id}/download`)).statusCode).toBe(404);
    expect((await stranger.client.get(`/api/my/organisations/${org.id}/documents`)).statusCode).toBe(404);
    expect((await stranger.client.get(`/api/my/documents/${shared.id}/download`)).statusCode).toBe(404);
  });
});
