import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  CATEGORISATION_STATUSES,
  coolingOffEndsAt,
  INVESTOR_CATEGORY_DETAILS,
  type InvestorCategory,
  personalisedRiskWarning,
} from '@platform/domain';
import { activityLog, complianceAttempts, complianceOptions, complianceQuestions, investorCategorisations } from '../../db/schema';
import { type Block, namesOf, none, type PackInput, type Section, table, text, utcTime } from './blocks';

export async function categorisations({ db, investor }: PackInput): Promise<Section> {
  const rows = await db
    .select()
    .from(investorCategorisations)
    .where(eq(investorCategorisations.userId, investor.id))
    .orderBy(asc(investorCategorisations.declaredAt), asc(investorCategorisations.id));
  const reviewers = await namesOf(
    db,
    rows.map((r) => r.reviewedBy),
  );
  const blocks: Block[] = rows.length ? [] : [text(none('categorisation'), { muted: true })];
  for (const row of rows) {
    const details = INVESTOR_CATEGORY_DETAILS[row.category as InvestorCategory];
    const declaration = row.declaration as Record<string, unknown>;
    const byStaff = declaration.recorded_by_staff != null;
    const statement =
      typeof declaration.statement === 'string'
        ? declaration.statement
        : byStaff
          ? 'Recorded by staff (no declaration by the investor).'
          : JSON.stringify(declaration);
    const status = CATEGORISATION_STATUSES.includes(row.status as never) ? row.status : 'unknown';
    blocks.push({
      kind: 'fields',
      pairs: [
        ['Category', details?.label ?? row.category],
        ['Declared', `${utcTime(row.declaredAt)}${byStaff ? ' (recorded by staff)' : ' by the investor'}`],
        ['Declaration text', statement],
        ...(typeof declaration.name === 'string' ? ([['Signed as', declaration.name]] as Array<[string, string]>) : []),
        ['Status', status],
        [
          status === 'rejected' ? 'Rejected by' : 'Approved by',
          row.reviewedAt
            ? `${row.reviewedBy ? (reviewers.get(row.reviewedBy) ?? '—') : 'The platform (no approval required)'} at ${utcTime(row.reviewedAt)}`
            : status === 'approved'
              ? `Approved as declared (no approval required) at ${utcTime(row.declaredAt)}`
              : '—',
        ],
        ['Review note', row.reviewNote ?? '—'],
        ['Valid until', utcTime(row.expiresAt)],
      ],
    });
  }
  return { title: 'Categorisations', blocks };
}

export async function appropriateness({ db, investor }: PackInput): Promise<Section> {
  const attempts = await db
    .select()
    .from(complianceAttempts)
    .where(eq(complianceAttempts.userId, investor.id))
    .orderBy(asc(complianceAttempts.createdAt), asc(complianceAttempts.id));
  const questionIds = [...new Set(attempts.flatMap((a) => Object.keys(a.answers).map(Number)))].filter(Number.isInteger);
  const questions = questionIds.length
    ? await db.select().from(complianceQuestions).where(inArray(complianceQuestions.id, questionIds))
    : [];
  const options = questionIds.length
    ? await db.select().from(complianceOptions).where(inArray(complianceOptions.questionId, questionIds))
    : [];
  const questionText = new Map(questions.map((q) => [q.id, q]));
  const blocks: Block[] = attempts.length ? [] : [text(none('attempt at the appropriateness test'), { muted: true })];
  for (const [n, attempt] of attempts.entries()) {
    blocks.push(
      text(
        `Attempt ${n + 1} — ${utcTime(attempt.createdAt)} — ${attempt.passed ? 'Passed' : 'Failed'} (${attempt.score} of ${attempt.total} correct)${attempt.resetAt ? `; reset by staff ${utcTime(attempt.resetAt)}` : ''}`,
        { bold: true },
      ),
    );
    const ordered = Object.entries(attempt.answers).sort(
      ([a], [b]) => (questionText.get(Number(a))?.position ?? 0) - (questionText.get(Number(b))?.position ?? 0) || Number(a) - Number(b),
    );
    blocks.push(
      table(
        [
          ['Question', 0.44],
          ['Answer given', 0.32],
          ['Correct answer', 0.24],
        ],
        ordered.map(([questionId, optionId]) => {
          const choices = options.filter((o) => o.questionId === Number(questionId));
          const chosen = choices.find((o) => o.id === optionId);
          const correct = choices.filter((o) => o.correct).map((o) => o.label);
          return [
            questionText.get(Number(questionId))?.question ?? `Question ${questionId}`,
            `${chosen?.label ?? `Option ${optionId}`}${chosen ? (chosen.correct ? ' (correct)' : ' (wrong)') : ''}`,
            correct.join('; ') || '—',
          ];
        }),
        'No answers kept with this attempt.',
      ),
    );
  }
  return { title: 'Appropriateness test', blocks };
}

export async function riskWarningAndCoolingOff({ db, investor }: PackInput): Promise<Section> {
  const [shown] = await db
    .select()
    .from(activityLog)
    .where(
      and(
        eq(activityLog.subjectType, 'user'),
        eq(activityLog.subjectId, String(investor.id)),
        eq(activityLog.action, 'risk_warning_acknowledged'),
      ),
    )
    .orderBy(asc(activityLog.createdAt))
    .limit(1);
  const shownText = (shown?.after as { text?: string } | null)?.text;
  const [first] = await db
    .select({ declaredAt: investorCategorisations.declaredAt, reviewedAt: investorCategorisations.reviewedAt })
    .from(investorCategorisations)
    .where(and(eq(investorCategorisations.userId, investor.id), eq(investorCategorisations.status, 'approved')))
    .orderBy(asc(investorCategorisations.declaredAt), asc(investorCategorisations.id))
    .limit(1);
  const coolingStart = first ? (first.reviewedAt ?? first.declaredAt) : null;
  return {
    title: 'Risk warning and cooling-off',
    blocks: [
      {
        kind: 'fields',
        pairs: [
          [
            'Risk warning acknowledged',
            investor.riskWarningAcknowledgedAt ? utcTime(investor.riskWarningAcknowledgedAt) : 'Not acknowledged',
          ],
          [
            'Risk warning shown',
            shownText ?? (investor.riskWarningAcknowledgedAt ? `${personalisedRiskWarning(investor.name)} (the platform's wording)` : '—'),
          ],
          [
            'Cooling-off started',
            coolingStart ? `${utcTime(coolingStart)} (first approved categorisation)` : 'Not started: never categorised',
          ],
          ['Cooling-off ended', coolingStart ? utcTime(coolingOffEndsAt(coolingStart)) : '—'],
        ],
      },
    ],
  };
}
