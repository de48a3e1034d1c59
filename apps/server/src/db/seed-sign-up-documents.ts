import { inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AppContext } from '../platform/context';
import { createSignUpDocument } from '../modules/sign-up-documents';
import { signUpDocumentAcceptances, signUpDocumentVersions, users } from './schema';

const CLAUSES = [
  'This agreement sets out the terms on which the firm arranges investments for you.',
  'Investments in early-stage companies are high risk: you may lose all the money you invest,',
  'and you are unlikely to be protected by the Financial Services Compensation Scheme.',
  'We categorise you before showing you investment opportunities, and check that each',
  'investment is appropriate for you before you invest.',
  'Your money is held by our custodian in a segregated client account until the investment completes.',
  'You may cancel within 14 days of accepting this agreement without giving a reason.',
];

/** A one-page client agreement drawn here, so the demo needs no file of its own. */
async function clientAgreementPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  page.drawText('Client agreement', { x: 60, y: 760, size: 22, font: bold });
  page.drawText('Demo document, version 1', { x: 60, y: 736, size: 10, font });
  for (const [i, line] of CLAUSES.entries()) page.drawText(`${i + 1}. ${line}`, { x: 60, y: 690 - i * 22, size: 10, font });
  return Buffer.from(await pdf.save());
}

/** The demo accounts that sign in: they accepted the agreement, so only new investors meet the step. */
const ACCEPTED_BY = ['investor@demo.test', 'pending@demo.test', 'newcomer@demo.test'];

/** One required sign-up document (decision 0036), accepted a month before the seed by the demo investors. */
export async function seedSignUpDocuments({ db, storage }: Pick<AppContext, 'db' | 'storage'>, now: Date) {
  const [existing] = await db.select({ id: signUpDocumentVersions.id }).from(signUpDocumentVersions).limit(1);
  if (existing) return;
  const acceptedAt = new Date(now.getTime() - 30 * 24 * 3600_000);
  const document = await createSignUpDocument({ db, storage }, null, {
    title: 'Client agreement',
    description: 'How we arrange investments for you, the risks, and your right to cancel.',
    requires_acceptance: true,
    audience: [],
    file: { filename: 'client-agreement.pdf', mimetype: 'application/pdf', data: await clientAgreementPdf() },
    uploadedBy: null,
    now: acceptedAt,
  });
  const [file] = await db
    .select()
    .from(signUpDocumentVersions)
    .where(inArray(signUpDocumentVersions.documentId, [document.id]));
  const investors = await db.select({ id: users.id }).from(users).where(inArray(users.email, ACCEPTED_BY));
  if (!investors.length) return;
  await db.insert(signUpDocumentAcceptances).values(
    investors.map((investor) => ({
      documentId: document.id,
      version: 1,
      userId: investor.id,
      kind: 'accepted',
      titleShown: document.title,
      sha256: file.sha256,
      ip: '127.0.0.1',
      userAgent: 'Demo data',
      acceptedAt,
    })),
  );
}
