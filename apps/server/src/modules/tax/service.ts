import Decimal from 'decimal.js';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  COMPLIANCE_STATEMENT_STATUS_LABELS,
  RELIEF_FORMS,
  RELIEF_LABELS,
  reliefHoldingEndsOn,
  type ComplianceStatementStatus,
  type HolderType,
  type ReliefScheme,
  type ShareIssue,
  type TaxCertificate,
  type UpdateShareIssueInput,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { documents, investments, shareIssues, taxCertificates } from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { flagOn, loadSettings } from '../../shared/settings';
import { heldThroughName, loadHeldInvestments } from '../performance';

export type ShareIssueRow = typeof shareIssues.$inferSelect;
export type CertificateRow = typeof taxCertificates.$inferSelect;

/** Tax routes answer 404 while `tax_enabled` is off, to every role alike (decision 0060). */
export async function assertTaxEnabled(db: Db) {
  if (!flagOn(await loadSettings(db), 'tax_enabled')) throw new AppError('not_found', 'Tax relief is not enabled.');
}

export async function findShareIssue(db: Db, id: number): Promise<ShareIssueRow | undefined> {
  const [row] = await db
    .select()
    .from(shareIssues)
    .where(and(eq(shareIssues.id, id), isNull(shareIssues.deletedAt)));
  return row;
}

/** The share issue an investment names must be one of its own company's. */
export async function assertShareIssueOf(db: Db, shareIssueId: number | null | undefined, opportunityId: number): Promise<void> {
  if (shareIssueId == null) return;
  const issue = await findShareIssue(db, shareIssueId);
  if (!issue || issue.opportunityId !== opportunityId) throw validationError({ share_issue_id: ['Choose a share issue of this company.'] });
}

/** A compliance statement submitted, authorised or rejected has a submission date. */
export function assertStatementComplete(after: Pick<ShareIssueRow, 'statementStatus' | 'statementSubmittedOn'>) {
  if (after.statementStatus !== 'not_submitted' && !after.statementSubmittedOn)
    throw validationError({ statement_submitted_on: ['Enter the day the statement was submitted to HMRC.'] });
}

export function shareIssueChanges(input: UpdateShareIssueInput): Partial<ShareIssueRow> {
  return {
    issuedOn: input.issued_on,
    shareClass: input.share_class,
    pricePerShare: input.price_per_share,
    scheme: input.scheme,
    statementStatus: input.statement_status,
    statementSubmittedOn: input.statement_submitted_on,
    hmrcReference: input.hmrc_reference,
  };
}

export function presentCertificate(
  row: CertificateRow,
  issue: Pick<ShareIssueRow, 'scheme'>,
  fileName: string,
  downloadUrl: string,
): TaxCertificate {
  return {
    id: row.id,
    share_issue_id: row.shareIssueId,
    user_id: row.userId,
    form: RELIEF_FORMS[issue.scheme as ReliefScheme]?.certificate ?? 'Certificate',
    certificate_reference: row.certificateReference,
    issued_on: row.issuedOn,
    file_name: fileName,
    uploaded_at: row.createdAt.toISOString(),
    download_url: downloadUrl,
  };
}

/** Live certificates with their file names: of some share issues, or of one investor. */
export async function loadCertificates(db: Db, of: { shareIssueIds?: number[]; userId?: number }) {
  if (of.shareIssueIds && !of.shareIssueIds.length) return [];
  return db
    .select({ certificate: taxCertificates, fileName: documents.name, issue: shareIssues })
    .from(taxCertificates)
    .innerJoin(documents, eq(documents.id, taxCertificates.documentId))
    .innerJoin(shareIssues, eq(shareIssues.id, taxCertificates.shareIssueId))
    .where(
      and(
        isNull(taxCertificates.deletedAt),
        isNull(shareIssues.deletedAt),
        of.shareIssueIds ? inArray(taxCertificates.shareIssueId, of.shareIssueIds) : undefined,
        of.userId === undefined ? undefined : eq(taxCertificates.userId, of.userId),
      ),
    )
    .orderBy(asc(shareIssues.issuedOn), asc(taxCertificates.id));
}

/**
 * Who beneficially owns each issue's shares: the investors behind its held investments, grouped by
 * investor however they hold — a nominee's client is the owner, not the nominee.
 */
async function loadOwners(db: Db, issueIds: number[]) {
  if (!issueIds.length) return [];
  const rows = await loadHeldInvestments(db, inArray(investments.shareIssueId, issueIds));
  const owners = new Map<
    string,
    { issueId: number; userId: number; name: string; through: Set<string>; shares: Decimal; amount: Decimal }
  >();
  for (const r of rows) {
    const i = r.investment;
    const key = `${i.shareIssueId}:${i.userId}`;
    const owner = owners.get(key) ?? {
      issueId: i.shareIssueId!,
      userId: i.userId,
      name: r.name,
      through: new Set<string>(),
      shares: new Decimal(0),
      amount: new Decimal(0),
    };
    const through = heldThroughName(i.holderType as HolderType, r);
    if (through) owner.through.add(through);
    owner.shares = owner.shares.plus(i.shares ?? 0);
    owner.amount = owner.amount.plus(i.amount);
    owners.set(key, owner);
  }
  return [...owners.values()];
}

/** Whether an investor beneficially owns shares of an issue (a certificate can be theirs). */
export async function ownsSharesOf(db: Db, issueId: number, userId: number): Promise<boolean> {
  return (await loadOwners(db, [issueId])).some((o) => o.userId === userId);
}

/** A company's share issues, oldest first, each with its beneficial owners and their certificates. */
export async function listShareIssues(db: Db, opportunityId: number, issueId?: number): Promise<ShareIssue[]> {
  const issues = await db
    .select()
    .from(shareIssues)
    .where(
      and(
        eq(shareIssues.opportunityId, opportunityId),
        isNull(shareIssues.deletedAt),
        issueId === undefined ? undefined : eq(shareIssues.id, issueId),
      ),
    )
    .orderBy(asc(shareIssues.issuedOn), asc(shareIssues.id));
  const ids = issues.map((i) => i.id);
  const [owners, certificates] = await Promise.all([loadOwners(db, ids), loadCertificates(db, { shareIssueIds: ids })]);
  const certificateOf = new Map(certificates.map((c) => [`${c.certificate.shareIssueId}:${c.certificate.userId}`, c]));
  return issues.map((issue) => {
    const scheme = issue.scheme as ReliefScheme;
    const status = issue.statementStatus as ComplianceStatementStatus;
    return {
      id: issue.id,
      opportunity_id: issue.opportunityId,
      issued_on: issue.issuedOn,
      share_class: issue.shareClass,
      price_per_share: issue.pricePerShare,
      scheme,
      scheme_label: RELIEF_LABELS[scheme],
      statement_form: RELIEF_FORMS[scheme]?.statement ?? null,
      certificate_form: RELIEF_FORMS[scheme]?.certificate ?? null,
      statement_status: status,
      statement_status_label: COMPLIANCE_STATEMENT_STATUS_LABELS[status],
      statement_submitted_on: issue.statementSubmittedOn,
      hmrc_reference: issue.hmrcReference,
      holding_period_ends_on: reliefHoldingEndsOn(issue.issuedOn),
      owners: owners
        .filter((o) => o.issueId === issue.id)
        .map((o) => {
          const held = certificateOf.get(`${issue.id}:${o.userId}`);
          return {
            user: { id: o.userId, name: o.name },
            held_through: [...o.through],
            shares: o.shares.toFixed(6),
            amount: o.amount.toFixed(2),
            certificate: held
              ? presentCertificate(held.certificate, issue, held.fileName, `/api/tax-certificates/${held.certificate.id}/download`)
              : null,
          };
        }),
      created_at: issue.createdAt.toISOString(),
    };
  });
}

/** One share issue of a company, with owners and certificates. */
export async function presentShareIssue(db: Db, issue: ShareIssueRow): Promise<ShareIssue> {
  const [presented] = await listShareIssues(db, issue.opportunityId, issue.id);
  if (!presented) throw notFound('share issue');
  return presented;
}
