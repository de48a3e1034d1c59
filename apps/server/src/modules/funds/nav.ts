import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { type createNavBody, navPerUnit, type updateNavBody } from '@platform/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { funds, ledgers, netAssetValues } from '../../db/schema';
import { notFound, validationError } from '../../platform/errors';
import { ledgerTotalsByFund, type NavRow } from './figures';
import { lockFund } from './service';

/** NAVs of live funds: those of a deleted fund go with it (a fund may be deleted with NAVs but no ledgers or holdings). */
export const liveNavs = (db: Db) =>
  and(
    isNull(netAssetValues.deletedAt),
    inArray(netAssetValues.fundId, db.select({ id: funds.id }).from(funds).where(isNull(funds.deletedAt))),
  );

/** Units the ledgers show in issue at the end of `date`: issued by subscriptions less those redeemed. */
async function unitsIssuedOn(tx: Db, fundId: number, date: string): Promise<string> {
  const totals = await ledgerTotalsByFund(tx, eq(ledgers.fundId, fundId), date);
  return totals.get(fundId)?.units ?? '0.000000';
}

async function assertDateFree(tx: Db, fundId: number, date: string, exceptId = 0) {
  const [taken] = await tx
    .select({ id: netAssetValues.id })
    .from(netAssetValues)
    .where(
      and(
        eq(netAssetValues.fundId, fundId),
        eq(netAssetValues.date, date),
        isNull(netAssetValues.deletedAt),
        ne(netAssetValues.id, exceptId),
      ),
    );
  if (taken) throw validationError({ date: ['A NAV is already recorded for this fund on this date.'] });
}

export async function loadNav(db: Db, id: number): Promise<NavRow> {
  const [row] = await db
    .select({ nav: netAssetValues })
    .from(netAssetValues)
    .innerJoin(funds, and(eq(funds.id, netAssetValues.fundId), isNull(funds.deletedAt)))
    .where(and(eq(netAssetValues.id, id), liveNavs(db)));
  if (!row) throw notFound('net asset value');
  return row.nav;
}

/**
 * Records a NAV: one per fund and date, NAV per unit computed by the domain's `navPerUnit`
 * (docs/decisions/0006) and stored, so history never shifts. Units in issue default to what the
 * fund's ledgers show on the NAV's date.
 */
export async function createNav(tx: Db, input: z.infer<typeof createNavBody>): Promise<NavRow> {
  await lockFund(tx, input.fund_id, 'fund_id');
  await assertDateFree(tx, input.fund_id, input.date);
  const units = input.units_in_issue ?? (await unitsIssuedOn(tx, input.fund_id, input.date));
  const [row] = await tx
    .insert(netAssetValues)
    .values({ fundId: input.fund_id, date: input.date, nav: input.nav, unitsInIssue: units, navPerUnit: navPerUnit(input.nav, units) })
    .returning();
  return row;
}

export async function updateNav(
  tx: Db,
  seen: NavRow,
  input: z.infer<typeof updateNavBody>,
  now: Date,
): Promise<{ before: NavRow; after: NavRow }> {
  await lockFund(tx, seen.fundId, 'fund_id');
  const before = await loadNav(tx, seen.id);
  const date = input.date ?? before.date;
  if (date !== before.date) await assertDateFree(tx, before.fundId, date, before.id);
  const nav = input.nav ?? before.nav;
  const units = input.units_in_issue ?? before.unitsInIssue;
  const [after] = await tx
    .update(netAssetValues)
    .set({ date, nav, unitsInIssue: units, navPerUnit: navPerUnit(nav, units), updatedAt: now })
    .where(eq(netAssetValues.id, before.id))
    .returning();
  return { before, after };
}

export async function deleteNav(tx: Db, before: NavRow, now: Date): Promise<NavRow> {
  const [after] = await tx
    .update(netAssetValues)
    .set({ deletedAt: now, updatedAt: now })
    .where(eq(netAssetValues.id, before.id))
    .returning();
  return after;
}
