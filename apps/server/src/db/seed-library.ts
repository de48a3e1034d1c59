import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { LIBRARY_ID } from '@platform/domain';
import type { AppContext } from '../platform/context';
import { storeDocument } from '../modules/records';
import { folders, libraryFolders } from './schema';

/** A one-page letter drawn here, so the demo needs no file of its own. */
async function letterPdf(title: string, lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  page.drawText(title, { x: 60, y: 760, size: 22, font: bold });
  for (const [i, line] of lines.entries()) page.drawText(line, { x: 60, y: 720 - i * 20, size: 11, font });
  return Buffer.from(await pdf.save());
}

/** The document library (decision 0064): one folder for every investor, with the year's letter. */
export async function seedLibrary({ db, storage }: Pick<AppContext, 'db' | 'storage'>, now: Date) {
  const [existing] = await db.select({ id: folders.id }).from(folders).where(eq(folders.subjectType, 'library')).limit(1);
  if (existing) return;
  const [folder] = await db
    .insert(folders)
    .values({ subjectType: 'library', subjectId: LIBRARY_ID, name: 'Letters to investors', createdAt: now, updatedAt: now })
    .returning();
  await db.insert(libraryFolders).values({ folderId: folder.id, audience: 'all', createdAt: now, updatedAt: now });
  const data = await letterPdf('Annual letter to investors', [
    'Dear investor,',
    'This year our portfolio companies raised follow-on rounds and two reached profitability.',
    'Your statements and tax certificates are in your profile, under Documents.',
    'Thank you for investing with us.',
  ]);
  await storeDocument(
    { db, storage },
    { actorId: null },
    {
      subject: { type: 'library', id: LIBRARY_ID },
      file: { filename: 'annual-letter.pdf', mimetype: 'application/pdf', data },
      name: 'Annual letter to investors',
      visibility: 'public',
      folder: { id: folder.id },
    },
  );
}
