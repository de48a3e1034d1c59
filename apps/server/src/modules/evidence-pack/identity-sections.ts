import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  KYC_STATUS_LABELS,
  type KycStatus,
  SCREENING_LIST_LABELS,
  SCREENING_MATCH_STATUS_LABELS,
  type ScreeningListKind,
  type ScreeningMatchStatus,
} from '@platform/domain';
import {
  documents,
  folders,
  investorScreenings,
  screeningDecisions,
  screeningEntries,
  screeningLists,
  screeningMatches,
} from '../../db/schema';
import { fieldHistory, namesOf, none, type PackInput, type Section, table, text, utcTime } from './blocks';

const kycLabel = (status: unknown) => KYC_STATUS_LABELS[status as KycStatus] ?? String(status ?? '—');
const safeName = (name: string) => name.replace(/[^\w.() -]+/g, '_').slice(0, 120);

export async function identity({ db, investor, files }: PackInput): Promise<Section> {
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
      table(
        [
          ['When', 0.22],
          ['Result', 0.4],
          ['Recorded by', 0.38],
        ],
        kyc.map((k) => [utcTime(k.at), `${kycLabel(k.from)} -> ${kycLabel(k.to)}`, k.by]),
        none('change of KYC status'),
      ),
      text('Documents on the record (identity documents, signed documents and the rest; the files are in the zip)', { bold: true }),
      table(
        [
          ['Document', 0.26],
          ['Folder', 0.14],
          ['Filed', 0.14],
          ['Filed by', 0.18],
          ['File in the zip and its SHA-256', 0.28],
        ],
        rows,
        none('document'),
      ),
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
export async function screening({ db, investor }: PackInput): Promise<Section> {
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
      table(
        [
          ['Listed person', 0.2],
          ['List and version', 0.24],
          ['Score', 0.1],
          ['Status', 0.1],
          ['Decisions (who, when, why)', 0.36],
        ],
        rows,
        'No screening match: the investor was not found on any list screened against.',
      ),
    ],
  };
}
