import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { shareIssues } from './opportunities';
import { users } from './platform';
import { documents } from './records';
import { isoDate, timestamps } from './columns';

/**
 * The tax relief certificates (EIS3/SEIS3) HMRC authorises for a share issue, one per beneficial
 * owner: the investor themselves, also when a nominee holds the shares for them (decision 0060).
 * The PDF is a document on the investor's record, visible to them alone in the portal.
 */
export const taxCertificates = pgTable(
  'tax_certificates',
  {
    id: serial('id').primaryKey(),
    shareIssueId: integer('share_issue_id')
      .notNull()
      .references(() => shareIssues.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    /** HMRC's unique investment reference on the certificate, when staff enter it. */
    certificateReference: text('certificate_reference'),
    issuedOn: isoDate('issued_on'),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tax_certificates_issue_owner_unique').on(t.shareIssueId, t.userId).where(sql`${t.deletedAt} is null`),
    index('tax_certificates_user_idx').on(t.userId),
  ],
);
