import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { investments, termConditionAcceptances, termConditions } from '../db/schema';
import { AppError, validationError } from '../platform/errors';

/** Investments still to be paid for: they are asked to accept a newer version of the terms. */
export const TERMS_ASKED_STATUSES = ['reserved', 'cash_call'] as const;

export type TermConditionRow = typeof termConditions.$inferSelect;

/** The version `id` of the opportunity's terms, if it is that opportunity's. */
async function findVersionOf(db: Db, opportunityId: number, id: number): Promise<TermConditionRow | undefined> {
  const [row] = await db
    .select()
    .from(termConditions)
    .where(and(eq(termConditions.id, id), eq(termConditions.opportunityId, opportunityId)));
  return row;
}

/**
 * Records that the investor accepted version `termConditionId` for the investment, in the caller's
 * transaction, which holds the opportunity's row lock (so no new version can be published between
 * the check and the write). The version must be the opportunity's current one: an older one answers
 * 409 naming the current version, an unknown one 422.
 */
export async function recordTermsAcceptance(
  tx: Db,
  p: {
    investment: { id: number; opportunityId: number; userId: number };
    currentVersion: number | null;
    termConditionId: number;
    request: FastifyRequest;
    now: Date;
  },
) {
  const version = await findVersionOf(tx, p.investment.opportunityId, p.termConditionId);
  if (!version) throw validationError({ term_condition_id: ['Choose the terms of this opportunity.'] });
  if (version.version !== p.currentVersion) {
    throw new AppError(
      'conflict',
      `These terms (version ${version.version}) have been replaced by version ${p.currentVersion}. Read the new terms and accept them.`,
    );
  }
  const inserted = await tx
    .insert(termConditionAcceptances)
    .values({
      termConditionId: version.id,
      investmentId: p.investment.id,
      userId: p.investment.userId,
      ip: p.request.ip,
      userAgent: p.request.headers['user-agent']?.slice(0, 500) ?? null,
      acceptedAt: p.now,
    })
    .onConflictDoNothing()
    .returning({ id: termConditionAcceptances.id });
  // Accepted already: the first acceptance and its time stand.
  if (!inserted.length) return { version, investment: undefined };
  const [updated] = await tx
    .update(investments)
    .set({ termsVersion: version.version, termsAcceptedAt: p.now, updatedAt: p.now })
    .where(eq(investments.id, p.investment.id))
    .returning();
  return { version, investment: updated };
}
