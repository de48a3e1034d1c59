import { and, eq, isNull } from 'drizzle-orm';
import {
  BANK_FIELDS,
  QUESTIONNAIRE_FORMS_BY_SUBJECT,
  QUESTIONNAIRE_SCHEMAS,
  Role,
  scoreRiskProfile,
  type QuestionnaireForm,
  type QuestionnaireSubject,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { contacts, questionnaireAnswers, users } from '../../db/schema';
import { notFound, validationError } from '../../platform/errors';
import { parseFields } from '../../platform/form';

export type AnswerRow = typeof questionnaireAnswers.$inferSelect;

/** A live investor (role User) or a live lead; anything else is not there (404). */
export async function assertSubjectExists(db: Db, type: QuestionnaireSubject, id: number) {
  const rows =
    type === 'user'
      ? await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, id), eq(users.roleId, Role.User), isNull(users.deletedAt)))
      : await db
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.id, id), isNull(contacts.deletedAt)));
  if (!rows.length) throw notFound(type === 'user' ? 'investor' : 'contact');
}

export function formsOf(type: QuestionnaireSubject): readonly QuestionnaireForm[] {
  return QUESTIONNAIRE_FORMS_BY_SUBJECT[type];
}

export async function answersOf(db: Db, type: QuestionnaireSubject, id: number): Promise<AnswerRow[]> {
  return db
    .select()
    .from(questionnaireAnswers)
    .where(and(eq(questionnaireAnswers.subjectType, type), eq(questionnaireAnswers.subjectId, id)));
}

/** Bank details never reach staff when the deployment hides them (enableHideBankAdmin). */
export function withoutBank(answers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answers).filter(([key]) => !(BANK_FIELDS as readonly string[]).includes(key)));
}

/**
 * Validates and saves one form's answers (the whole form each time: a field left out is cleared).
 * With bank details hidden from staff, the stored ones are kept as they were and none may be sent.
 */
export async function saveAnswers(
  tx: Db,
  subject: { type: QuestionnaireSubject; id: number },
  form: QuestionnaireForm,
  raw: unknown,
  actorId: number,
  now: Date,
  bankHidden: boolean,
) {
  if (bankHidden && form === 'registration' && raw && typeof raw === 'object') {
    const sent = BANK_FIELDS.filter(
      (field) => (raw as Record<string, unknown>)[field] != null && (raw as Record<string, unknown>)[field] !== '',
    );
    if (sent.length)
      throw validationError(Object.fromEntries(sent.map((field) => [field, ['Bank details are hidden from staff in this deployment.']])));
  }
  const answers = parseFields(QUESTIONNAIRE_SCHEMAS[form], raw) as Record<string, unknown>;
  const result = form === 'risk_profile' ? (scoreRiskProfile(answers as Record<string, string>) as Record<string, unknown> | null) : null;
  const [before] = await tx
    .select()
    .from(questionnaireAnswers)
    .where(
      and(
        eq(questionnaireAnswers.subjectType, subject.type),
        eq(questionnaireAnswers.subjectId, subject.id),
        eq(questionnaireAnswers.form, form),
      ),
    )
    .for('update');
  const stored =
    bankHidden && before
      ? { ...answers, ...Object.fromEntries(BANK_FIELDS.filter((f) => f in before.answers).map((f) => [f, before.answers[f]])) }
      : answers;
  if (before) {
    const [after] = await tx
      .update(questionnaireAnswers)
      .set({ answers: stored, result, updatedAt: now, updatedBy: actorId })
      .where(eq(questionnaireAnswers.id, before.id))
      .returning();
    return { before, after };
  }
  const [after] = await tx
    .insert(questionnaireAnswers)
    .values({
      subjectType: subject.type,
      subjectId: subject.id,
      form,
      answers: stored,
      result,
      submittedAt: now,
      submittedBy: actorId,
      updatedAt: now,
      updatedBy: actorId,
    })
    .onConflictDoNothing()
    .returning();
  // Two first saves at once: the loser retries as an update on the row the winner made.
  if (!after) return saveAnswers(tx, subject, form, raw, actorId, now, bankHidden);
  return { before: null, after };
}
