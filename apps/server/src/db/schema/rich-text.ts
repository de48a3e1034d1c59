import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform';

/**
 * Pictures placed in rich text (an update's body). Each is uploaded on its own, named by a random
 * id (its address does not tell how many there are), and recorded against the texts that show it
 * when those are saved: who may read the text may load the picture (docs/decisions/0030).
 */
export const richTextImages = pgTable(
  'rich_text_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rich_text_images_uploader_idx').on(t.uploadedBy)],
);

/** Which saved text shows which picture: (subject_type, subject_id) as in `RECORD_SUBJECTS`, e.g. 'update_report'. */
export const richTextImageUses = pgTable(
  'rich_text_image_uses',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => richTextImages.id),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.imageId, t.subjectType, t.subjectId] }),
    index('rich_text_image_uses_subject_idx').on(t.subjectType, t.subjectId),
  ],
);
