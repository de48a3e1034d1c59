import { CONTACT_INCLUDE_NAMES, type Contact, type LeadStatus } from '@platform/domain';
import type { Db } from '../../db/client';
import { type contacts, leadStatuses, users } from '../../db/schema';
import { namesById } from '../../platform/lookup';
import { attributeValuesFor } from '../../shared/attribute-values';

export type ContactRow = typeof contacts.$inferSelect;
export type LeadStatusRow = typeof leadStatuses.$inferSelect;

/** The relations a contact's answers embed on `include=`. */
export const CONTACT_INCLUDES = CONTACT_INCLUDE_NAMES;

export function presentContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    source: row.source,
    interest: row.interest,
    status: row.status,
    lead_status_id: row.leadStatusId,
    owner_id: row.ownerId,
    converted_user_id: row.convertedUserId,
    converted_at: row.convertedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Contacts with the relations asked for, each loaded once for the whole page. */
export async function presentContactsWith(db: Db, rows: ContactRow[], includes: ReadonlySet<string>): Promise<Contact[]> {
  const [owners, statuses, converted, attributes] = await Promise.all([
    includes.has('owner')
      ? namesById(
          db,
          users,
          rows.map((r) => r.ownerId),
        )
      : null,
    includes.has('lead_status')
      ? namesById(
          db,
          leadStatuses,
          rows.map((r) => r.leadStatusId),
        )
      : null,
    includes.has('converted_user')
      ? namesById(
          db,
          users,
          rows.map((r) => r.convertedUserId),
        )
      : null,
    includes.has('attributeValues')
      ? attributeValuesFor(
          db,
          'contact',
          rows.map((r) => r.id),
        )
      : null,
  ]);
  return rows.map((row) => ({
    ...presentContact(row),
    ...(owners ? { owner: (row.ownerId && owners.get(row.ownerId)) || null } : {}),
    ...(statuses ? { lead_status: (row.leadStatusId && statuses.get(row.leadStatusId)) || null } : {}),
    ...(converted ? { converted_user: (row.convertedUserId && converted.get(row.convertedUserId)) || null } : {}),
    ...(attributes ? { attribute_values: attributes.get(row.id) ?? [] } : {}),
  }));
}

export function presentLeadStatus(row: LeadStatusRow, contactsCount?: number): LeadStatus {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    ...(contactsCount === undefined ? {} : { contacts_count: contactsCount }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
