import { and, asc, eq, sql } from 'drizzle-orm';
import { normaliseName } from '@platform/domain';
import type { Db } from '../../db/client';
import { bankStatementLines, investments } from '../../db/schema';
import { nameSimilarity } from '../../shared/screening-score';
import { cannotPay, type Payer, payWithLine } from './pay-line';

/** How alike the payer's and the investor's names must be (0–1) for an amount match to be offered. */
export const PAYER_NAME_SIMILARITY = 0.85;

type Rows<T> = { rows: T[] };

/**
 * Step 1, by reference: every unmatched line carrying an open cash call's payment reference is
 * tied to that call (the unique index on `payment_reference` answers each line), `matched` when it
 * can pay it in full or in part, `suggested` when it would over-pay or is in another currency.
 */
export function referenceMatches(tx: Db, statementId: number, now: Date) {
  return tx.execute(sql`
    update ${bankStatementLines} l
    set investment_id = i.id, match_kind = 'reference', updated_at = ${now.toISOString()}::timestamptz,
        status = case when i.currency = l.currency and l.amount <= i.amount - i.received_amount then 'matched' else 'suggested' end
    from ${investments} i
    where l.statement_id = ${statementId} and l.status = 'unmatched' and l.reference_key = i.payment_reference
      and i.status = 'cash_call' and i.deleted_at is null`);
}

/**
 * Step 2, by amount and name: for each line still unmatched, the open calls in its currency with
 * exactly its amount outstanding (`investments_open_outstanding_idx`), and of those the one whose
 * investor's name is most like the payer's, when alike enough and not tied, is suggested.
 */
export async function amountAndNameMatches(tx: Db, statementId: number, now: Date): Promise<number> {
  const { rows } = (await tx.execute(sql`
    select l.id as line_id, l.payer_name, i.id as investment_id, u.name
    from ${bankStatementLines} l
    join ${investments} i on i.status = 'cash_call' and i.deleted_at is null and i.currency = l.currency
      and (i.amount - i.received_amount) = l.amount
    join users u on u.id = i.user_id
    where l.statement_id = ${statementId} and l.status = 'unmatched' and l.payer_name <> ''`)) as unknown as Rows<{
    line_id: number;
    payer_name: string;
    investment_id: number;
    name: string;
  }>;
  const best = new Map<number, { investmentId: number; score: number; tied: boolean }>();
  for (const r of rows) {
    const score = nameSimilarity(normaliseName(r.payer_name), normaliseName(r.name));
    if (score < PAYER_NAME_SIMILARITY) continue;
    const current = best.get(r.line_id);
    if (!current || score > current.score) best.set(r.line_id, { investmentId: r.investment_id, score, tied: false });
    else if (score === current.score && r.investment_id !== current.investmentId) current.tied = true;
  }
  const suggestions = [...best].filter(([, b]) => !b.tied);
  if (!suggestions.length) return 0;
  const values = sql.join(
    suggestions.map(([lineId, b]) => sql`(${lineId}::integer, ${b.investmentId}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${bankStatementLines} l set status = 'suggested', match_kind = 'amount_and_name', investment_id = s.investment_id,
      updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as s(line_id, investment_id) where l.id = s.line_id`);
  return suggestions.length;
}

/**
 * Matches a statement's new lines and pays what matched by reference, in the caller's transaction.
 * Lines are paid in file order, each under its call's lock: a later line that would now over-pay a
 * call an earlier line paid is offered instead (`suggested`).
 */
export async function matchStatement(tx: Db, statementId: number, by: Payer): Promise<void> {
  await referenceMatches(tx, statementId, by.now);
  await amountAndNameMatches(tx, statementId, by.now);
  const matched = await tx
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.statementId, statementId), eq(bankStatementLines.status, 'matched')))
    .orderBy(asc(bankStatementLines.position), asc(bankStatementLines.id));
  for (const line of matched) {
    const investmentId = line.investmentId as number;
    const [call] = await tx.select().from(investments).where(eq(investments.id, investmentId)).for('update');
    if (cannotPay(call, line))
      await tx.update(bankStatementLines).set({ status: 'suggested', updatedAt: by.now }).where(eq(bankStatementLines.id, line.id));
    else await payWithLine(tx, line, investmentId, 'reference', by);
  }
}
