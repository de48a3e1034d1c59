import { Role, type ImportKind } from '@platform/domain';
import type { Db } from '../../db/client';
import { activityLog, contacts, users } from '../../db/schema';
import type { ImportRecord } from './validate';

/** Writes one batch of checked rows, each with its own line in the activity log. */
export async function insertBatch(tx: Db, kind: ImportKind, batch: ImportRecord[], actorId: number, ip: string) {
  const inserted =
    kind === 'contacts'
      ? await tx
          .insert(contacts)
          .values(
            batch.map((r) => ({
              name: r.name,
              email: r.email,
              phone: r.phone,
              company: r.company,
              source: r.source,
              interest: r.interest,
              status: r.status,
              leadStatusId: r.leadStatusId,
              ownerId: r.ownerId,
              createdBy: actorId,
            })),
          )
          .returning()
      : await tx
          .insert(users)
          .values(
            batch.map((r) => ({
              name: r.name,
              email: r.email!,
              roleId: Role.User,
              phone: r.phone,
              ownerId: r.ownerId,
              dateOfBirth: r.dateOfBirth,
              nationality: r.nationality,
              addressLine1: r.addressLine1,
              addressLine2: r.addressLine2,
              city: r.city,
              postcode: r.postcode,
              country: r.country,
            })),
          )
          .returning();
  // Each created record has its own line in the activity log, as a form-made one would.
  await tx.insert(activityLog).values(
    inserted.map((row) => {
      const { passwordHash: _secret, ...after } = row as Record<string, unknown>;
      return { actorId, action: 'imported', subjectType: kind === 'contacts' ? 'contact' : 'user', subjectId: String(row.id), after, ip };
    }),
  );
  return inserted as Array<{ id: number } & Record<string, unknown>>;
}
