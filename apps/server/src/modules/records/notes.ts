import { eq } from 'drizzle-orm';
import { createNoteBody, NOTES_LIST, noteSchema, updateNoteBody } from '@platform/domain';
import { notes } from '../../db/schema';
import { validationError } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/sanitize';
import { peopleById, person, type RecordKind } from './crud';

/** Notes: rich text staff write on a record, sanitised once on the way in. */
type NoteRow = typeof notes.$inferSelect;

/** A note that is empty once scripts and styling are stripped says nothing: the field gets the error. */
function noteBody(body: string): string {
  const clean = sanitizeRichText(body);
  if (!clean.replace(/<[^>]*>|&nbsp;|\s/g, '')) throw validationError({ body: ['Write the note.'] });
  return clean;
}

export const noteKind: RecordKind<NoteRow, typeof noteSchema, typeof createNoteBody, typeof updateNoteBody> = {
  name: 'note',
  path: '/api/notes',
  table: notes,
  item: noteSchema,
  spec: NOTES_LIST,
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
  create: {
    body: createNoteBody,
    async run(tx, subject, input, { userId }) {
      const [row] = await tx
        .insert(notes)
        .values({ subjectType: subject.type, subjectId: subject.id, body: noteBody(input.body), authorId: userId })
        .returning();
      return row;
    },
  },
  update: {
    body: updateNoteBody,
    async run(tx, note, input, { now }) {
      const [row] = await tx
        .update(notes)
        .set({ body: noteBody(input.body), updatedAt: now })
        .where(eq(notes.id, note.id))
        .returning();
      return row;
    },
  },
};
