import { and, eq, inArray } from 'drizzle-orm';
import type { PermissionEvent } from '@platform/domain';
import type { Db } from '../db/client';
import { richTextImageUses, richTextImages } from '../db/schema';
import { richTextImageIds } from '../platform/sanitize';

/**
 * Pictures placed in rich text (docs/decisions/0030). An area whose text may show pictures registers
 * its subject type: the staff permission that reads the text, and which of its texts an investor
 * may read. Saving a text records the pictures it shows; a picture loads for whoever may read one
 * of those texts (and for whoever uploaded it, while the text is still being written).
 */
export interface RichTextSubject {
  /** Staff who may 'show' this area may load its pictures. */
  event: PermissionEvent;
  /** The ids among `subjectIds` whose text this investor may read now. */
  readableByInvestor: (db: Db, userId: number, subjectIds: number[]) => Promise<number[]>;
}

const subjects = new Map<string, RichTextSubject>();

export function registerRichTextSubject(type: string, subject: RichTextSubject): void {
  subjects.set(type, subject);
}

export function richTextSubject(type: string): RichTextSubject | undefined {
  return subjects.get(type);
}

/**
 * Records which of our pictures a saved text shows, replacing what it showed before. Ids that name
 * no uploaded picture are ignored (the sanitiser already removed any other source).
 */
export async function recordRichTextImages(tx: Db, subjectType: string, subjectId: number, html: string): Promise<void> {
  await tx.delete(richTextImageUses).where(and(eq(richTextImageUses.subjectType, subjectType), eq(richTextImageUses.subjectId, subjectId)));
  const ids = richTextImageIds(html);
  if (!ids.length) return;
  const known = await tx.select({ id: richTextImages.id }).from(richTextImages).where(inArray(richTextImages.id, ids));
  if (known.length) await tx.insert(richTextImageUses).values(known.map(({ id }) => ({ imageId: id, subjectType, subjectId })));
}
