import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { notes } from '../../db/schema';
import { validationError } from '../../platform/errors';
import { parseFields } from '../../platform/form';
import { textInput } from '@platform/domain';
import { sanitizeRichText } from '../../platform/sanitize';
import { peopleById, person, type RecordKind } from './crud';

/** Notes: rich text staff write on a record, sanitised once on the way in. */
type NoteRow = typeof notes.$inferSelect;

const noteSchema = z.strictObject({ body: textInput(200_000) });

/** A note that is empty once scripts and styling are stripped says nothing: the field gets the error. */
function noteBody(fields: Record<string, unknown>): string {
  const { body } = parseFields(noteSchema, fields);
  const clean = sanitizeRichText(body);
  if (!clean.replace(/<[^>]*>|&nbsp;|\s/g, '')) throw validationError({ body: ['Write the note.'] });
  return clean;
}

export const noteKind: RecordKind<NoteRow> = {
  name: 'note',
  path: '/api/notes',
  table: notes,
  list: { name: 'notes', sorts: { created_at: notes.createdAt }, defaultSort: '-created_at' },
  async present(db, rows) {
    const people = await peopleById(
      db,
      rows.map((r) => r.authorId),
    );
    return rows.map((row) => ({
      id: row.id,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      body: row.body,
      author_id: row.authorId,
      author: person(people, row.authorId),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  },
  async create(tx, subject, fields, { userId }) {
    const [row] = await tx
      .insert(notes)
      .values({ subjectType: subject.type, subjectId: subject.id, body: noteBody(fields), authorId: userId })
      .returning();
    return row;
  },
  async update(tx, note, fields, { now }) {
    const [row] = await tx
      .update(notes)
      .set({ body: noteBody(fields), updatedAt: now })
      .where(eq(notes.id, note.id))
      .returning();
    return row;
  },
};
