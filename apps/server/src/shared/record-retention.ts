import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { INVESTOR_RECORDS_RETENTION_YEARS, type RecordRetention } from '@platform/domain';
import type { Db } from '../db/client';
import { companyOutcomes, holdingRealisations, investments, users } from '../db/schema';
import { AppError } from '../platform/errors';

/**
 * How long an investor's records are kept (decision 0033): at least five years after the
 * relationship ends. The relationship ends when both have happened — the account is closed (soft
 * delete) and nothing is held any more — at the later of the two instants. A holding is an
 * opportunity in which the investor has an investment that is not cancelled; it is realised by an
 * exit or write-off of the company, or once the investor's realised shares reach the shares they
 * hold there (its date: that outcome or the last realisation). A cancelled investment ends on its
 * cancellation. The database keeps a second, simpler guard (migration 0026): nothing of an
 * investor's pack is removed while the account is open or was closed less than five years ago.
 */

/** The day five years after an instant (29 February becomes 1 March). */
export function retentionEnd(endedAt: Date): Date {
  const until = new Date(endedAt.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + INVESTOR_RECORDS_RETENTION_YEARS);
  return until;
}

const dayEnd = (isoDate: string) => new Date(`${isoDate}T23:59:59.999Z`);
const latest = (dates: Array<Date | null>): Date | null => dates.reduce<Date | null>((max, d) => (d && (!max || d > max) ? d : max), null);

/** Where an investor's relationship stands, and from when their records may be removed. */
export async function recordRetention(db: Db, userId: number, now: Date): Promise<RecordRetention> {
  const [user] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  const holdings = await db
    .select({
      opportunityId: investments.opportunityId,
      shares: sql<string | null>`sum(${investments.shares})`,
      realised: sql<string | null>`(select sum(${holdingRealisations.shares}) from ${holdingRealisations}
        where ${holdingRealisations.userId} = ${userId} and ${holdingRealisations.opportunityId} = ${investments.opportunityId}
        and ${holdingRealisations.deletedAt} is null)`,
      lastRealisation: sql<string | null>`(select max(${holdingRealisations.date})::text from ${holdingRealisations}
        where ${holdingRealisations.userId} = ${userId} and ${holdingRealisations.opportunityId} = ${investments.opportunityId}
        and ${holdingRealisations.deletedAt} is null)`,
      closedOn: sql<string | null>`(select max(${companyOutcomes.date})::text from ${companyOutcomes}
        where ${companyOutcomes.opportunityId} = ${investments.opportunityId} and ${companyOutcomes.kind} in ('exit', 'write-off')
        and ${companyOutcomes.deletedAt} is null)`,
    })
    .from(investments)
    .where(and(eq(investments.userId, userId), ne(investments.status, 'cancelled'), isNull(investments.deletedAt)))
    .groupBy(investments.opportunityId);
  const [cancelled] = await db
    .select({ at: sql<Date | null>`max(${investments.cancelledAt})`.mapWith((v) => (v ? new Date(v) : null)) })
    .from(investments)
    .where(and(eq(investments.userId, userId), eq(investments.status, 'cancelled')));

  const holdingEnds: Date[] = [];
  let stillHeld = 0;
  for (const h of holdings) {
    const fullyRealised = h.shares != null && h.realised != null && Number(h.realised) >= Number(h.shares) && Number(h.shares) > 0;
    if (h.closedOn) holdingEnds.push(dayEnd(h.closedOn));
    else if (fullyRealised && h.lastRealisation) holdingEnds.push(dayEnd(h.lastRealisation));
    else stillHeld++;
  }
  const closedAt = user?.deletedAt ?? null;
  if (!closedAt || stillHeld) {
    return {
      status: closedAt ? 'holding' : 'open',
      account_closed_at: closedAt?.toISOString() ?? null,
      holdings_open: stillHeld,
      relationship_ended_at: null,
      kept_until: null,
      may_remove: false,
    };
  }
  const endedAt = latest([closedAt, cancelled?.at ?? null, ...holdingEnds])!;
  const keptUntil = retentionEnd(endedAt);
  return {
    status: now >= keptUntil ? 'expired' : 'retained',
    account_closed_at: closedAt.toISOString(),
    holdings_open: 0,
    relationship_ended_at: endedAt.toISOString(),
    kept_until: keptUntil.toISOString(),
    may_remove: now >= keptUntil,
  };
}

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Why an investor's records may not be removed yet, or null when they may. */
export function retentionRefusal(retention: RecordRetention): string | null {
  if (retention.may_remove) return null;
  if (retention.status === 'open')
    return `This investor's records are kept for ${INVESTOR_RECORDS_RETENTION_YEARS} years after the relationship ends, and their account is still open. Delete (close) the account first: the ${INVESTOR_RECORDS_RETENTION_YEARS} years start then.`;
  if (retention.status === 'holding')
    return `This investor's records are kept for ${INVESTOR_RECORDS_RETENTION_YEARS} years after the relationship ends, and they still hold ${retention.holdings_open === 1 ? 'an investment' : `${retention.holdings_open} investments`}. The ${INVESTOR_RECORDS_RETENTION_YEARS} years start once the last holding is realised.`;
  return `This investor's records are kept until ${longDate(retention.kept_until!)}, ${INVESTOR_RECORDS_RETENTION_YEARS} years after the relationship ended on ${longDate(retention.relationship_ended_at!)}. They may be deleted from ${longDate(retention.kept_until!)}.`;
}

/** 409 naming the date from which the records may go, unless the retention period is over. */
export async function assertRecordsMayBeRemoved(db: Db, userId: number, now: Date): Promise<void> {
  const retention = await recordRetention(db, userId, now);
  const refusal = retentionRefusal(retention);
  if (refusal)
    throw new AppError('conflict', refusal, undefined, {
      code: 'records_retained',
      ...(retention.kept_until ? { available_at: retention.kept_until } : {}),
    });
}
