import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { Role } from '@platform/domain';
import { investments, nominees } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow, setFlags } from '../../test/opportunities';
import { uploadForm } from '../../test/uploads';

const clock = fixedClock(new Date('2026-11-20T09:00:00Z'));
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
  await setFlags(t, { tax_enabled: true, nominee_enabled: true });
  const doc = await PDFDocument.create();
  doc.addPage().drawText('EIS3 compliance certificate');
  pdf = Buffer.from(await doc.save());
});
afterAll(() => t.close());

type Holder = Awaited<ReturnType<typeof signedIn>>;

async function hold(opportunityId: number, userId: number, shares: string, extra: Partial<typeof investments.$inferInsert> = {}) {
  const row = await createInvestmentRow(t, { opportunityId, userId, amount: `${shares}.00`, status: 'completed' });
  await t.db
    .update(investments)
    .set({ shares: `${shares}.000000`, sharePrice: '1.000000', paidAt: new Date('2024-06-15T12:00:00Z'), ...extra })
    .where(eq(investments.id, row.id));
  return row;
}

/**
 * A completed company with an EIS share issue on 2024-06-15: Ann holds 1,000 shares personally,
 * Ben 2,000 through a nominee; both claim EIS on that issue. Cy holds 500 with no relief recorded.
 */
async function company() {
  const opportunity = await createOpportunityRow(t, { status: 5, sharePrice: '1.000000' });
  const ann = await signedIn(t, Role.User, { name: 'Ann Able' });
  const ben = await signedIn(t, Role.User, { name: 'Ben Baker' });
  const cy = await signedIn(t, Role.User, { name: 'Cy Cole' });
  const issue = (
    await admin.client.post('/api/share-issues', {
      opportunity_id: opportunity.id,
      issued_on: '2024-06-15',
      share_class: 'Ordinary',
      price_per_share: '1.00',
      scheme: 'eis',
    })
  ).json().data;
  const [nominee] = await t.db.insert(nominees).values({ name: 'Crest Nominees Ltd' }).returning();
  const annHolding = await hold(opportunity.id, ann.user.id, '1000');
  const benHolding = await hold(opportunity.id, ben.user.id, '2000', { holderType: 'nominee', nomineeId: nominee.id });
  await hold(opportunity.id, cy.user.id, '500');
  for (const row of [annHolding, benHolding])
    expect(
      (await admin.client.patch(`/api/investments/${row.id}/tax-relief`, { relief: 'eis', share_issue_id: issue.id })).statusCode,
    ).toBe(200);
  return { opportunity, issue, ann, ben, cy, annHolding };
}

const uploadCertificate = (issueId: number, holder: Holder, file = { data: pdf, filename: 'eis3.pdf', type: 'application/pdf' }) =>
  admin.client.post(
    `/api/share-issues/${issueId}/certificates`,
    uploadForm({ user_id: holder.user.id, certificate_reference: 'UIR-123' }, file),
  );

describe('share issues and compliance statements', () => {
  it('lists each issue with its scheme, holding period and beneficial owners — the investor behind a nominee', async () => {
    const { opportunity, issue, ann, ben } = await company();
    expect(issue).toMatchObject({
      scheme: 'eis',
      scheme_label: 'EIS',
      statement_form: 'EIS1',
      certificate_form: 'EIS3',
      statement_status: 'not_submitted',
      price_per_share: '1.000000',
      holding_period_ends_on: '2027-06-15',
    });
    const [listed] = (await admin.client.get(`/api/share-issues?filter[opportunity_id]=${opportunity.id}`)).json().data;
    expect(
      listed.owners.map((o: { user: { id: number }; held_through: string[]; shares: string }) => [o.user.id, o.held_through, o.shares]),
    ).toEqual([
      [ann.user.id, [], '1000.000000'],
      [ben.user.id, ['Crest Nominees Ltd'], '2000.000000'],
    ]);
  });

  it('records the EIS1 submission: a submitted statement needs its date; bad input is a 422', async () => {
    const { issue } = await company();
    const undated = await admin.client.patch(`/api/share-issues/${issue.id}`, { statement_status: 'submitted' });
    expect(undated.statusCode).toBe(422);
    expect(undated.json().errors.statement_submitted_on).toBeDefined();
    const submitted = await admin.client.patch(`/api/share-issues/${issue.id}`, {
      statement_status: 'authorised',
      statement_submitted_on: '2024-09-01',
      hmrc_reference: 'HMRC/EIS/42',
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data).toMatchObject({
      statement_status: 'authorised',
      statement_status_label: 'Authorised',
      statement_submitted_on: '2024-09-01',
      hmrc_reference: 'HMRC/EIS/42',
    });
    const bad = await admin.client.post('/api/share-issues', {
      opportunity_id: issue.opportunity_id,
      issued_on: 'soon',
      share_class: '',
      price_per_share: '-1',
      scheme: 'isa',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['issued_on', 'price_per_share', 'scheme', 'share_class']);
  });

  it('takes an investment’s share issue only from its own company', async () => {
    const { annHolding } = await company();
    const other = await company();
    const wrong = await admin.client.patch(`/api/investments/${annHolding.id}/tax-relief`, { share_issue_id: other.issue.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.share_issue_id).toBeDefined();
  });
});

describe('EIS3 certificates', () => {
  it('files the PDF for a beneficial owner, who alone downloads it from their holding — also through a nominee', async () => {
    const { opportunity, issue, ann, ben, cy } = await company();
    const uploaded = await uploadCertificate(issue.id, ben);
    expect(uploaded.statusCode).toBe(201);
    const certificate = uploaded.json().data;
    expect(certificate).toMatchObject({ form: 'EIS3', user_id: ben.user.id, certificate_reference: 'UIR-123' });

    const relief = (await ben.client.get(`/api/my/portfolio/${opportunity.id}/tax-relief`)).json().data;
    expect(relief.certificates.map((c: { id: number }) => c.id)).toEqual([certificate.id]);
    const download = await ben.client.get(relief.certificates[0].download_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(download.rawPayload).equals(pdf)).toBe(true);

    expect((await ann.client.get(`/api/my/tax-certificates/${certificate.id}/download`)).statusCode).toBe(404);
    expect((await ann.client.get(`/api/my/portfolio/${opportunity.id}/tax-relief`)).json().data.certificates).toEqual([]);
    expect((await admin.client.get(`/api/tax-certificates/${certificate.id}/download`)).statusCode).toBe(200);
    const [listed] = (await admin.client.get(`/api/share-issues?filter[opportunity_id]=${opportunity.id}`)).json().data;
    expect(listed.owners.find((o: { user: { id: number } }) => o.user.id === ben.user.id).certificate.id).toBe(certificate.id);

    // Only an owner of the issue's shares, and only a PDF.
    expect((await uploadCertificate(issue.id, cy)).json().errors.user_id).toBeDefined();
    const notPdf = await uploadCertificate(issue.id, ann, { data: Buffer.from('hello'), filename: 'eis3.txt', type: 'text/plain' });
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors.file).toBeDefined();
  });

  it('replaces an owner’s certificate with a new upload', async () => {
    const { opportunity, issue, ann } = await company();
    const first = (await uploadCertificate(issue.id, ann)).json().data;
    const second = (await uploadCertificate(issue.id, ann)).json().data;
    expect((await ann.client.get(`/api/my/tax-certificates/${first.id}/download`)).statusCode).toBe(404);
    const relief = (await ann.client.get(`/api/my/portfolio/${opportunity.id}/tax-relief`)).json().data;
    expect(relief.certificates.map((c: { id: number }) => c.id)).toEqual([second.id]);
  });
});

describe('the relief holding clock', () => {
  it('runs three years from the share issue on each investment claiming relief', async () => {
    const { opportunity, ann, cy } = await company();
    const relief = (await ann.client.get(`/api/my/portfolio/${opportunity.id}/tax-relief`)).json().data;
    expect(relief.lines).toHaveLength(1);
    expect(relief.lines[0]).toMatchObject({
      relief: 'eis',
      relief_label: 'EIS',
      share_issue: { issued_on: '2024-06-15', share_class: 'Ordinary' },
      clock: { starts_on: '2024-06-15', ends_on: '2027-06-15', running: true, days_left: 207 },
    });
    expect((await cy.client.get(`/api/my/portfolio/${opportunity.id}/tax-relief`)).json().data.lines[0].clock).toBeNull();
    const stranger = await signedIn(t, Role.User);
    expect((await stranger.client.get(`/api/my/portfolio/${opportunity.id}/tax-relief`)).statusCode).toBe(404);
  });

  it('warns staff of a disposal inside the clock, and not after it or without relief', async () => {
    const { opportunity, ann, cy } = await company();
    const base = `/api/investment-opportunities/${opportunity.id}/realisations`;
    const lines = (await admin.client.get(base)).json().holders;
    const keyOf = (holder: Holder) => lines.find((l: { user: { id: number } }) => l.user.id === holder.user.id);
    expect(keyOf(ann).relief_ends_on).toBe('2027-06-15');
    expect(keyOf(cy).relief_ends_on).toBeNull();

    const sale = (holder: Holder, date: string) =>
      admin.client.post(base, { holder_key: keyOf(holder).key, date, shares: '10', proceeds: '20.00' });
    const inside = await sale(ann, '2026-11-01');
    expect(inside.statusCode).toBe(201);
    expect(inside.json().warnings).toEqual([
      'These shares carry EIS relief and are inside the 3-year holding period (until 2027-06-15): disposing of them now may withdraw the relief.',
    ]);
    expect((await sale(cy, '2026-11-01')).json().warnings).toEqual([]);
    await setFlags(t, { tax_enabled: false });
    try {
      expect((await sale(ann, '2026-11-02')).json().warnings).toEqual([]);
    } finally {
      await setFlags(t, { tax_enabled: true });
    }
  });
});

describe('access', () => {
  it('answers 404 on every tax route while tax relief is off', async () => {
    const { opportunity, issue, ann, annHolding } = await company();
    await setFlags(t, { tax_enabled: false });
    try {
      expect((await admin.client.get('/api/tax-options')).statusCode).toBe(404);
      expect((await admin.client.get(`/api/share-issues?filter[opportunity_id]=${opportunity.id}`)).statusCode).toBe(404);
      expect((await admin.client.patch(`/api/share-issues/${issue.id}`, { share_class: 'A' })).statusCode).toBe(404);
      expect((await admin.client.patch(`/api/investments/${annHolding.id}/tax-relief`, { relief: 'seis' })).statusCode).toBe(404);
      expect((await uploadCertificate(issue.id, ann)).statusCode).toBe(404);
      expect((await ann.client.get(`/api/my/portfolio/${opportunity.id}/tax-relief`)).statusCode).toBe(404);
      expect((await ann.client.get('/api/tax-options')).statusCode).toBe(404);
    } finally {
      await setFlags(t, { tax_enabled: true });
    }
  });

  it('answers 401 signed out and 403 to investors and roles without the permission on staff routes', async () => {
    const { opportunity, issue, ann } = await company();
    const custodian = await signedIn(t, Role.Custodian);
    const anonymous = agent(t.app);
    expect((await anonymous.get(`/api/share-issues?filter[opportunity_id]=${opportunity.id}`)).statusCode).toBe(401);
    expect((await anonymous.get(`/api/my/portfolio/${opportunity.id}/tax-relief`)).statusCode).toBe(401);
    expect((await ann.client.get(`/api/share-issues?filter[opportunity_id]=${opportunity.id}`)).statusCode).toBe(403);
    expect((await ann.client.patch(`/api/share-issues/${issue.id}`, { share_class: 'A' })).statusCode).toBe(403);
    expect((await admin.client.get(`/api/my/portfolio/${opportunity.id}/tax-relief`)).statusCode).toBe(403);
    const options = await custodian.client.get('/api/tax-options');
    expect(options.statusCode).toBe(200);
    expect(options.json().data.map((o: { label: string }) => o.label)).toEqual(['EIS', 'SEIS', 'VCT', 'No relief']);
  });
});
