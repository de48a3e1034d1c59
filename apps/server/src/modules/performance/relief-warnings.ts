import { and, eq, inArray, isNull } from 'drizzle-orm';
import { hasHoldingPeriod, reliefHoldingEndsOn, reliefWithdrawalWarning, type ReliefScheme } from '@platform/domain';
import type { Db } from '../../db/client';
import { investments, shareIssues } from '../../db/schema';
import { flagOn, loadSettings } from '../../shared/settings';
import { holderKeyOf } from './holders';

/**
 * When each register line's relief holding period ends (decision 0060): the latest end among its
 * held investments that claim relief, counted from the share issue or, with none recorded, from
 * the day the shares were paid for. Empty while `tax_enabled` is off.
 */
export async function reliefPeriodsOf(db: Db, opportunityId: number): Promise<Map<string, { scheme: ReliefScheme; endsOn: string }>> {
  const periods = new Map<string, { scheme: ReliefScheme; endsOn: string }>();
  if (!flagOn(await loadSettings(db), 'tax_enabled')) return periods;
  const rows = await db
    .select({ investment: investments, issuedOn: shareIssues.issuedOn })
    .from(investments)
    .leftJoin(shareIssues, and(eq(shareIssues.id, investments.shareIssueId), isNull(shareIssues.deletedAt)))
    .where(
      and(
        eq(investments.opportunityId, opportunityId),
        inArray(investments.status, ['paid', 'completed']),
        inArray(investments.relief, ['eis', 'seis', 'vct']),
        isNull(investments.deletedAt),
      ),
    );
  for (const { investment, issuedOn } of rows) {
    const scheme = investment.relief as ReliefScheme;
    if (!hasHoldingPeriod(scheme)) continue;
    const endsOn = reliefHoldingEndsOn(issuedOn ?? (investment.paidAt ?? investment.createdAt).toISOString().slice(0, 10));
    const key = holderKeyOf(investment);
    const current = periods.get(key);
    if (!current || current.endsOn < endsOn) periods.set(key, { scheme, endsOn });
  }
  return periods;
}

/** The warnings for disposals inside a relief holding period: relief may be withdrawn. */
export async function reliefWarnings(db: Db, opportunityId: number, disposals: { holderKey: string; date: string }[]): Promise<string[]> {
  const periods = await reliefPeriodsOf(db, opportunityId);
  return disposals.flatMap(({ holderKey, date }) => {
    const period = periods.get(holderKey);
    return period && date < period.endsOn ? [reliefWithdrawalWarning(period.scheme, period.endsOn)] : [];
  });
}
