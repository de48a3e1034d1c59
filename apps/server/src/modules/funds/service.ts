import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { type FundPositions, Role, type updateFundBody } from '@platform/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fundInvestments, funds, ledgers, netAssetValues, users } from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { namesById } from '../../platform/lookup';
import { sanitizeRichText } from '../../platform/sanitize';
import { latestNavByFund, ledgerTotalsByInvestor, positionFigures } from './figures';
import type { FundRow } from './presenter';

type FundInput = z.infer<typeof updateFundBody>;

export async function findLiveFund(db: Db, id: number): Promise<FundRow | undefined> {
  const [row] = await db
    .select()
    .from(funds)
    .where(and(eq(funds.id, id), isNull(funds.deletedAt)));
  return row;
}

export async function loadFund(db: Db, id: number): Promise<FundRow> {
  const fund = await findLiveFund(db, id);
  if (!fund) throw notFound('fund');
  return fund;
}

/**
 * Locks the fund row: NAV and ledger writes of one fund queue, so units in issue are read whole.
 * `field` names the body field a missing fund is reported on; without it, a missing fund is a 404.
 */
export async function lockFund(tx: Db, fundId: number, field?: string): Promise<FundRow> {
  const [fund] = await tx
    .select()
    .from(funds)
    .where(and(eq(funds.id, fundId), isNull(funds.deletedAt)))
    .for('update');
  if (!fund) throw field ? validationError({ [field]: ['Choose a fund.'] }) : notFound('fund');
  return fund;
}

async function assertManager(db: Db, managerId: number | null | undefined) {
  if (managerId == null) return;
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, managerId), ne(users.roleId, Role.User), isNull(users.deletedAt)));
  if (!manager) throw validationError({ manager_id: ['Choose a member of staff as the manager.'] });
}

async function hasRecords(db: Db, fundId: number, tables: Array<typeof ledgers | typeof netAssetValues | typeof fundInvestments>) {
  for (const table of tables) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.fundId, fundId), isNull(table.deletedAt)));
    if (Number(n) > 0) return true;
  }
  return false;
}

const fundColumns = (input: FundInput): Partial<typeof funds.$inferInsert> => ({
  name: input.name,
  type: input.type,
  vintage: input.vintage,
  currency: input.currency,
  targetSize: input.target_size,
  managementFee: input.management_fee,
  performanceFee: input.performance_fee,
  managerId: input.manager_id,
  description: input.description === undefined || input.description === null ? input.description : sanitizeRichText(input.description),
});

export async function createFund(tx: Db, input: FundInput & Pick<FundRow, 'name' | 'type' | 'vintage'>): Promise<FundRow> {
  await assertManager(tx, input.manager_id);
  const [row] = await tx
    .insert(funds)
    .values({ ...fundColumns(input), name: input.name, type: input.type, vintage: input.vintage })
    .returning();
  return row;
}

/** Updates a fund under its lock; answers the row before and after. */
export async function updateFund(tx: Db, id: number, input: FundInput, now: Date): Promise<{ before: FundRow; after: FundRow }> {
  // Locked: a NAV, ledger entry or holding recorded meanwhile must be seen by the currency check.
  const before = await lockFund(tx, id);
  await assertManager(tx, input.manager_id);
  // Amounts already recorded are in the fund's currency: changing it would silently relabel them.
  if (
    input.currency &&
    input.currency !== before.currency &&
    (await hasRecords(tx, before.id, [ledgers, netAssetValues, fundInvestments]))
  ) {
    throw validationError({ currency: ['The currency cannot change once NAVs, ledger entries or investments are recorded.'] });
  }
  const [after] = await tx
    .update(funds)
    .set({ ...fundColumns(input), updatedAt: now })
    .where(eq(funds.id, before.id))
    .returning();
  return { before, after };
}

/** Soft delete. Investors' holdings must never vanish with a fund: one with ledger entries or investments stays. */
export async function deleteFund(tx: Db, id: number, now: Date): Promise<{ before: FundRow; after: FundRow }> {
  const before = await lockFund(tx, id);
  if (await hasRecords(tx, before.id, [ledgers, fundInvestments])) {
    throw new AppError('conflict', 'This fund has ledger entries or investments: remove them before deleting the fund.');
  }
  const [after] = await tx.update(funds).set({ deletedAt: now, updatedAt: now }).where(eq(funds.id, before.id)).returning();
  return { before, after };
}

/** The Transactions tab's summary: each investor's balance with the fund, units and their value. */
export async function fundPositions(db: Db, fund: FundRow, asOf: string): Promise<FundPositions> {
  const [totals, navs] = await Promise.all([
    ledgerTotalsByInvestor(db, eq(ledgers.fundId, fund.id), asOf),
    latestNavByFund(db, [fund.id], asOf, true),
  ]);
  const investors = await namesById(db, users, [...totals.keys()]);
  const data = [...totals]
    .map(([investorId, t]) => ({
      investor: investors.get(investorId) ?? { id: investorId, name: '' },
      ...positionFigures(t, navs.get(fund.id), asOf),
    }))
    .sort((a, b) => a.investor.name.localeCompare(b.investor.name) || a.investor.id - b.investor.id);
  return { data, meta: { fund_id: fund.id, currency: fund.currency, as_of: asOf } };
}
