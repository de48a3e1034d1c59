import { and, eq } from 'drizzle-orm';
import type { RecordSubjectType } from '@platform/domain';
import type { Db } from '../../db/client';
import { callLogs, documents, folders, notes, tasks } from '../../db/schema';

/**
 * Removes for good every note, call log, task, folder and document kept on one record, inside the
 * caller's transaction (a hard delete of the record). Answers the storage keys of the removed
 * documents: the caller removes those files once the transaction has committed, so a rollback never
 * leaves rows whose files are gone.
 */
export async function purgeRecordsOf(tx: Db, subject: { type: RecordSubjectType; id: number }): Promise<string[]> {
  const on = (table: typeof notes | typeof callLogs | typeof tasks | typeof documents | typeof folders) =>
    and(eq(table.subjectType, subject.type), eq(table.subjectId, subject.id));
  await tx.delete(notes).where(on(notes));
  await tx.delete(callLogs).where(on(callLogs));
  await tx.delete(tasks).where(on(tasks));
  const removed = await tx.delete(documents).where(on(documents)).returning({ storageKey: documents.storageKey });
  await tx.delete(folders).where(on(folders));
  return removed.map((d) => d.storageKey);
}
