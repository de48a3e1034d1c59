import { and, inArray, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CONTACT_STATUS_LABELS,
  ContactStatus,
  parseContactStatus,
  parseInterest,
  parseUkDate,
  Role,
  type ContactStatusId,
  type ImportRowError,
  type InvestorInterest,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { activityLog, contacts, leadStatuses, users } from '../../db/schema';
import type { CheckedImport, Importer, ImportRow } from '../../shared/importer';
import { defaultAssociates } from '../../shared/investor-associates';

type PeopleKind = 'contacts' | 'investors';

const emailFormat = z.string().email();

/** A checked row of investors or contacts, as it will be written. */
export interface ImportRecord {
  line: number;
  name: string;
  email: string | null;
  phone: string | null;
  company?: string | null;
  source?: string | null;
  interest?: InvestorInterest | null;
  status?: ContactStatusId;
  leadStatusId?: number | null;
  ownerId: number | null;
  dateOfBirth?: string | null;
  nationality?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  postcode?: string | null;
  country?: string | null;
}

/**
 * Every row checked before anything is written: a record per good row, an error per bad cell.
 * Forgiving where a person would be (case, spaces, UK dates, labels or numbers for statuses), strict
 * where a wrong guess would hurt (unknown lead status or owner, duplicate e-mail).
 */
async function checkPeople(db: Db, kind: PeopleKind, rows: ImportRow[]): Promise<CheckedImport<ImportRecord>> {
  const errors: ImportRowError[] = [];
  const records: ImportRecord[] = [];
  const [statusRows, staff] = await Promise.all([
    kind === 'contacts'
      ? db.select({ id: leadStatuses.id, name: leadStatuses.name }).from(leadStatuses).where(isNull(leadStatuses.deletedAt))
      : [],
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(ne(users.roleId, Role.User), isNull(users.deletedAt))),
  ]);
  const statusByName = new Map(statusRows.map((s) => [s.name.trim().toLowerCase(), s.id]));
  const staffByEmail = new Map(staff.map((s) => [s.email.toLowerCase(), s.id]));
  const staffByName = new Map<string, number | null>();
  for (const s of staff) {
    const key = s.name.trim().toLowerCase();
    staffByName.set(key, staffByName.has(key) ? null : s.id); // two staff of one name: ambiguous
  }

  const firstLineOfEmail = new Map<string, number>();
  for (const { line, get } of rows) {
    const fail = (field: string, message: string) => errors.push({ row: line, field, message });
    const before = errors.length;

    const name = get('name') || [get('first_name'), get('last_name')].filter(Boolean).join(' ');
    if (!name) fail('name', 'The name is empty.');
    else if (name.length > 200) fail('name', 'The name is longer than 200 characters.');

    const email = get('email').toLowerCase() || null;
    if (email) {
      if (!emailFormat.safeParse(email).success) fail('email', `'${email}' is not a valid e-mail address.`);
      else if (firstLineOfEmail.has(email)) fail('email', `${email} is also on row ${firstLineOfEmail.get(email)} of this file.`);
      else firstLineOfEmail.set(email, line);
    } else if (kind === 'investors') fail('email', 'The e-mail address is empty: investors sign in with it.');

    const ownerText = get('owner');
    let ownerId: number | null = null;
    if (ownerText) {
      ownerId = staffByEmail.get(ownerText.toLowerCase()) ?? staffByName.get(ownerText.toLowerCase()) ?? null;
      if (!ownerId) fail('owner', `No single member of staff is called or has the e-mail '${ownerText}'.`);
    }
    const record: ImportRecord = { line, name, email, phone: get('phone') || null, ownerId };

    if (kind === 'contacts') {
      const statusText = get('status');
      const status = statusText ? parseContactStatus(statusText) : ContactStatus.Active;
      if (!status) fail('status', `Unknown status '${statusText}': use ${Object.values(CONTACT_STATUS_LABELS).join(', ')}.`);
      const interestText = get('interest');
      const interest = interestText ? parseInterest(interestText) : null;
      if (interestText && !interest)
        fail('interest', `Unknown interest '${interestText}': use finance in place, no finance in place or not interested.`);
      const leadText = get('lead_status');
      const leadStatusId = leadText ? (statusByName.get(leadText.toLowerCase()) ?? null) : null;
      if (leadText && !leadStatusId)
        fail('lead_status', `Unknown lead status '${leadText}': add it under Settings › Lead statuses or correct the cell.`);
      Object.assign(record, {
        company: get('company') || null,
        source: get('source') || null,
        interest,
        status: status ?? ContactStatus.Active,
        leadStatusId,
      });
    } else {
      const dobText = get('date_of_birth');
      const dateOfBirth = dobText ? parseUkDate(dobText) : null;
      if (dobText && !dateOfBirth) fail('date_of_birth', `'${dobText}' is not a date: write it as 31/01/1980.`);
      Object.assign(record, {
        dateOfBirth,
        nationality: get('nationality') || null,
        addressLine1: get('address_line1') || null,
        addressLine2: get('address_line2') || null,
        city: get('city') || null,
        postcode: get('postcode').toUpperCase() || null,
        country: get('country') || null,
      });
    }
    if (errors.length === before) records.push(record);
  }

  // Addresses already held: an account for either kind, a live lead for contacts.
  const emails = [...firstLineOfEmail.keys()];
  for (let start = 0; start < emails.length; start += 1000) {
    const chunk = emails.slice(start, start + 1000);
    const taken = [
      ...(
        await db
          .select({ email: sql<string>`lower(${users.email})` })
          .from(users)
          .where(inArray(sql`lower(${users.email})`, chunk))
      ).map((r) => [r.email, 'an account'] as const),
      ...(kind === 'contacts'
        ? (
            await db
              .select({ email: sql<string>`lower(${contacts.email})` })
              .from(contacts)
              .where(and(inArray(sql`lower(${contacts.email})`, chunk), isNull(contacts.deletedAt)))
          ).map((r) => [r.email, 'a contact'] as const)
        : []),
    ];
    for (const [email, holder] of taken) {
      const line = firstLineOfEmail.get(email)!;
      if (!errors.some((e) => e.row === line && e.field === 'email'))
        errors.push({ row: line, field: 'email', message: `${email} already belongs to ${holder}.` });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  const bad = new Set(errors.map((e) => e.row));
  return { records: records.filter((r) => !bad.has(r.line)), errors };
}

/** Writes one batch of checked rows, each with its own line in the activity log. */
async function insertBatch(tx: Db, kind: PeopleKind, batch: ImportRecord[], actorId: number, ip: string) {
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
      : await insertInvestors(tx, batch);
  // Each created record has its own line in the activity log, as a form-made one would.
  await tx.insert(activityLog).values(
    inserted.map((row) => {
      const { passwordHash: _secret, ...after } = row as Record<string, unknown>;
      return { actorId, action: 'imported', subjectType: kind === 'contacts' ? 'contact' : 'user', subjectId: String(row.id), after, ip };
    }),
  );
  return inserted as Array<{ id: number } & Record<string, unknown>>;
}

/** Imported investors, each with the owner of their row or, without one, the firm's default owner and adviser. */
async function insertInvestors(tx: Db, batch: ImportRecord[]) {
  const defaults = await defaultAssociates(tx);
  return tx
    .insert(users)
    .values(
      batch.map((r) => ({
        name: r.name,
        email: r.email!,
        roleId: Role.User,
        phone: r.phone,
        ownerId: r.ownerId ?? defaults.ownerId,
        adviserId: defaults.adviserId,
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
}

/** Investors and contacts: the people imports (decision 0017). */
export const peopleImporter = (kind: PeopleKind): Importer<ImportRecord> => ({
  check: (db, rows) => checkPeople(db, kind, rows),
  write: async (tx, batch, actor) => ({ rows: await insertBatch(tx, kind, batch, actor.id, actor.ip), updated: 0 }),
  present: (record) => ({ ...record }),
});
