import type { CategorisationStatus, ComplianceAttempt, ComplianceBank, InvestorCategory } from '@platform/domain';
import type { AppropriatenessState, AttemptRow, CategorisationRow, OptionRow, QuestionRow } from './service';

/** Correct flags leave the server only for staff who manage the question bank. */
export function presentOption(row: OptionRow, withCorrect: boolean) {
  return {
    id: row.id,
    question_id: row.questionId,
    label: row.label,
    position: row.position,
    ...(withCorrect ? { correct: row.correct } : {}),
  };
}

export function presentQuestion(row: QuestionRow, options: OptionRow[] | undefined, withCorrect: boolean) {
  return {
    id: row.id,
    bank: row.bank as ComplianceBank,
    question: row.question,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(options ? { options: options.map((o) => presentOption(o, withCorrect)) } : {}),
  };
}

export function presentAppropriatenessMeta(state: AppropriatenessState) {
  return {
    required: state.required,
    passed: state.passed,
    tries_used: state.triesUsed,
    tries_allowed: state.triesAllowed,
    retry_at: state.retryAt?.toISOString() ?? null,
    bank: state.bank,
    pass_mark: state.passMark,
  };
}

export function presentAttempt(row: AttemptRow): ComplianceAttempt {
  return {
    id: row.id,
    user_id: row.userId,
    bank: row.bank as ComplianceBank,
    score: row.score,
    total: row.total,
    pass_mark: row.passMark,
    passed: row.passed,
    created_at: row.createdAt.toISOString(),
    reset_at: row.resetAt?.toISOString() ?? null,
    questions: row.questions,
  };
}

export function presentCategorisation(row: CategorisationRow, user?: { id: number; name: string; email: string } | null) {
  return {
    id: row.id,
    user_id: row.userId,
    category: row.category as InvestorCategory,
    declaration: row.declaration,
    status: row.status as CategorisationStatus,
    declared_at: row.declaredAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    reviewed_by: row.reviewedBy,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    review_note: row.reviewNote,
    ...(user !== undefined ? { user } : {}),
  };
}
