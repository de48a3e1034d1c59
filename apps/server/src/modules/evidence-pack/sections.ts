import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  CATEGORISATION_STATUSES,
  coolingOffEndsAt,
  formatMoney,
  formatShareCount,
  formatUnitPrice,
  INVESTOR_CATEGORY_DETAILS,
  type InvestorCategory,
  KYC_STATUS_LABELS,
  type KycStatus,
  personalisedRiskWarning,
  type RecordRetention,
  SCREENING_LIST_LABELS,
  SCREENING_MATCH_STATUS_LABELS,
  type ScreeningListKind,
  type ScreeningMatchStatus,
} from '@platform/domain';
import type { Db } from '../../db/client';
import {
  activityLog,
  complianceAttempts,
  complianceOptions,
  complianceQuestions,
  documents,
  folders,
  insiderCessations,
  insiderEntries,
  insiderProjects,
  investments,
  investmentOpportunities,
  investorCategorisations,
  investorScreenings,
  marketSoundingAcceptances,
  screeningDecisions,
  screeningEntries,
  screeningLists,
  screeningMatches,
  users,
} from '../../db/schema';
import { richTextToPlain } from '../../platform/sanitize';
import type { UserRow } from '../../platform/session';
import { signUpAcceptancesOf } from '../../shared/sign-up-documents';

/**
 * What an evidence pack says, section by section (decision 0033). Each section is one function
 * from the investor to its content, so an area adds its own (identity screening, for one) by
 * adding a function to `SECTIONS`. Every time is UTC.
 */

/** A block of a section: text, label–value pairs or a table. */
export type Block =
  | { kind: 'text'; text: string; muted?: boolean; bold?: boolean }
  | { kind: 'fields'; pairs: Array<[string, string]> }
  | { kind: 'table'; columns: Array<{ header: string; share: number }>; rows: string[][]; empty: string };

export interface Section {
  title: string;
  blocks: Block[];
}

/** A file of the investor's record that goes into the zip, under `path`. */
export interface PackFile {
  path: string;
  storageKey: string;
}

export interface PackInput {
  db: Db;
  investor: UserRow;
  retention: RecordRetention;
  /** Filled by the documents section: the files the zip carries. */
  files: PackFile[];
}

/** `2026-03-01 14:05 UTC`, or '—' when there is no time. */
export function utcTime(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const iso = new Date(value).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

const text = (value: string, options: { muted?: boolean; bold?: boolean } = {}): Block => ({ kind: 'text', text: value, ...options });
const none = (what: string) => `No ${what} recorded.`;

async function namesOf(db: Db, ids: Array<number | null | undefined>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, `${r.name} (${r.email})`]));
}

/** Changes of one field of the investor's account, from the activity log: when, from, to, by whom. */
async function fieldHistory(db: Db, investorId: number, field: string) {
  const rows = await db
    .select()
    .from(activityLog)
    .where(
      and(
        eq(activityLog.subjectType, 'user'),
        eq(activityLog.subjectId, String(investorId)),
        inArray(activityLog.action, ['created', 'updated']),
        sql`(${activityLog.after} ->> ${field}) is distinct from (${activityLog.before} ->> ${field})`,
        sql`(${activityLog.after} -> ${field}) is not null`,
      ),
    )
    .orderBy(asc(activityLog.createdAt), asc(activityLog.id));
  const names = await namesOf(
    db,
    rows.map((r) => r.actorId),
  );
  return rows.map((r) => ({
    // The row's own time of change (the app's clock) where the entry carries it.
    at: (r.after as { updatedAt?: string } | null)?.updatedAt ?? r.createdAt,
    from: (r.before as Record<string, unknown> | null)?.[field],
    to: (r.after as Record<string, unknown> | null)?.[field],
    by: r.actorId === investorId ? 'The investor' : r.actorId ? (names.get(r.actorId) ?? `User ${r.actorId}`) : 'The platform',
  }));
}

const kycLabel = (status: unknown) => KYC_STATUS_LABELS[status as KycStatus] ?? String(status ?? '—');
const safeName = (name: string) => name.replace(/[^\w.() -]+/g, '_').slice(0, 120);

async function identity({ db, investor, files }: PackInput): Promise<Section> {
  const address = [investor.addressLine1, investor.addressLine2, investor.city, investor.postcode, investor.country]
    .filter(Boolean)
    .join(', ');
  const kyc = await fieldHistory(db, investor.id, 'kycStatus');
  const docs = await db
    .select({ document: documents, folder: folders.name })
    .from(documents)
    .leftJoin(folders, eq(folders.id, documents.folderId))
    .where(and(eq(documents.subjectType, 'investor'), eq(documents.subjectId, investor.id)))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  const uploaders = await namesOf(
    db,
    docs.map((d) => d.document.uploadedBy),
  );
  const rows = docs.map(({ document, folder }) => {
    const path = `documents/${document.id}-${safeName(document.originalFilename)}`;
    files.push({ path, storageKey: document.storageKey });
    return [
      `${document.name}${document.deletedAt ? ` (removed from the record ${utcTime(document.deletedAt)})` : ''}`,
      folder ?? '—',
      utcTime(document.createdAt),
      document.uploadedBy === investor.id ? 'The investor' : document.uploadedBy ? (uploaders.get(document.uploadedBy) ?? '—') : '—',
      `${path}\nSHA-256 ${document.sha256}`,
    ];
  });
  return {
    title: 'Identity and KYC',
    blocks: [
      {
        kind: 'fields',
        pairs: [
          ['Name', investor.name],
          ['E-mail', investor.email],
          ['Date of birth', investor.dateOfBirth ?? '—'],
          ['Nationality', investor.nationality ?? '—'],
          ['Address', address || '—'],
          ['Telephone', investor.phone ?? '—'],
          ['Account opened', utcTime(investor.createdAt)],
          ['Account closed', investor.deletedAt ? utcTime(investor.deletedAt) : 'Open'],
          ['KYC status', `${kycLabel(investor.kycStatus)} (since ${utcTime(investor.kycUpdatedAt)})`],
        ],
      },
      text('KYC results', { bold: true }),
      {
        kind: 'table',
        columns: [
          { header: 'When', share: 0.22 },
          { header: 'Result', share: 0.4 },
          { header: 'Recorded by', share: 0.38 },
        ],
        rows: kyc.map((k) => [utcTime(k.at), `${kycLabel(k.from)} -> ${kycLabel(k.to)}`, k.by]),
        empty: none('change of KYC status'),
      },
      text('Documents on the record (identity documents, signed documents and the rest; the files are in the zip)', { bold: true }),
      {
        kind: 'table',
        columns: [
          { header: 'Document', share: 0.26 },
          { header: 'Folder', share: 0.14 },
          { header: 'Filed', share: 0.14 },
          { header: 'Filed by', share: 0.18 },
          { header: 'File in the zip and its SHA-256', share: 0.28 },
        ],
        rows,
        empty: none('document'),
      },
    ],
  };
}

const DECISION_LABELS: Record<string, string> = {
  cleared: 'Cleared',
  confirmed: 'Confirmed',
  lapsed: 'Lapsed',
  reopened: 'Reopened',
};

/**
 * Sanctions and PEP screening (decision 0032): when the investor was last screened, and every
 * match found, with the list and its version it was found on, the score and each decision taken.
 */
async function screening({ db, investor }: PackInput): Promise<Section> {
  const [last] = await db.select().from(investorScreenings).where(eq(investorScreenings.userId, investor.id));
  const matches = await db
    .select({ match: screeningMatches, entry: screeningEntries, list: screeningLists })
    .from(screeningMatches)
    .innerJoin(screeningEntries, eq(screeningEntries.id, screeningMatches.entryId))
    .innerJoin(screeningLists, eq(screeningLists.id, screeningEntries.listId))
    .where(eq(screeningMatches.userId, investor.id))
    .orderBy(asc(screeningMatches.createdAt), asc(screeningMatches.id));
  const decisions = matches.length
    ? await db
        .select()
        .from(screeningDecisions)
        .where(
          inArray(
            screeningDecisions.matchId,
            matches.map((m) => m.match.id),
          ),
        )
        .orderBy(asc(screeningDecisions.decidedAt), asc(screeningDecisions.id))
    : [];
  const deciders = await namesOf(
    db,
    decisions.map((d) => d.decidedBy),
  );
  const rows = matches.map(({ match, entry, list }) => [
    `${entry.name}${entry.dateOfBirth ? `\nborn ${entry.dateOfBirth}` : ''}${entry.position ? `\n${entry.position}` : ''}${entry.reference ? `\nref. ${entry.reference}` : ''}`,
    `${SCREENING_LIST_LABELS[list.kind as ScreeningListKind] ?? list.kind}\n${list.fileName}\nlist dated ${list.listUpdated ?? '—'}, uploaded ${utcTime(list.uploadedAt)}`,
    `${match.score} / 100\nfound ${utcTime(match.createdAt)}`,
    SCREENING_MATCH_STATUS_LABELS[match.status as ScreeningMatchStatus] ?? match.status,
    decisions
      .filter((d) => d.matchId === match.id)
      .map(
        (d) =>
          `${DECISION_LABELS[d.decision] ?? d.decision} ${utcTime(d.decidedAt)} by ${d.decidedBy ? (deciders.get(d.decidedBy) ?? `User ${d.decidedBy}`) : 'the platform'}: ${d.reason}`,
      )
      .join('\n') || 'Awaiting review',
  ]);
  return {
    title: 'Sanctions and PEP screening',
    blocks: [
      { kind: 'fields', pairs: [['Last screened', last ? utcTime(last.screenedAt) : 'Never screened']] },
      {
        kind: 'table',
        columns: [
          { header: 'Listed person', share: 0.2 },
          { header: 'List and version', share: 0.24 },
          { header: 'Score', share: 0.1 },
          { header: 'Status', share: 0.1 },
          { header: 'Decisions (who, when, why)', share: 0.36 },
        ],
        rows,
        empty: 'No screening match: the investor was not found on any list screened against.',
      },
    ],
  };
}

async function categorisations({ db, investor }: PackInput): Promise<Section> {
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

async function appropriateness({ db, investor }: PackInput): Promise<Section> {
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
    blocks.push({
      kind: 'table',
      columns: [
        { header: 'Question', share: 0.44 },
        { header: 'Answer given', share: 0.32 },
        { header: 'Correct answer', share: 0.24 },
      ],
      rows: ordered.map(([questionId, optionId]) => {
        const choices = options.filter((o) => o.questionId === Number(questionId));
        const chosen = choices.find((o) => o.id === optionId);
        const correct = choices.filter((o) => o.correct).map((o) => o.label);
        return [
          questionText.get(Number(questionId))?.question ?? `Question ${questionId}`,
          `${chosen?.label ?? `Option ${optionId}`}${chosen ? (chosen.correct ? ' (correct)' : ' (wrong)') : ''}`,
          correct.join('; ') || '—',
        ];
      }),
      empty: 'No answers kept with this attempt.',
    });
  }
  return { title: 'Appropriateness test', blocks };
}

async function riskWarningAndCoolingOff({ db, investor }: PackInput): Promise<Section> {
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

async function terms({ db, investor }: PackInput): Promise<Section> {
  const history = await fieldHistory(db, investor.id, 'acceptedTermsVersion');
  return {
    title: 'Terms accepted',
    blocks: [
      {
        kind: 'fields',
        pairs: [['Terms version accepted now', investor.acceptedTermsVersion ? `Version ${investor.acceptedTermsVersion}` : 'None']],
      },
      {
        kind: 'table',
        columns: [
          { header: 'When', share: 0.25 },
          { header: 'Version', share: 0.35 },
          { header: 'By', share: 0.4 },
        ],
        rows: history.map((h) => [utcTime(h.at), `${h.from ?? 0} -> ${h.to}`, h.by]),
        empty: 'No acceptance recorded in the activity log (the version above was set when the account was made).',
      },
      text("The terms of each investment, accepted with it, are in 'Investments'.", { muted: true }),
    ],
  };
}

/** Sign-up documents accepted or read (decision 0036), each with the exact file, which the zip carries. */
async function signUpDocuments({ db, investor, files }: PackInput): Promise<Section> {
  const rows = await signUpAcceptancesOf(db, investor.id);
  for (const { acceptance, storageKey } of rows)
    files.push({ path: `sign-up-documents/${acceptance.documentId}-v${acceptance.version}-${acceptance.kind}.pdf`, storageKey });
  return {
    title: 'Sign-up documents',
    blocks: [
      {
        kind: 'table',
        columns: [
          { header: 'When', share: 0.2 },
          { header: 'Document (version)', share: 0.3 },
          { header: 'Accepted or read', share: 0.12 },
          { header: 'From', share: 0.38 },
        ],
        rows: rows.map(({ acceptance: a }) => [
          utcTime(a.acceptedAt),
          `${a.titleShown} (v${a.version})`,
          a.kind,
          [a.ip, a.userAgent].filter(Boolean).join(' · ') || '—',
        ]),
        empty: none('sign-up document acceptance'),
      },
      text(`SHA-256 of each file read: ${rows.map(({ acceptance: a }) => `${a.titleShown} v${a.version} ${a.sha256}`).join('; ') || '—'}`, {
        muted: true,
      }),
    ],
  };
}

async function insiderRegister({ db, investor }: PackInput): Promise<Section> {
  const soundings = await db
    .select()
    .from(marketSoundingAcceptances)
    .where(eq(marketSoundingAcceptances.userId, investor.id))
    .orderBy(asc(marketSoundingAcceptances.acceptedAt));
  const entries = await db
    .select({
      entry: insiderEntries,
      project: insiderProjects.name,
      company: insiderProjects.companyName,
      ceasedAt: insiderCessations.ceasedAt,
    })
    .from(insiderEntries)
    .innerJoin(insiderProjects, eq(insiderProjects.id, insiderEntries.projectId))
    .leftJoin(insiderCessations, eq(insiderCessations.entryId, sql`coalesce(${insiderEntries.originalId}, ${insiderEntries.id})`))
    .where(or(eq(insiderEntries.userId, investor.id), sql`lower(${insiderEntries.email}) = ${investor.email.toLowerCase()}`))
    .orderBy(asc(insiderEntries.obtainedAt), asc(insiderEntries.id));
  return {
    title: 'Market soundings and insider register',
    blocks: [
      text('Market soundings accepted', { bold: true }),
      {
        kind: 'table',
        columns: [
          { header: 'Accepted', share: 0.18 },
          { header: 'Opportunity', share: 0.2 },
          { header: 'Text shown and accepted', share: 0.47 },
          { header: 'From', share: 0.15 },
        ],
        rows: soundings.map((s) => [utcTime(s.acceptedAt), s.opportunityName, richTextToPlain(s.disclosedText), s.ip ?? '—']),
        empty: none('market sounding'),
      },
      text('Insider-register entries', { bold: true }),
      {
        kind: 'table',
        columns: [
          { header: 'Project', share: 0.2 },
          { header: 'Entry', share: 0.38 },
          { header: 'Obtained', share: 0.14 },
          { header: 'Ceased', share: 0.14 },
          { header: 'Recorded', share: 0.14 },
        ],
        rows: entries.map(({ entry, project, company, ceasedAt }) => [
          `${project} (${company})`,
          [
            `${entry.source.replace('_', ' ')}${entry.correctsId ? ` (corrects entry ${entry.correctsId})` : ''}`,
            entry.reason,
            entry.disclosedText ? `Told: ${richTextToPlain(entry.disclosedText)}` : '',
          ]
            .filter(Boolean)
            .join('\n'),
          utcTime(entry.obtainedAt),
          utcTime(ceasedAt),
          utcTime(entry.recordedAt),
        ]),
        empty: 'No insider-register entry about this person.',
      },
    ],
  };
}

async function investmentsSection({ db, investor }: PackInput): Promise<Section> {
  const rows = await db
    .select({ investment: investments, opportunity: investmentOpportunities.name, terms: investmentOpportunities.investmentTerms })
    .from(investments)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
    .where(eq(investments.userId, investor.id))
    .orderBy(asc(investments.createdAt), asc(investments.id));
  const blocks: Block[] = rows.length ? [] : [text(none('investment'), { muted: true })];
  for (const { investment: i, opportunity, terms: termsText } of rows) {
    blocks.push({
      kind: 'fields',
      pairs: [
        ['Opportunity', `${opportunity} (investment ${i.id}, ${i.type}, held ${i.holderType.replace('_', ' ')})`],
        [
          'Amount',
          `${formatMoney({ amount: i.amount, currency: i.currency })}${i.shares ? ` for ${formatShareCount(i.shares)} shares` : ''}${i.sharePrice ? ` at ${formatUnitPrice(i.sharePrice, i.currency)}` : ''}`,
        ],
        ['Status', i.status + (i.cancelReason ? ` (${i.cancelReason})` : '')],
        ['Reserved', utcTime(i.createdAt)],
        ['Terms accepted', i.termsAcceptedAt ? utcTime(i.termsAcceptedAt) : 'Not recorded (entered by staff)'],
        ['Investment terms (as now published)', termsText ? richTextToPlain(termsText) : '—'],
        ['Cash call / paid / completed', [i.cashCallAt, i.paidAt, i.completedAt].map(utcTime).join(' / ')],
        ...(i.cancelledAt ? ([['Cancelled', utcTime(i.cancelledAt)]] as Array<[string, string]>) : []),
      ],
    });
  }
  return { title: 'Investments', blocks };
}

const retentionText: Record<RecordRetention['status'], string> = {
  open: 'The account is open: the relationship has not ended.',
  holding: 'The account is closed but the investor still holds investments: the relationship has not ended.',
  retained: 'The relationship has ended; the records are within their retention period.',
  expired: 'The retention period is over: the records may be removed.',
};

function retention({ retention: r }: PackInput): Section {
  return {
    title: 'Record retention',
    blocks: [
      {
        kind: 'fields',
        pairs: [
          ['Standing', retentionText[r.status]],
          ['Account closed', utcTime(r.account_closed_at)],
          ['Relationship ended', utcTime(r.relationship_ended_at)],
          ['Kept at least until', r.kept_until ? utcTime(r.kept_until) : 'Five years after the relationship ends'],
        ],
      },
    ],
  };
}

/** The pack's sections, in order. */
export const SECTIONS: ReadonlyArray<(input: PackInput) => Promise<Section> | Section> = [
  identity,
  screening,
  categorisations,
  appropriateness,
  riskWarningAndCoolingOff,
  terms,
  signUpDocuments,
  insiderRegister,
  investmentsSection,
  retention,
];
