import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  type AppropriatenessBankMode,
  allowedComplianceTries,
  bankForAttempt,
  type ComplianceAttemptQuestion,
  type ComplianceBank,
  drawQuestions,
  statementsShownToInvestors,
  appropriatenessPassed,
  appropriatenessRetryAt,
  categorisationExpiresAt,
  complianceTriesUsedUp,
  inAppropriatenessWait,
  isInvestorRole,
  type ComplianceOptionInput as OptionInput,
  type CreateComplianceQuestionInput as CreateQuestionInput,
  type DeclareCategorisationInput,
  type InvestorCategory,
  type UpdateComplianceQuestionInput as UpdateQuestionInput,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { recordTriggerEvent } from '../../shared/trigger-events';
import { complianceAttempts, complianceOptions, complianceQuestions, investorCategorisations, users } from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import type { UserRow } from '../../platform/session';
import { flagOn, loadSettings, type SettingsRow } from '../../shared/settings';

export type QuestionRow = typeof complianceQuestions.$inferSelect;
export type OptionRow = typeof complianceOptions.$inferSelect;
export type AttemptRow = typeof complianceAttempts.$inferSelect;
export type CategorisationRow = typeof investorCategorisations.$inferSelect;

/** Allowed tries under the current settings (spec §4): unlimited with the risk warning or no setting. */
export function allowedTries(settings: SettingsRow): number {
  return allowedComplianceTries(flagOn(settings, 'risk_warning_enabled'), settings.complianceTries);
}

/** The attempt that decides the wait: the latest one since the last staff reset. */
export async function latestAttempt(db: Db, userId: number): Promise<AttemptRow | null> {
  const [row] = await db
    .select()
    .from(complianceAttempts)
    .where(and(eq(complianceAttempts.userId, userId), isNull(complianceAttempts.resetAt)))
    .orderBy(desc(complianceAttempts.createdAt), desc(complianceAttempts.id))
    .limit(1);
  return row ?? null;
}

export interface AppropriatenessState {
  /** The test applies: the flag is on, the user is an investor and has not passed. */
  required: boolean;
  passed: boolean;
  triesUsed: number;
  triesAllowed: number;
  retryAt: Date | null;
  /** The bank the next attempt is drawn from, and the pass mark (percent) it needs. */
  bank: ComplianceBank;
  passMark: number;
  /** Why no questions may be answered now, or null when they may. */
  blocked: string | null;
}

/** Where an investor stands with the appropriateness test at `now`. */
export async function appropriatenessState(db: Db, user: UserRow, now: Date): Promise<AppropriatenessState> {
  const settings = await loadSettings(db);
  const triesAllowed = allowedTries(settings);
  const enabled = flagOn(settings, 'compliance_test_enabled');
  const last = await latestAttempt(db, user.id);
  const waiting = inAppropriatenessWait(last, now, settings.appropriatenessWaitHours);
  const retryAt = waiting && last ? appropriatenessRetryAt(last.createdAt, settings.appropriatenessWaitHours) : null;
  const state = {
    passed: user.compliancePassed,
    triesUsed: user.complianceTries,
    triesAllowed,
    retryAt,
    bank: bankForAttempt(settings.appropriatenessBankMode as AppropriatenessBankMode, user.complianceTries + 1),
    passMark: settings.appropriatenessPassMark,
  };
  const required = enabled && isInvestorRole(user.roleId) && !user.compliancePassed;
  let blocked: string | null = null;
  if (!enabled) blocked = 'The appropriateness test is not enabled.';
  else if (user.compliancePassed) blocked = 'You have already passed the appropriateness test.';
  else if (complianceTriesUsedUp(user.complianceTries, triesAllowed))
    blocked = 'You have used all your tries at the appropriateness test. Please contact us.';
  else if (retryAt) blocked = `You can retake the appropriateness test after ${retryAt.toISOString()}.`;
  return { required, ...state, blocked };
}

/** The questions of the bank (every bank when none is named), in their order. */
export async function liveQuestions(db: Db, bank?: ComplianceBank): Promise<QuestionRow[]> {
  return db
    .select()
    .from(complianceQuestions)
    .where(and(isNull(complianceQuestions.deletedAt), bank ? eq(complianceQuestions.bank, bank) : undefined))
    .orderBy(asc(complianceQuestions.bank), asc(complianceQuestions.position), asc(complianceQuestions.id));
}

/**
 * The questions of an investor's next attempt: from the bank of that attempt (the two FCA banks
 * alternate), as many as the settings draw — the same ones when asked again before answering.
 */
export async function questionsForAttempt(db: Db, user: UserRow, state: AppropriatenessState): Promise<QuestionRow[]> {
  const settings = await loadSettings(db);
  const bank = await liveQuestions(db, state.bank);
  const drawn = new Set(
    drawQuestions(
      bank.map((q) => q.id),
      settings.appropriatenessQuestionsPerAttempt,
      `${user.id}:${user.complianceTries + 1}`,
    ),
  );
  return bank.filter((q) => drawn.has(q.id));
}

export async function findLiveQuestion(db: Db, id: number): Promise<QuestionRow | undefined> {
  const [row] = await db
    .select()
    .from(complianceQuestions)
    .where(and(eq(complianceQuestions.id, id), isNull(complianceQuestions.deletedAt)));
  return row;
}

/** Options of the questions, grouped by question, in their order. */
export async function optionsByQuestion(db: Db, questionIds: number[]): Promise<Map<number, OptionRow[]>> {
  const byQuestion = new Map<number, OptionRow[]>(questionIds.map((id) => [id, []]));
  if (!questionIds.length) return byQuestion;
  const rows = await db
    .select()
    .from(complianceOptions)
    .where(inArray(complianceOptions.questionId, questionIds))
    .orderBy(asc(complianceOptions.position), asc(complianceOptions.id));
  for (const row of rows) byQuestion.get(row.questionId)?.push(row);
  return byQuestion;
}

const optionValues = (questionId: number, option: OptionInput, index: number) => ({
  questionId,
  label: option.label,
  correct: option.correct,
  position: option.position ?? index,
});

export async function createQuestion(tx: Db, input: CreateQuestionInput, now: Date): Promise<QuestionRow> {
  const bank = input.bank ?? 'a';
  const [last] = await tx
    .select({ position: complianceQuestions.position })
    .from(complianceQuestions)
    .where(and(isNull(complianceQuestions.deletedAt), eq(complianceQuestions.bank, bank)))
    .orderBy(desc(complianceQuestions.position))
    .limit(1);
  const [row] = await tx
    .insert(complianceQuestions)
    .values({ bank, question: input.question, position: input.position ?? (last ? last.position + 1 : 0), createdAt: now, updatedAt: now })
    .returning();
  await tx.insert(complianceOptions).values(input.options.map((option, i) => optionValues(row.id, option, i)));
  return row;
}

/**
 * Edits a question. Options sent replace the set: those with an id of this question are updated
 * in place (past attempts keep pointing at them), new ones are added, the rest removed.
 */
export async function updateQuestion(tx: Db, before: QuestionRow, input: UpdateQuestionInput, now: Date): Promise<QuestionRow> {
  const [row] = await tx
    .update(complianceQuestions)
    .set({ bank: input.bank, question: input.question, position: input.position, updatedAt: now })
    .where(eq(complianceQuestions.id, before.id))
    .returning();
  if (input.options) {
    const existing = (await optionsByQuestion(tx, [before.id])).get(before.id) ?? [];
    const existingIds = new Set(existing.map((o) => o.id));
    const kept = new Set<number>();
    for (const [i, option] of input.options.entries()) {
      if (option.id === undefined) {
        await tx.insert(complianceOptions).values(optionValues(before.id, option, i));
        continue;
      }
      if (!existingIds.has(option.id) || kept.has(option.id))
        throw validationError({ [`options.${i}.id`]: ['Choose an option of this question.'] });
      kept.add(option.id);
      await tx
        .update(complianceOptions)
        .set(optionValues(before.id, option, i))
        .where(eq(complianceOptions.id, option.id));
    }
    const removed = existing.filter((o) => !kept.has(o.id)).map((o) => o.id);
    if (removed.length) await tx.delete(complianceOptions).where(inArray(complianceOptions.id, removed));
  }
  return row;
}

export async function deleteQuestion(tx: Db, id: number, now: Date) {
  const before = await findLiveQuestion(tx, id);
  if (!before) throw notFound('question');
  const [after] = await tx
    .update(complianceQuestions)
    .set({ deletedAt: now, updatedAt: now })
    .where(eq(complianceQuestions.id, id))
    .returning();
  return { before, after };
}

export interface AttemptResult {
  attempt: AttemptRow;
  user: UserRow;
  retryAt: Date | null;
  triesAllowed: number;
}

/**
 * Scores an investor's answers to the questions drawn for this attempt and records the attempt with
 * a snapshot of what was asked (decision 0031). The user row is locked first, so two submissions at
 * once cannot both spend the last try or both slip past the wait.
 */
export async function submitAnswers(tx: Db, userId: number, answers: Record<string, number>, now: Date): Promise<AttemptResult> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  const state = await appropriatenessState(tx, user, now);
  if (state.blocked) throw new AppError('validation', state.blocked, { answers: [state.blocked] });

  const questions = await questionsForAttempt(tx, user, state);
  if (!questions.length) throw validationError({ answers: ['There are no questions to answer yet.'] });
  const options = await optionsByQuestion(
    tx,
    questions.map((q) => q.id),
  );
  const errors: Record<string, string[]> = {};
  const liveIds = new Set(questions.map((q) => String(q.id)));
  for (const key of Object.keys(answers)) {
    if (!liveIds.has(key)) errors[`answers.${key}`] = ['This question is not part of the test.'];
  }
  const snapshot: ComplianceAttemptQuestion[] = [];
  for (const question of questions) {
    const chosen = answers[String(question.id)];
    const field = `answers.${question.id}`;
    if (chosen === undefined) {
      errors[field] = ['Answer this question.'];
      continue;
    }
    const shown = options.get(question.id) ?? [];
    const option = shown.find((o) => o.id === chosen);
    if (!option) {
      errors[field] = ['Choose one of the options of this question.'];
      continue;
    }
    snapshot.push({
      question_id: question.id,
      question: question.question,
      options: shown.map((o) => ({ id: o.id, label: o.label, correct: o.correct })),
      chosen_option_id: option.id,
      correct: option.correct,
    });
  }
  if (Object.keys(errors).length) throw validationError(errors);

  const score = snapshot.filter((q) => q.correct).length;
  const total = questions.length;
  const passed = appropriatenessPassed(score, total, state.passMark);
  const recorded = Object.fromEntries(questions.map((q) => [String(q.id), answers[String(q.id)]]));
  const [attempt] = await tx
    .insert(complianceAttempts)
    .values({
      userId,
      answers: recorded,
      questions: snapshot,
      bank: state.bank,
      passMark: state.passMark,
      score,
      total,
      passed,
      createdAt: now,
    })
    .returning();
  const [updated] = await tx
    .update(users)
    .set({ complianceTries: user.complianceTries + 1, compliancePassed: user.compliancePassed || passed, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  const triesLeft = !complianceTriesUsedUp(updated.complianceTries, state.triesAllowed);
  const waitHours = (await loadSettings(tx)).appropriatenessWaitHours;
  const retryAt = !passed && triesLeft ? appropriatenessRetryAt(now, waitHours) : null;
  return { attempt, user: updated, retryAt, triesAllowed: state.triesAllowed };
}

/** An investor's attempts, newest first, as they were taken (reset ones included, marked). */
export async function attemptsOf(db: Db, userId: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(complianceAttempts)
    .where(eq(complianceAttempts.userId, userId))
    .orderBy(desc(complianceAttempts.createdAt), desc(complianceAttempts.id));
}

/** Staff reset: tries and pass cleared; earlier attempts are closed with reset_at, never deleted. */
export async function resetAppropriatenessTest(tx: Db, userId: number, now: Date) {
  const [before] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!before || !isInvestorRole(before.roleId)) throw notFound('investor');
  const closed = await tx
    .update(complianceAttempts)
    .set({ resetAt: now })
    .where(and(eq(complianceAttempts.userId, userId), isNull(complianceAttempts.resetAt)))
    .returning({ id: complianceAttempts.id });
  const [after] = await tx
    .update(users)
    .set({ complianceTries: 0, compliancePassed: false, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return { before, after, closedAttempts: closed.length };
}

/* Categorisation */

export async function latestCategorisation(db: Db, userId: number): Promise<CategorisationRow | null> {
  const [row] = await db
    .select()
    .from(investorCategorisations)
    .where(eq(investorCategorisations.userId, userId))
    .orderBy(desc(investorCategorisations.declaredAt), desc(investorCategorisations.id))
    .limit(1);
  return row ?? null;
}

/**
 * Copies the investor's latest categorisation onto their user row (category and status), where
 * the investors list filters on it. Called in the transaction of every categorisation write.
 */
export async function syncCurrentCategorisation(tx: Db, userId: number, now: Date): Promise<void> {
  const latest = await latestCategorisation(tx, userId);
  await tx
    .update(users)
    .set({ investorCategory: latest?.category ?? null, categorisationStatus: latest?.status ?? null })
    .where(eq(users.id, userId));
  await recordTriggerEvent(
    tx,
    'investor.categorised',
    { investor_id: userId, category: latest?.category ?? null, status: latest?.status ?? null, categorisation_id: latest?.id ?? null },
    now,
  );
}

/** The statements an investor chooses from now: the firm's wording, the exemptions' when they are on. */
export function investorStatements(settings: SettingsRow) {
  return statementsShownToInvestors(settings.categoryStatements, flagOn(settings, 'financial_promotion_exceptions_enabled'));
}

/**
 * An investor declares a category, valid 12 months. Pending until staff approve it when the
 * approval flag is on, approved at once otherwise. A newer declaration supersedes a pending one.
 * The declaration keeps the exact statement the investor was shown (`statement_shown`).
 */
export async function declareCategorisation(tx: Db, userId: number, input: DeclareCategorisationInput, now: Date) {
  const settings = await loadSettings(tx);
  const approvalRequired = flagOn(settings, 'compliance_test_requires_categorisation_approval');
  const shown = investorStatements(settings)[input.category];
  const superseded = await tx
    .update(investorCategorisations)
    .set({ status: 'superseded' })
    .where(and(eq(investorCategorisations.userId, userId), eq(investorCategorisations.status, 'pending')))
    .returning({ id: investorCategorisations.id });
  const [row] = await tx
    .insert(investorCategorisations)
    .values({
      userId,
      category: input.category,
      declaration: { ...input.declaration, category_label: shown.label, statement_shown: shown.statement },
      status: approvalRequired ? 'pending' : 'approved',
      declaredAt: now,
      expiresAt: categorisationExpiresAt(now),
    })
    .returning();
  await syncCurrentCategorisation(tx, userId, now);
  return { row, supersededIds: superseded.map((s) => s.id) };
}

/**
 * Staff record a category for an investor (on the investor's form, e.g. from a signed paper
 * declaration): approved by the member of staff who records it, valid 12 months, and it
 * supersedes a pending declaration. Only roles holding `investor_category` update may.
 */
export async function recordCategorisationByStaff(tx: Db, userId: number, category: InvestorCategory, staffId: number, now: Date) {
  const superseded = await tx
    .update(investorCategorisations)
    .set({ status: 'superseded' })
    .where(and(eq(investorCategorisations.userId, userId), eq(investorCategorisations.status, 'pending')))
    .returning({ id: investorCategorisations.id });
  const [row] = await tx
    .insert(investorCategorisations)
    .values({
      userId,
      category,
      declaration: { recorded_by_staff: staffId },
      status: 'approved',
      declaredAt: now,
      expiresAt: categorisationExpiresAt(now),
      reviewedBy: staffId,
      reviewedAt: now,
      reviewNote: 'Recorded by staff',
    })
    .returning();
  await syncCurrentCategorisation(tx, userId, now);
  return { row, supersededIds: superseded.map((s) => s.id) };
}

/** Staff decision on a pending categorisation. */
export async function reviewCategorisation(
  tx: Db,
  id: number,
  decision: 'approved' | 'rejected',
  reviewerId: number,
  note: string | null,
  now: Date,
) {
  const [before] = await tx.select().from(investorCategorisations).where(eq(investorCategorisations.id, id)).for('update');
  if (!before) throw notFound('categorisation');
  if (before.status !== 'pending')
    throw new AppError('conflict', `This categorisation is ${before.status}, not pending: only pending ones can be reviewed.`);
  const [after] = await tx
    .update(investorCategorisations)
    .set({ status: decision, reviewedBy: reviewerId, reviewedAt: now, reviewNote: note })
    .where(eq(investorCategorisations.id, id))
    .returning();
  await syncCurrentCategorisation(tx, before.userId, now);
  return { before, after };
}

/** Names and e-mails of the investors whose categorisations are listed. */
export async function usersById(db: Db, ids: number[]): Promise<Map<number, { id: number; name: string; email: string }>> {
  const unique = [...new Set(ids)];
  const people = unique.length
    ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, unique))
    : [];
  return new Map(people.map((p) => [p.id, p]));
}
