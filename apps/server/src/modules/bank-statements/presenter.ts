import Decimal from 'decimal.js';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type BankStatement,
  type BankStatementDetail,
  type BankStatementFormat,
  STATEMENT_LINE_STATUS_LABELS,
  STATEMENT_LINE_STATUSES,
  type StatementLine,
  UNRESOLVED_LINES_SHOWN,
  type StatementLineStatus,
  type StatementMatchKind,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { bankStatementLines, bankStatements, investmentOpportunities, investments, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { StatementRow } from './import';

const investor = alias(users, 'investor');
const resolver = alias(users, 'resolver');

/** Statements with who uploaded them and their lines counted by status. */
async function presentStatements(db: Db, rows: StatementRow[]): Promise<BankStatement[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [counts, names] = await Promise.all([
    db
      .select({ statementId: bankStatementLines.statementId, status: bankStatementLines.status, n: sql<number>`count(*)::int` })
      .from(bankStatementLines)
      .where(inArray(bankStatementLines.statementId, ids))
      .groupBy(bankStatementLines.statementId, bankStatementLines.status),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        inArray(
          users.id,
          rows
            .map((r) => r.uploadedBy)
            .filter((id): id is number => id !== null)
            .concat(0),
        ),
      ),
  ]);
  const person = new Map(names.map((p) => [p.id, p]));
  return rows.map((r) => ({
    id: r.id,
    filename: r.filename,
    format: r.format as BankStatementFormat,
    account: r.account,
    uploaded_at: r.createdAt.toISOString(),
    uploaded_by: r.uploadedBy === null ? null : (person.get(r.uploadedBy) ?? null),
    lines: Object.fromEntries(
      STATEMENT_LINE_STATUSES.map((s) => [s, Number(counts.find((c) => c.statementId === r.id && c.status === s)?.n ?? 0)]),
    ) as Record<StatementLineStatus, number>,
    debits_skipped: r.debitsSkipped,
    duplicates_skipped: r.duplicatesSkipped,
  }));
}

/** The latest statements, newest first. */
export async function latestStatements(db: Db, limit = 50): Promise<BankStatement[]> {
  return presentStatements(db, await db.select().from(bankStatements).orderBy(desc(bankStatements.id)).limit(limit));
}

/** One line and the cash call it is tied to, as staff review it. */
function selectLines(db: Db) {
  return db
    .select({
      line: bankStatementLines,
      statement: { id: bankStatements.id, filename: bankStatements.filename },
      call: investments,
      investor: investor.name,
      opportunity: investmentOpportunities.name,
      resolver: { id: resolver.id, name: resolver.name },
    })
    .from(bankStatementLines)
    .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
    .leftJoin(investments, eq(investments.id, bankStatementLines.investmentId))
    .leftJoin(investor, eq(investor.id, investments.userId))
    .leftJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
    .leftJoin(resolver, eq(resolver.id, bankStatementLines.resolvedBy));
}

type JoinedLine = Awaited<ReturnType<ReturnType<typeof selectLines>['where']>>[number];

function presentLine(r: JoinedLine): StatementLine {
  const { line, call } = r;
  const status = line.status as StatementLineStatus;
  return {
    id: line.id,
    statement: r.statement,
    position: line.position,
    booked_on: line.bookedOn,
    amount: line.amount,
    currency: line.currency,
    reference: line.reference,
    payer_name: line.payerName,
    status,
    status_label: STATEMENT_LINE_STATUS_LABELS[status],
    match_kind: line.matchKind as StatementMatchKind | null,
    cash_call: call
      ? {
          id: call.id,
          payment_reference: call.paymentReference,
          investor: r.investor ?? '',
          opportunity: r.opportunity ?? '',
          amount: call.amount,
          amount_outstanding: Decimal.max(0, new Decimal(call.amount).minus(call.receivedAmount)).toFixed(2),
          currency: call.currency,
          status: call.status,
        }
      : null,
    payment_id: line.paymentId,
    resolved_by: r.resolver?.id ? r.resolver : null,
    resolved_at: line.resolvedAt?.toISOString() ?? null,
  };
}

export async function presentLineById(db: Db, id: number): Promise<StatementLine> {
  const [row] = await selectLines(db).where(eq(bankStatementLines.id, id));
  return presentLine(row);
}

/** A statement with every one of its credit lines, in file order. */
export async function statementDetail(db: Db, id: number): Promise<BankStatementDetail> {
  const [row] = await db.select().from(bankStatements).where(eq(bankStatements.id, id));
  if (!row) throw notFound('bank statement');
  const [statement] = await presentStatements(db, [row]);
  const lines = await selectLines(db)
    .where(eq(bankStatementLines.statementId, id))
    .orderBy(asc(bankStatementLines.position), asc(bankStatementLines.id));
  return { ...statement, statement_lines: lines.map(presentLine) };
}

/**
 * The credits still waiting for staff — suggested or unmatched — across every statement, oldest
 * statement first, so a line nobody has resolved stays in view after newer statements arrive.
 */
export async function unresolvedLines(db: Db): Promise<StatementLine[]> {
  const lines = await selectLines(db)
    .where(inArray(bankStatementLines.status, ['suggested', 'unmatched']))
    .orderBy(asc(bankStatementLines.statementId), asc(bankStatementLines.position), asc(bankStatementLines.id))
    .limit(UNRESOLVED_LINES_SHOWN);
  return lines.map(presentLine);
}
