import { createHash } from 'node:crypto';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Role } from '@platform/domain';
import type { AppContext } from '../platform/context';
import type { Db } from './client';
import {
  documents,
  folders,
  investmentMethodEntities,
  investmentMethods,
  investments,
  nominees,
  ownershipChoiceShares,
  ownershipChoices,
  organisationApplications,
  organisations,
  organisationUsers,
  users,
} from './schema';

/** Kept in step with modules/organisations/my-organisations.ts APPLICATION_DOCUMENTS_FOLDER. */
const APPLICATION_FOLDER = 'Organisation applications';

/** A one-page PDF standing in for a certificate of incorporation or a trust deed. */
async function certificate(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 60, y: 760, size: 18, font });
  page.drawText('Demo document: not a real certificate.', { x: 60, y: 730, size: 11, font });
  return Buffer.from(await pdf.save());
}

/** Files a supporting document privately on an applicant's investor record, as an upload would. */
async function fileDocument(db: Db, storage: AppContext['storage'], userId: number, name: string, now: Date): Promise<number> {
  const data = await certificate(name);
  const storageKey = await storage.put('documents', { filename: 'certificate.pdf', mimetype: 'application/pdf', data });
  const [existing] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.subjectType, 'investor'), eq(folders.subjectId, userId), eq(folders.name, APPLICATION_FOLDER)));
  const folderId =
    existing?.id ??
    (
      await db
        .insert(folders)
        .values({ subjectType: 'investor', subjectId: userId, name: APPLICATION_FOLDER, createdBy: userId })
        .returning()
    )[0].id;
  const [row] = await db
    .insert(documents)
    .values({
      subjectType: 'investor',
      subjectId: userId,
      folderId,
      name: `${name} — supporting document`,
      originalFilename: 'certificate.pdf',
      mimeType: 'application/pdf',
      sizeBytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      storageKey,
      visibility: 'private',
      origin: 'application',
      uploadedBy: userId,
      createdAt: now,
    })
    .returning({ id: documents.id });
  return row.id;
}

/**
 * Demo holders: organisations with the people who act for them (investor@demo.test directs
 * Beaumont Ventures Ltd), applications pending and decided, investment methods with investors'
 * accounts, nominees, investor@demo.test's saved ownership choices, and some of the demo
 * investments held through them. Skipped when any organisation exists, so a tenant's own records
 * are never touched.
 */
export async function seedHolders({ db, storage }: Pick<AppContext, 'db' | 'storage'>, now = new Date()): Promise<void> {
  const [{ existing }] = await db.select({ existing: count() }).from(organisations);
  if (Number(existing) > 0) return;
  const [isla] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'investor@demo.test'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'superadmin@demo.test'));
  if (!isla || !admin) return;
  // Demo investors who hold investments, in a stable order: they become directors, trustees and account holders.
  const holders = (
    await db
      .selectDistinct({ id: investments.userId })
      .from(investments)
      .innerJoin(users, eq(users.id, investments.userId))
      .where(and(eq(users.roleId, Role.User), ne(investments.userId, isla.id)))
      .orderBy(asc(investments.userId))
  ).map((r) => r.id);
  const others =
    holders.length >= 6
      ? holders
      : (
          await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.roleId, Role.User), ne(users.id, isla.id)))
            .orderBy(asc(users.id))
            .limit(8)
        ).map((u) => u.id);
  const day = 24 * 60 * 60 * 1000;
  const ago = (days: number) => new Date(now.getTime() - days * day);

  await db.transaction(async (tx) => {
    const [beaumont, harcourt, northfield, kestrel] = await tx
      .insert(organisations)
      .values([
        {
          name: 'Beaumont Ventures Ltd',
          type: 'company',
          companyNumber: '09876543',
          country: 'United Kingdom',
          address: '14 Queen Square, Bristol BS1 4NT',
          email: 'office@beaumont.example.test',
          createdAt: ago(200),
        },
        {
          name: 'Harcourt Family Trust',
          type: 'trust',
          companyNumber: null,
          country: 'United Kingdom',
          address: '3 Abbey Road, Bath BA1 1AA',
          createdAt: ago(150),
        },
        {
          name: 'Northfield Partners LLP',
          type: 'partnership',
          companyNumber: 'OC412345',
          country: 'United Kingdom',
          address: '22 King Street, Manchester M2 4WU',
          createdAt: ago(90),
        },
        { name: 'Kestrel Charitable Foundation', type: 'charity', companyNumber: '1187654', country: 'United Kingdom', createdAt: ago(30) },
      ])
      .returning();
    await tx.insert(organisationUsers).values([
      { organisationId: beaumont.id, userId: isla.id, role: 'director', createdAt: ago(120) },
      { organisationId: beaumont.id, userId: others[0], role: 'secretary' },
      { organisationId: harcourt.id, userId: others[1], role: 'trustee' },
      { organisationId: harcourt.id, userId: others[2], role: 'trustee' },
      { organisationId: northfield.id, userId: others[3], role: 'partner' },
      { organisationId: kestrel.id, userId: others[4], role: 'authorised_signatory' },
    ]);

    // investor@demo.test asked to act for Beaumont (approved) and for a second company (pending).
    await tx.insert(organisationApplications).values([
      {
        userId: isla.id,
        organisationId: beaumont.id,
        name: 'Beaumont Ventures Ltd',
        type: 'company',
        companyNumber: '09876543',
        role: 'director',
        documentId: await fileDocument(tx, storage, isla.id, 'Beaumont Ventures Ltd', ago(122)),
        status: 'approved',
        decidedBy: admin.id,
        decidedAt: ago(120),
        createdAt: ago(122),
      },
      {
        userId: isla.id,
        name: 'Isla Catering Ltd',
        type: 'company',
        companyNumber: '12345678',
        role: 'director',
        documentId: await fileDocument(tx, storage, isla.id, 'Isla Catering Ltd', ago(2)),
        createdAt: ago(2),
      },
      {
        userId: others[5],
        name: 'Rowan Pension Trust',
        type: 'trust',
        role: 'trustee',
        documentId: await fileDocument(tx, storage, others[5], 'Rowan Pension Trust', ago(5)),
        createdAt: ago(5),
      },
      {
        userId: others[3],
        name: 'Fenwick Holdings Ltd',
        type: 'company',
        companyNumber: '07770001',
        role: 'director',
        status: 'rejected',
        reason: 'The certificate of incorporation does not name you as a director. Please send the latest confirmation statement.',
        decidedBy: admin.id,
        decidedAt: ago(10),
        createdAt: ago(12),
      },
    ]);

    const [sipp, ssas, isa, account] = await tx
      .insert(investmentMethods)
      .values([
        {
          name: 'Westgate SIPP',
          type: 'sipp',
          provider: 'Westgate Pensions Ltd',
          description: 'Self-invested personal pension; the trustee holds the shares for the member.',
          createdAt: ago(300),
        },
        { name: 'Meridian SSAS', type: 'ssas', provider: 'Meridian Pension Trustees Ltd', createdAt: ago(250) },
        { name: 'Lowland Innovative Finance ISA', type: 'isa', provider: 'Lowland Investments Ltd', createdAt: ago(180) },
        { name: 'Crown Nominee Account', type: 'nominee_account', provider: 'Crown Custody Services Ltd', createdAt: ago(100) },
      ])
      .returning();
    const entities = await tx
      .insert(investmentMethodEntities)
      .values([
        { investmentMethodId: sipp.id, userId: isla.id, reference: 'WGS-004512' },
        { investmentMethodId: sipp.id, userId: others[1], reference: 'WGS-007731' },
        { investmentMethodId: ssas.id, userId: others[2], reference: 'MSS-1204' },
        { investmentMethodId: isa.id, userId: others[4], reference: 'LIF-88213' },
        { investmentMethodId: account.id, userId: others[5], reference: 'CNA-3302' },
      ])
      .returning();
    const [platformNominees] = await tx
      .insert(nominees)
      .values([
        {
          name: 'Platform Nominees Ltd',
          companyNumber: '10203040',
          email: 'nominees@platform.example.test',
          address: '1 Custody Lane, London EC2A 1AA',
          createdAt: ago(365),
        },
        { name: 'Sterling Custody Nominees Ltd', companyNumber: '11223344', createdAt: ago(60) },
      ])
      .returning();

    // investor@demo.test's saved whole-ownership choices (decision 0054): jointly with Beaumont by
    // default, or wholly in her SIPP.
    const [joint, pension] = await tx
      .insert(ownershipChoices)
      .values([
        { userId: isla.id, name: 'Beaumont and me', isDefault: true, createdAt: ago(20), updatedAt: ago(20) },
        { userId: isla.id, name: 'My SIPP', createdAt: ago(10), updatedAt: ago(10) },
      ])
      .returning();
    await tx.insert(ownershipChoiceShares).values([
      { choiceId: joint.id, position: 0, holderType: 'organisation', organisationId: beaumont.id, percentage: '60' },
      { choiceId: joint.id, position: 1, holderType: 'personal', percentage: '40' },
      { choiceId: pension.id, position: 0, holderType: 'investment_method', investmentMethodEntityId: entities[0].id, percentage: '100' },
    ]);

    // Some investments become held through these holders, each by a person entitled to it.
    const firstOf = async (userId: number, skip = 0) =>
      (
        await tx
          .select({ id: investments.id })
          .from(investments)
          .where(eq(investments.userId, userId))
          .orderBy(asc(investments.id))
          .limit(1)
          .offset(skip)
      )[0]?.id;
    const hold = async (id: number | undefined, values: Partial<typeof investments.$inferInsert>) => {
      if (id) await tx.update(investments).set(values).where(eq(investments.id, id));
    };
    const islaCompleted = (
      await tx
        .select({ id: investments.id })
        .from(investments)
        .where(and(eq(investments.userId, isla.id), eq(investments.status, 'completed')))
        .orderBy(asc(investments.id))
        .limit(1)
    )[0]?.id;
    await hold(islaCompleted, { holderType: 'organisation', organisationId: beaumont.id, type: 'org' });
    await hold(await firstOf(others[0]), { holderType: 'organisation', organisationId: beaumont.id, type: 'org' });
    await hold(await firstOf(others[1]), { holderType: 'organisation', organisationId: harcourt.id, type: 'org' });
    await hold(await firstOf(others[1], 1), { holderType: 'investment_method', investmentMethodEntityId: entities[1].id, type: 'pension' });
    await hold(await firstOf(others[2]), { holderType: 'investment_method', investmentMethodEntityId: entities[2].id, type: 'pension' });
    for (const userId of [others[3], others[4], others[5]])
      await hold(await firstOf(userId), { holderType: 'nominee', nomineeId: platformNominees.id });
  });
}
