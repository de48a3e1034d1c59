import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import type { Db } from '../../db/client';
import { attributeValues, contacts, investmentMethodEntities, leadStatuses, questionnaireAnswers, users } from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { purgeRecordsOf } from '../records';
import type { ContactRow } from './presenter';
import type { ContactInput } from '@platform/domain';

export async function findLiveContact(db: Db, id: number): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), isNull(contacts.deletedAt)));
  return row;
}

/** A lead's owner is a member of staff with a live account. */
export async function assertStaffOwner(db: Db, ownerId: number | null | undefined) {
  if (ownerId == null) return;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), ne(users.roleId, Role.User), isNull(users.deletedAt)));
  if (!owner) throw validationError({ owner_id: ['Choose a member of staff as the owner.'] });
}

export async function assertLeadStatus(db: Db, id: number | null | undefined) {
  if (id == null) return;
  const [row] = await db
    .select({ id: leadStatuses.id })
    .from(leadStatuses)
    .where(and(eq(leadStatuses.id, id), isNull(leadStatuses.deletedAt)));
  if (!row) throw validationError({ lead_status_id: ['Choose one of the lead statuses.'] });
}

/** One live lead per e-mail address; the database index backs this under concurrent requests. */
async function assertEmailFree(db: Db, email: string | null | undefined, exceptId?: number) {
  if (!email) return;
  const [other] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        sql`lower(${contacts.email}) = ${email.toLowerCase()}`,
        isNull(contacts.deletedAt),
        exceptId ? ne(contacts.id, exceptId) : undefined,
      ),
    );
  if (other) throw validationError({ email: ['Another contact already has this e-mail address.'] });
}

function columns(input: ContactInput): Partial<typeof contacts.$inferInsert> {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    company: input.company,
    source: input.source,
    interest: input.interest,
    status: input.status,
    leadStatusId: input.lead_status_id,
    ownerId: input.owner_id,
  };
}

async function checkReferences(tx: Db, input: ContactInput, exceptId?: number) {
  await assertStaffOwner(tx, input.owner_id);
  await assertLeadStatus(tx, input.lead_status_id);
  await assertEmailFree(tx, input.email, exceptId);
}

export async function createContact(tx: Db, input: ContactInput & { name: string }, createdBy: number): Promise<ContactRow> {
  await checkReferences(tx, input);
  const [row] = await tx
    .insert(contacts)
    .values({ ...columns(input), name: input.name, createdBy })
    .returning();
  return row;
}

export async function updateContact(tx: Db, contact: ContactRow, input: ContactInput, now: Date): Promise<ContactRow> {
  await checkReferences(tx, input, contact.id);
  const [row] = await tx
    .update(contacts)
    .set({ ...columns(input), updatedAt: now })
    .where(eq(contacts.id, contact.id))
    .returning();
  return row;
}

export async function softDeleteContact(tx: Db, id: number, now: Date) {
  const [before] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), isNull(contacts.deletedAt)))
    .for('update');
  if (!before) throw notFound('contact');
  const [after] = await tx.update(contacts).set({ deletedAt: now, updatedAt: now }).where(eq(contacts.id, id)).returning();
  return { before, after };
}

/**
 * delete_unsafe: the lead and everything kept on it (answers, attribute values, method accounts,
 * notes, calls, tasks, documents) go for good. The activity log keeps the fact that it happened.
 * Soft-deleted and converted leads may be purged too. Answers the storage keys of the removed
 * documents, for the caller to remove once the transaction commits.
 */
export async function purgeContact(tx: Db, id: number): Promise<{ before: ContactRow; files: string[] }> {
  const [before] = await tx.select().from(contacts).where(eq(contacts.id, id)).for('update');
  if (!before) throw notFound('contact');
  await tx.delete(questionnaireAnswers).where(and(eq(questionnaireAnswers.subjectType, 'contact'), eq(questionnaireAnswers.subjectId, id)));
  await tx.delete(attributeValues).where(and(eq(attributeValues.subjectType, 'contact'), eq(attributeValues.subjectId, id)));
  await tx.delete(investmentMethodEntities).where(eq(investmentMethodEntities.contactId, id));
  const files = await purgeRecordsOf(tx, { type: 'contact', id });
  await tx.delete(contacts).where(eq(contacts.id, id));
  return { before, files };
}

export function assertNotConverted(contact: ContactRow) {
  if (contact.convertedUserId) throw new AppError('conflict', 'This contact has already been converted to an investor.');
}
