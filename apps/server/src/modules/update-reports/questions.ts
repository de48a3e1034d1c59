import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import type { AnswerVisibility, UpdateReportQuestion } from '@platform/domain';
import type { Db } from '../../db/client';
import { updateReportQuestions, users } from '../../db/schema';
import { namesById } from '../../platform/lookup';

/**
 * Questions investors ask on an update. Staff see every question with who asked; an investor sees
 * their own and those answered to the whole audience, never who else asked.
 */
type QuestionRow = typeof updateReportQuestions.$inferSelect;

function presentQuestion(row: QuestionRow) {
  return {
    id: row.id,
    update_report_id: row.updateReportId,
    question: row.question,
    answer: row.answer,
    answer_visibility: row.answerVisibility as AnswerVisibility | null,
    answered_at: row.answeredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function questionsForStaff(db: Db, reportId: number): Promise<UpdateReportQuestion[]> {
  const rows = await db
    .select()
    .from(updateReportQuestions)
    .where(eq(updateReportQuestions.updateReportId, reportId))
    .orderBy(asc(updateReportQuestions.createdAt), asc(updateReportQuestions.id));
  return presentForStaff(db, rows);
}

export async function presentForStaff(db: Db, rows: QuestionRow[]): Promise<UpdateReportQuestion[]> {
  const people = await namesById(
    db,
    users,
    rows.flatMap((r) => [r.askedBy, r.answeredBy]),
  );
  return rows.map((row) => ({
    ...presentQuestion(row),
    asked_by: people.get(row.askedBy) ?? null,
    answered_by: row.answeredBy === null ? null : (people.get(row.answeredBy) ?? null),
  }));
}

export async function questionsForInvestor(db: Db, reportId: number, userId: number): Promise<UpdateReportQuestion[]> {
  const rows = await db
    .select()
    .from(updateReportQuestions)
    .where(
      and(
        eq(updateReportQuestions.updateReportId, reportId),
        or(
          eq(updateReportQuestions.askedBy, userId),
          and(eq(updateReportQuestions.answerVisibility, 'audience'), isNotNull(updateReportQuestions.answer)),
        ),
      ),
    )
    .orderBy(asc(updateReportQuestions.createdAt), asc(updateReportQuestions.id));
  return rows.map((row) => ({ ...presentQuestion(row), mine: row.askedBy === userId }));
}

export async function askQuestion(tx: Db, reportId: number, userId: number, question: string): Promise<UpdateReportQuestion> {
  const [row] = await tx.insert(updateReportQuestions).values({ updateReportId: reportId, askedBy: userId, question }).returning();
  return { ...presentQuestion(row), mine: true };
}

export async function findQuestion(db: Db, id: number): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(updateReportQuestions).where(eq(updateReportQuestions.id, id));
  return row;
}

export async function answerQuestion(
  tx: Db,
  id: number,
  input: { answer: string; visibility: AnswerVisibility },
  answeredBy: number,
  now: Date,
): Promise<{ before: QuestionRow; after: QuestionRow }> {
  const [before] = await tx.select().from(updateReportQuestions).where(eq(updateReportQuestions.id, id)).for('update');
  const [after] = await tx
    .update(updateReportQuestions)
    .set({ answer: input.answer, answerVisibility: input.visibility, answeredBy, answeredAt: now })
    .where(eq(updateReportQuestions.id, id))
    .returning();
  return { before, after };
}
