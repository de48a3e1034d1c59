import { count, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketSoundingAcceptances, users } from '../../db/schema';

/** The insider register's market-sounding entries: written when an investor accepts, read by staff (market-sounding-routes.ts). */

/** Records an investor's acceptance of a market sounding once; accepting again records nothing (the register is append-only). */
export async function recordMarketSoundingAcceptance(
  db: Db,
  entry: {
    opportunityId: number;
    userId: number;
    disclosedText: string;
    opportunityName: string;
    ip: string;
    userAgent: string | null;
    acceptedAt: Date;
  },
) {
  const [created] = await db.insert(marketSoundingAcceptances).values(entry).onConflictDoNothing().returning();
  return created;
}

/** The insider register's market-sounding entries, with the investor named (list query: ./list.ts). */
export function marketSoundingAcceptanceRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: marketSoundingAcceptances.id,
      opportunityId: marketSoundingAcceptances.opportunityId,
      userId: marketSoundingAcceptances.userId,
      userName: users.name,
      userEmail: users.email,
      opportunityName: marketSoundingAcceptances.opportunityName,
      disclosedText: marketSoundingAcceptances.disclosedText,
      acceptedAt: marketSoundingAcceptances.acceptedAt,
      ip: marketSoundingAcceptances.ip,
    })
    .from(marketSoundingAcceptances)
    .innerJoin(users, eq(users.id, marketSoundingAcceptances.userId))
    .where(where)
    .$dynamic();
}

export function countMarketSoundingAcceptances(db: Db, where: SQL | undefined) {
  return db.select({ total: count() }).from(marketSoundingAcceptances).where(where).$dynamic();
}
