import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { Role } from '@platform/domain';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { setFlags } from '../../test/opportunities';
import { uploadForm } from '../../test/uploads';

let t: TestApp;
let pdf: Buffer;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Document');
  pdf = Buffer.from(await doc.save());
  await setFlags(t, { ca_use_intl_check: true });
});
afterAll(() => t.close());

const upload = (fields: Record<string, string>) => uploadForm(fields, { data: pdf, filename: 'document.pdf', type: 'application/pdf' });
type Client = Awaited<ReturnType<typeof signedIn>>['client'];
const identity = async (client: Client) => (await client.get('/api/my/identity')).json().data;
const verify = (id: number) => admin.client.patch(`/api/users/${id}`, { kyc_status: 'verified' });

describe('identity checks of an investor living outside the UK (enableInternationalAml)', () => {
  it('asks for a proof of address and a passport or identity card with its issuing country before verification', async () => {
    const investor = await signedIn(t, Role.User, { country: 'France' });
    expect(await identity(investor.client)).toMatchObject({
      international: true,
      missing_documents: ['proof_of_address', 'identity_document'],
    });
    const refused = await verify(investor.user.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.kyc_status[0]).toMatch(/proof of address and a passport or national identity card/);

    const noCountry = await investor.client.post('/api/my/identity-documents', upload({ name: 'Passport', kind: 'identity_document' }));
    expect(noCountry.statusCode).toBe(422);
    expect(noCountry.json().errors.issuing_country).toEqual(['Enter the country that issued the document.']);
    expect((await investor.client.post('/api/my/identity-documents', upload({ kind: 'visa' }))).json().errors.kind).toBeDefined();
    const unknownCountry = await investor.client.post(
      '/api/my/identity-documents',
      upload({ kind: 'passport', issuing_country: 'Atlantis' }),
    );
    expect(unknownCountry.statusCode).toBe(422);
    expect(unknownCountry.json().errors.issuing_country).toEqual(['Choose the issuing country from the list.']);

    // A driving licence is photo identity with its country, but not what the international checks accept.
    const licence = await investor.client.post(
      '/api/my/identity-documents',
      upload({ name: 'Permis de conduire', kind: 'driving_licence', issuing_country: 'France' }),
    );
    expect(licence.statusCode).toBe(201);
    expect(licence.json().data.missing_documents).toEqual(['proof_of_address', 'identity_document']);

    const passport = await investor.client.post(
      '/api/my/identity-documents',
      upload({ name: 'Passport', kind: 'passport', issuing_country: 'france' }),
    );
    expect(passport.statusCode).toBe(201);
    expect(passport.json().data).toMatchObject({
      kyc_status: 'submitted',
      missing_documents: ['proof_of_address'],
      documents: [
        { name: 'Passport', kind: 'passport', issuing_country: 'France' },
        { name: 'Permis de conduire', kind: 'driving_licence', issuing_country: 'France' },
      ],
    });
    expect((await verify(investor.user.id)).json().errors.kyc_status[0]).toMatch(/a proof of address\.$/);

    await investor.client.post('/api/my/identity-documents', upload({ name: 'Utility bill', kind: 'proof_of_address' }));
    expect((await identity(investor.client)).missing_documents).toEqual([]);
    const verified = await verify(investor.user.id);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.kyc_status).toBe('verified');
  });

  it('does not apply to a UK address, nor when the flag is off; staff cannot create a verified investor abroad', async () => {
    const uk = await signedIn(t, Role.User, { country: 'United Kingdom' });
    expect(await identity(uk.client)).toMatchObject({ international: false, missing_documents: [] });
    expect((await verify(uk.user.id)).statusCode).toBe(200);

    const created = await admin.client.post('/api/users', {
      name: 'Abroad',
      email: 'abroad@example.test',
      country: 'Spain',
      kyc_status: 'verified',
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.kyc_status).toBeDefined();

    await setFlags(t, { ca_use_intl_check: false });
    const abroad = await signedIn(t, Role.User, { country: 'Germany' });
    expect((await identity(abroad.client)).international).toBe(false);
    expect((await verify(abroad.user.id)).statusCode).toBe(200);
    await setFlags(t, { ca_use_intl_check: true });
  });

  it('checks the country the staff member sets in the same change', async () => {
    const moving = await signedIn(t, Role.User, { country: 'United Kingdom' });
    const refused = await admin.client.patch(`/api/users/${moving.user.id}`, { country: 'Portugal', kyc_status: 'verified' });
    expect(refused.statusCode).toBe(422);
  });

  it('takes a non-UK address from the investor, which brings the international checks', async () => {
    const investor = await signedIn(t, Role.User, { country: 'United Kingdom' });
    const moved = await investor.client.patch(`/api/users/${investor.user.id}`, {
      address_line1: '12 rue de la Paix',
      city: 'Paris',
      postcode: '75002',
      country: 'France',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ postcode: '75002', country: 'France' });
    expect(await identity(investor.client)).toMatchObject({
      international: true,
      missing_documents: ['proof_of_address', 'identity_document'],
    });
  });
});
