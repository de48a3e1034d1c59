import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { paymentReferenceIn } from '@platform/domain';
import type { Db } from '../../db/client';
import { bankStatementLines, bankStatements } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { ParsedLine, ParsedStatement } from './lines';
import { matchStatement } from './match';

const BATCH = 1000;
export type StatementRow = typeof bankStatements.$inferSelect;

/**
 * Each credit's fingerprint: account, day, amount, currency, reference, the bank's own id and which
 * occurrence of that same line it is in the file (two identical transfers on one day are two
 * lines). The same statement, or an overlapping one, imported again yields the same fingerprints.
 */
export function fingerprints(account: string | null, lines: ParsedLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const key = [account ?? '', l.bookedOn, l.amount, l.currency, l.reference.trim().toUpperCase(), l.bankId].join('|');
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return createHash('sha256').update(`${key}|${occurrence}`).digest('hex');
  });
}

/**
 * Imports a read statement in one transaction: its credits are written (a line imported before is
 * skipped by its fingerprint and counted), matched to open cash calls, and those matched by
 * reference are paid. Debits are counted, never written.
 */
export async function importStatement(
  db: Db,
  parsed: ParsedStatement,
  upload: { filename: string; userId: number | null; now: Date; request?: FastifyRequest },
): Promise<StatementRow> {
  const credits = parsed.lines.filter((l) => Number(l.amount) > 0);
  const prints = fingerprints(parsed.account, credits);
  return db.transaction(async (tx) => {
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        filename: upload.filename,
        format: parsed.format,
        account: parsed.account,
        debitsSkipped: parsed.lines.length - credits.length,
        uploadedBy: upload.userId,
        createdAt: upload.now,
        updatedAt: upload.now,
      })
      .returning();
    let written = 0;
    for (let start = 0; start < credits.length; start += BATCH) {
      const rows = await tx
        .insert(bankStatementLines)
        .values(
          credits.slice(start, start + BATCH).map((l, i) => ({
            statementId: statement.id,
            position: l.position,
            bookedOn: l.bookedOn,
            amount: l.amount,
            currency: l.currency,
            reference: l.reference.slice(0, 500),
            referenceKey: paymentReferenceIn(`${l.reference} ${l.payerName}`),
            payerName: l.payerName.slice(0, 200),
            account: parsed.account,
            fingerprint: prints[start + i],
            status: 'unmatched',
            createdAt: upload.now,
            updatedAt: upload.now,
          })),
        )
        .onConflictDoNothing({ target: bankStatementLines.fingerprint })
        .returning({ id: bankStatementLines.id });
      written += rows.length;
    }
    await matchStatement(tx, statement.id, { userId: upload.userId, now: upload.now, request: upload.request });
    const [after] = await tx
      .update(bankStatements)
      .set({ duplicatesSkipped: credits.length - written })
      .where(eq(bankStatements.id, statement.id))
      .returning();
    const counts = await tx.execute(
      sql`select status, count(*)::int as n from ${bankStatementLines} where statement_id = ${statement.id} group by status`,
    );
    await recordActivity(tx, {
      request: upload.request,
      action: 'bank_statement_imported',
      subjectType: 'bank_statement',
      subjectId: statement.id,
      after: {
        filename: after.filename,
        format: after.format,
        lines: Object.fromEntries((counts as unknown as { rows: Array<{ status: string; n: number }> }).rows.map((r) => [r.status, r.n])),
        debits_skipped: after.debitsSkipped,
        duplicates_skipped: after.duplicatesSkipped,
      },
    });
    return after;
  });
}
