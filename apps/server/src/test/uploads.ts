import { eq } from 'drizzle-orm';
import type { RecordSubjectType } from '@platform/domain';
import { documents } from '../db/schema';
import type { signedIn, TestApp } from './harness';

/** A multipart form as a browser sends it: plain fields, and optionally one file in the field "file". */
export function uploadForm(fields: Record<string, string | number>, file?: { data: Buffer | string; filename: string; type?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (file)
    form.append(
      'file',
      new Blob([typeof file.data === 'string' ? file.data : Uint8Array.from(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.filename,
    );
  return form;
}

/**
 * Files a small PDF privately on a record through the API, as staff do; answers the stored key of
 * its file, so a test can tell whether the file is still there (`storage.read`).
 */
export async function fileDocumentOn(
  t: TestApp,
  client: Awaited<ReturnType<typeof signedIn>>['client'],
  subject: { type: RecordSubjectType; id: number },
): Promise<string> {
  const response = await client.post(
    '/api/documents',
    uploadForm(
      { subject_type: subject.type, subject_id: subject.id, visibility: 'private' },
      { data: '%PDF-1.4\n%%EOF\n', filename: 'passport.pdf', type: 'application/pdf' },
    ),
  );
  if (response.statusCode !== 201) throw new Error(`Filing a document answered ${response.statusCode}: ${response.body}`);
  const [row] = await t.db.select({ storageKey: documents.storageKey }).from(documents).where(eq(documents.id, response.json().data.id));
  return row.storageKey;
}
