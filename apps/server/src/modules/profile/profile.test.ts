import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { IDENTITY_FOLDER, Role } from '@platform/domain';
import { activityLog, documents, folders } from '../../db/schema';
import { agent, createTestApp, reloadUser, signedIn, type TestApp } from '../../test/harness';
import { uploadForm } from '../../test/uploads';

let t: TestApp;
let pdf: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Passport');
  pdf = Buffer.from(await doc.save());
});
afterAll(() => t.close());

const passport = () => uploadForm({ name: 'Passport' }, { data: pdf, filename: 'passport.pdf', type: 'application/pdf' });

describe('personal details', () => {
  it('an investor keeps their own details, cleared with an empty field, and staff see them', async () => {
    const investor = await signedIn(t, Role.User);
    const saved = await investor.client.patch(`/api/users/${investor.user.id}`, {
      phone: '+44 20 7946 0000',
      address_line1: '1 High Street',
      city: 'Leeds',
      postcode: 'LS1 1AA',
      country: 'United Kingdom',
      date_of_birth: '1980-02-29',
      nationality: 'British',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      phone: '+44 20 7946 0000',
      city: 'Leeds',
      date_of_birth: '1980-02-29',
      kyc_status: 'not_started',
    });
    const cleared = await investor.client.post(`/api/users/${investor.user.id}`, uploadForm({ _method: 'PATCH', city: '' }));
    expect(cleared.json().data.city).toBeNull();
    expect(cleared.json().data.postcode).toBe('LS1 1AA');
    const staff = await signedIn(t, Role.Adviser);
    expect((await staff.client.get(`/api/users/${investor.user.id}`)).json().data.phone).toBe('+44 20 7946 0000');
  });

  it('puts each invalid detail on its field', async () => {
    const investor = await signedIn(t, Role.User);
    const refused = await investor.client.patch(`/api/users/${investor.user.id}`, {
      phone: 'call me',
      date_of_birth: '2999-01-01',
      postcode: 'x'.repeat(21),
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['date_of_birth', 'phone', 'postcode']);
    expect(
      (await investor.client.patch(`/api/users/${investor.user.id}`, { date_of_birth: '1990-02-30' })).json().errors.date_of_birth,
    ).toBeDefined();
    expect((await investor.client.patch(`/api/users/${investor.user.id}`, { kyc_status: 'verified' })).statusCode).toBe(422);
  });
});

describe('identity checks', () => {
  it('files uploaded identity documents privately in one folder, marks the check submitted, and staff verify it', async () => {
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.get('/api/my/identity')).json().data).toEqual({
      kyc_status: 'not_started',
      kyc_updated_at: null,
      documents: [],
      international: false,
      missing_documents: [],
    });
    const first = await investor.client.post('/api/my/identity-documents', passport());
    expect(first.statusCode).toBe(201);
    expect(first.json().data.kyc_status).toBe('submitted');
    await investor.client.post('/api/my/identity-documents', uploadForm({}, { data: pdf, filename: 'utility-bill.pdf' }));
    const identity = (await investor.client.get('/api/my/identity')).json().data;
    expect(identity.documents.map((d: { name: string }) => d.name).sort()).toEqual(['Passport', 'utility-bill.pdf']);

    const filed = await t.db
      .select({ visibility: documents.visibility, folder: folders.name })
      .from(documents)
      .innerJoin(folders, eq(folders.id, documents.folderId))
      .where(and(eq(documents.subjectType, 'investor'), eq(documents.subjectId, investor.user.id)));
    expect(filed).toEqual([
      { visibility: 'private', folder: IDENTITY_FOLDER },
      { visibility: 'private', folder: IDENTITY_FOLDER },
    ]);
    // Private: not among the investor's portal documents.
    expect((await investor.client.get('/api/my/documents')).json().data).toEqual([]);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.subjectType, 'user'),
          eq(activityLog.subjectId, String(investor.user.id)),
          eq(activityLog.action, 'identity_submitted'),
        ),
      );
    expect(logged).toHaveLength(1);

    const staff = await signedIn(t, Role.SuperAdmin);
    const listed = await staff.client.get(`/api/documents?filter[subject_type]=investor&filter[subject_id]=${investor.user.id}`);
    expect(listed.json().meta.total).toBe(2);
    const verified = await staff.client.patch(`/api/users/${investor.user.id}`, { kyc_status: 'verified' });
    expect(verified.json().data.kyc_status).toBe('verified');
    expect((await reloadUser(t.ctx, investor.user.id)).kycUpdatedAt).not.toBeNull();
    const again = await investor.client.post('/api/my/identity-documents', passport());
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.file[0]).toMatch(/already verified/);
  });

  it('refuses HTML and a missing file on the file field, and answers 401 and 403 to anyone but an investor', async () => {
    const investor = await signedIn(t, Role.User);
    const html = await investor.client.post(
      '/api/my/identity-documents',
      uploadForm({}, { data: '<html><script>alert(1)</script></html>', filename: 'id.html', type: 'text/html' }),
    );
    expect(html.statusCode).toBe(422);
    expect(Object.keys(html.json().errors)).toEqual(['file']);
    expect((await investor.client.post('/api/my/identity-documents', uploadForm({ name: 'Nothing' }))).json().errors.file).toBeDefined();
    expect((await reloadUser(t.ctx, investor.user.id)).kycStatus).toBe('not_started');
    expect((await agent(t.app).get('/api/my/identity')).statusCode).toBe(401);
    expect((await agent(t.app).post('/api/my/identity-documents', passport())).statusCode).toBe(401);
    const staff = await signedIn(t, Role.SuperAdmin);
    expect((await staff.client.get('/api/my/identity')).statusCode).toBe(403);
    expect((await staff.client.post('/api/my/identity-documents', passport())).statusCode).toBe(403);
  });
});
