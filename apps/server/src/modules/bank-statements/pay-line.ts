import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { formatMoney, type StatementMatchKind } from '@platform/domain';
import type { Db } from '../../db/client';
import { bankStatementLines, investments } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import { recordPayment } from '../investments';

export type LineRow = typeof bankStatementLines.$inferSelect;
type InvestmentRow = typeof investments.$inferSelect;

/** The ledger's provider for money read from a statement; the line's id is the payment's reference. */
export const STATEMENT_PROVIDER = 'bank_statement';

/** Why a line cannot pay a call (a message for staff), or null when it can: open, same currency, not over-paid. */
export function cannotPay(call: InvestmentRow | undefined, line: Pick<LineRow, 'amount' | 'currency'>): string | null {
  if (!call || call.deletedAt || call.status !== 'cash_call') return 'Choose an open cash call.';
  if (call.currency !== line.currency) return `This cash call is in ${call.currency}; the line is in ${line.currency}.`;
  const outstanding = new Decimal(call.amount).minus(call.receivedAmount);
  if (outstanding.lt(line.amount))
    return `This cash call has ${formatMoney({ amount: outstanding.toFixed(2), currency: call.currency })} outstanding; the line's ${formatMoney(line)} would over-pay it. Record an over-payment from the cash calls page.`;
  return null;
}

export interface Payer {
  userId: number | null;
  now: Date;
  request?: FastifyRequest;
}

/**
 * Pays a cash call with a statement line, in the caller's transaction: the call is locked, checked
 * (open, same currency, not over-paid) and paid through `recordPayment`, so the ledger, the
 * received total and the call's status follow; the line keeps the payment. The payment's
 * reference is the line's id, unique in the ledger, so a line never pays twice.
 */
export async function payWithLine(tx: Db, line: LineRow, investmentId: number, kind: StatementMatchKind, by: Payer): Promise<LineRow> {
  const [call] = await tx.select().from(investments).where(eq(investments.id, investmentId)).for('update');
  const refused = cannotPay(call, line);
  if (refused) throw validationError({ investment_id: [refused] });
  const { payment } = await recordPayment(tx, {
    investmentId,
    amount: line.amount,
    currency: line.currency,
    method: 'bank_transfer',
    provider: STATEMENT_PROVIDER,
    providerReference: `line-${line.id}`,
    receivedOn: line.bookedOn,
    note: `Bank statement ${line.statementId}, line ${line.position}`,
    recordedBy: by.userId,
    now: by.now,
    action: 'statement_line_paid',
    request: by.request,
  });
  if (!payment) throw new AppError('conflict', 'This line has already paid a cash call.');
  const [after] = await tx
    .update(bankStatementLines)
    .set({
      status: 'matched',
      matchKind: kind,
      investmentId,
      paymentId: payment.id,
      resolvedBy: by.userId,
      resolvedAt: by.now,
      updatedAt: by.now,
    })
    .where(eq(bankStatementLines.id, line.id))
    .returning();
  return after;
}

/** One line of one statement, locked for a decision; a line already paid or set aside is a 409. */
export async function lockOpenLine(tx: Db, statementId: number, lineId: number): Promise<LineRow> {
  const [line] = await tx
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.id, lineId), eq(bankStatementLines.statementId, statementId)))
    .for('update');
  if (!line) throw notFound('statement line');
  if (line.status === 'matched') throw new AppError('conflict', 'This line has already paid a cash call.');
  if (line.status === 'ignored') throw new AppError('conflict', 'This line has been ignored.');
  return line;
}

/** Staff set a line aside: it pays nothing and leaves the review. */
export async function ignoreLine(tx: Db, line: LineRow, by: Payer): Promise<LineRow> {
  const [after] = await tx
    .update(bankStatementLines)
    .set({ status: 'ignored', resolvedBy: by.userId, resolvedAt: by.now, updatedAt: by.now })
    .where(and(eq(bankStatementLines.id, line.id), sql`${bankStatementLines.paymentId} is null`))
    .returning();
  await recordActivity(tx, {
    request: by.request,
    actorId: by.userId,
    action: 'statement_line_ignored',
    subjectType: 'bank_statement',
    subjectId: line.statementId,
    after: { line: line.position, amount: formatMoney(line) },
  });
  return after;
}
