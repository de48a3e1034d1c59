import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { type InvestorCountByDate, Role, type UserCountStats } from '@platform/domain';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_DAYS = 90;

/** Accounts by kind, and investors who have not confirmed their address or accepted the current terms. */
export async function countUsers(db: Db, termsVersion: number): Promise<UserCountStats> {
  const investor = and(eq(users.roleId, Role.User), isNull(users.deletedAt));
  const [row] = await db
    .select({
      investors: sql<number>`count(*) filter (where ${investor})`.mapWith(Number),
      staff: sql<number>`count(*) filter (where ${users.roleId} <> ${Role.User} and ${users.deletedAt} is null)`.mapWith(Number),
      verified_investors: sql<number>`count(*) filter (where ${investor} and ${users.emailVerifiedAt} is not null)`.mapWith(Number),
      pending_terms: sql<number>`count(*) filter (where ${investor} and ${users.acceptedTermsVersion} < ${termsVersion})`.mapWith(Number),
    })
    .from(users);
  return { ...row, unverified_investors: row.investors - row.verified_investors };
}

/** New investors per day over the last 90 days up to `now`. */
export async function investorsByDate(db: Db, now: Date): Promise<InvestorCountByDate> {
  const today = new Date(now.toISOString().slice(0, 10));
  const from = new Date(today.getTime() - (HISTORY_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, count: count() })
    .from(users)
    .where(
      and(
        eq(users.roleId, Role.User),
        isNull(users.deletedAt),
        gte(users.createdAt, from),
        lt(users.createdAt, new Date(today.getTime() + DAY_MS)),
      ),
    )
    .groupBy(day);
  const counts = new Map(rows.map((r) => [r.date, Number(r.count)]));
  // Every day of the window appears, zero included, so the chart has no gaps.
  return Array.from({ length: HISTORY_DAYS }, (_, i) => {
    const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: counts.get(date) ?? 0 };
  });
}
