import { and, eq, isNull, sql } from 'drizzle-orm';
import { contactCategorySchema, type ConversionSummary, Role } from '@platform/domain';
import type { Db } from '../../db/client';
import {
  attributes,
  attributeValues,
  callLogs,
  contacts,
  documents,
  folders,
  notes,
  questionnaireAnswers,
  tasks,
  users,
} from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import type { FastifyRequest } from 'fastify';
import { declareCategorisation } from '../compliance';
import { moveLeadAccounts } from '../investment-methods';
import { defaultAssociates } from '../../shared/investor-associates';
import { assertNotConverted } from './service';

/** What converting a lead carried over to the new investor, for the activity log and the answer. */

const RECORD_TABLES = { notes, call_logs: callLogs, tasks, folders, documents } as const;

/**
 * Converts a lead into an investor in one transaction: creates the investor account (no password:
 * an invitation lets them choose one), moves the notes, calls, tasks, folders, documents and
 * questionnaire answers to it, copies custom attribute values the investor's attributes share, turns a recorded category into a categorisation of the investor, and
 * marks the lead converted with a link to the investor. The lead's own activity stays on the lead;
 * the investor's history shows it too (records/activity.ts).
 */
export async function convertContact(tx: Db, request: FastifyRequest, contactId: number, now: Date) {
  const [contact] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), isNull(contacts.deletedAt)))
    .for('update');
  if (!contact) throw notFound('contact');
  assertNotConverted(contact);
  if (!contact.email)
    throw validationError({ email: ['Add an e-mail address to the contact before converting it: the investor signs in with it.'] });
  const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${contact.email.toLowerCase()}`);
  if (taken) throw validationError({ email: ['An account already uses this e-mail address.'] });

  const answers = await tx
    .select()
    .from(questionnaireAnswers)
    .where(and(eq(questionnaireAnswers.subjectType, 'contact'), eq(questionnaireAnswers.subjectId, contact.id)));
  const registration = (answers.find((a) => a.form === 'registration')?.answers ?? {}) as Record<string, string | null | undefined>;

  const defaults = await defaultAssociates(tx);
  const [user] = await tx
    .insert(users)
    .values({
      name: contact.name,
      email: contact.email,
      roleId: Role.User,
      // The lead's owner keeps looking after the investor; without one, the firm's default.
      ownerId: contact.ownerId ?? defaults.ownerId,
      adviserId: defaults.adviserId,
      phone: contact.phone ?? registration.phone ?? null,
      addressLine1: registration.address_line1 ?? null,
      addressLine2: registration.address_line2 ?? null,
      city: registration.city ?? null,
      postcode: registration.postcode ?? null,
      country: registration.country ?? null,
      dateOfBirth: registration.date_of_birth ?? null,
      nationality: registration.nationality ?? null,
    })
    .returning();

  const summary: ConversionSummary = {
    notes: 0,
    call_logs: 0,
    tasks: 0,
    folders: 0,
    documents: 0,
    attribute_values: 0,
    questionnaires: [],
    categorisation_id: null,
  };
  for (const [key, table] of Object.entries(RECORD_TABLES) as Array<
    [keyof typeof RECORD_TABLES, (typeof RECORD_TABLES)[keyof typeof RECORD_TABLES]]
  >) {
    const moved = await tx
      .update(table)
      .set({ subjectType: 'investor', subjectId: user.id })
      .where(and(eq(table.subjectType, 'contact'), eq(table.subjectId, contact.id)))
      .returning({ id: table.id });
    summary[key] = moved.length;
  }

  // Contacts and investors have their own attribute definitions: a value is copied to the
  // investor's attribute of the same name and type; any other stays on the linked lead.
  const leadValues = await tx
    .select({ value: attributeValues.value, name: attributes.name, type: attributes.type })
    .from(attributeValues)
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .where(and(eq(attributeValues.subjectType, 'contact'), eq(attributeValues.subjectId, contact.id), isNull(attributes.deletedAt)));
  const investorAttributes = await tx
    .select()
    .from(attributes)
    .where(and(eq(attributes.subjectType, 'user'), isNull(attributes.deletedAt)));
  const copies = leadValues.flatMap((v) => {
    const match = investorAttributes.find((a) => a.name.trim().toLowerCase() === v.name.trim().toLowerCase() && a.type === v.type);
    return match && v.value !== null
      ? [
          {
            attributeId: match.id,
            subjectType: 'user',
            subjectId: user.id,
            value: v.value,
            updatedBy: requireUser(request).id,
            createdAt: now,
            updatedAt: now,
          },
        ]
      : [];
  });
  if (copies.length) await tx.insert(attributeValues).values(copies);
  summary.attribute_values = copies.length;

  for (const answer of answers) {
    if (answer.form === 'category') {
      // An investor's category is kept by the compliance module, under its approval rules.
      const recorded = contactCategorySchema.safeParse(answer.answers);
      if (recorded.success) {
        const { row } = await declareCategorisation(
          tx,
          user.id,
          {
            category: recorded.data.category,
            declaration: { recorded_by_staff: answer.updatedBy, evidence: recorded.data.evidence ?? null, from_contact_id: contact.id },
          },
          new Date(`${recorded.data.declared_on}T00:00:00Z`),
        );
        summary.categorisation_id = row.id;
      }
      await tx.delete(questionnaireAnswers).where(eq(questionnaireAnswers.id, answer.id));
    } else {
      await tx.update(questionnaireAnswers).set({ subjectType: 'user', subjectId: user.id }).where(eq(questionnaireAnswers.id, answer.id));
      summary.questionnaires.push(answer.form);
    }
  }

  await moveLeadAccounts(tx, request, contact.id, user.id, now);
  const [after] = await tx
    .update(contacts)
    .set({ convertedUserId: user.id, convertedAt: now, updatedAt: now })
    .where(eq(contacts.id, contact.id))
    .returning();
  if (!after) throw new AppError('conflict', 'The contact changed meanwhile. Reload and try again.');
  await recordActivity(tx, {
    request,
    action: 'created',
    subjectType: 'user',
    subjectId: user.id,
    after: { ...user, from_contact_id: contact.id },
  });
  await recordActivity(tx, {
    request,
    action: 'converted',
    subjectType: 'contact',
    subjectId: contact.id,
    before: contact,
    after: { ...after, carried_over: summary },
  });
  return { contact: after, user, summary };
}
