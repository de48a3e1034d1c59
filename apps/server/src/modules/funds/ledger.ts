import Decimal from 'decimal.js';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { type createLedgerBody, Role, unitsForSubscription, type updateLedgerBody } from '@platform/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { funds, ledgers, users } from '../../db/schema';
import { notFound, validationError } from '../../platform/errors';
import { latestNavByFund } from './figures';
import { lockFund } from './service';

export type LedgerRow = typeof ledgers.$inferSelect;
type Kind = LedgerRow['kind'];

const UNIT_PLACES = 6;

const dealsInUnits = (kind: Kind) => kind === 'subscription' || kind === 'redemption';

/**
 * The units of an entry and the NAV per unit they were dealt at. Entered units are kept as they
 * are. A subscription without units gets them from the fund's latest NAV per unit on or before its
 * date (domain `unitsForSubscription`, rounded down). A redemption must say how many units it
 * cancels: the domain has no rule for rounding a cash redemption into units, and inventing one
 * here would decide investors' money without a decision record. Distributions and fees carry none.
 */
async function resolveUnits(tx: Db, entry: { fundId: number; kind: Kind; date: string; amount: string; units?: string | null }) {
  if (!dealsInUnits(entry.kind)) {
    if (entry.units) throw validationError({ units: ['Only subscriptions and redemptions are dealt in units.'] });
    return { units: null, navPerUnit: null };
  }
  if (entry.units) return { units: entry.units, navPerUnit: null };
  if (entry.kind === 'redemption') throw validationError({ units: ['Enter the number of units redeemed.'] });
  const nav = (await latestNavByFund(tx, [entry.fundId], entry.date, true)).get(entry.fundId);
  if (!nav?.navPerUnit)
    throw validationError({ units: ['Enter the units: the fund has no NAV per unit on or before this date to derive them from.'] });
  const units = unitsForSubscription(entry.amount, nav.navPerUnit);
  if (!new Decimal(units).gt(0)) throw validationError({ amount: ['The amount buys less than one millionth of a unit.'] });
  return { units, navPerUnit: nav.navPerUnit };
}

async function assertInvestor(tx: Db, investorId: number) {
  const [investor] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, investorId), eq(users.roleId, Role.User), isNull(users.deletedAt)));
  if (!investor) throw validationError({ investor_id: ['Choose an investor.'] });
}

type UnitMove = { date: string; kind: Kind; units: string | null };

/**
 * An investor can never have redeemed more units than they held at any date: the running balance of
 * their subscriptions less redemptions, by date (subscriptions first on a shared date), never dips
 * below zero. `replace` is the entry being written (or removed, when null) in place of `exceptId`.
 * Callers hold the fund's lock (`lockFund`), so concurrent writes cannot both pass.
 */
async function assertUnitsNeverNegative(tx: Db, fundId: number, investorId: number, exceptId: number, replace: UnitMove | null) {
  const rows = await tx
    .select({ date: ledgers.date, kind: ledgers.kind, units: ledgers.units })
    .from(ledgers)
    .where(
      and(
        eq(ledgers.fundId, fundId),
        eq(ledgers.investorId, investorId),
        isNull(ledgers.deletedAt),
        inArray(ledgers.kind, ['subscription', 'redemption']),
        ne(ledgers.id, exceptId),
      ),
    );
  const moves: UnitMove[] = replace && dealsInUnits(replace.kind) ? [...rows, replace] : rows;
  const order = (m: UnitMove) => (m.kind === 'subscription' ? 0 : 1);
  moves.sort((a, b) => (a.date === b.date ? order(a) - order(b) : a.date < b.date ? -1 : 1));
  let held = new Decimal(0);
  for (const move of moves) {
    held = move.kind === 'subscription' ? held.plus(move.units!) : held.minus(move.units!);
    if (held.isNeg()) {
      throw validationError({
        units: [
          `The investor would hold ${held.toFixed(UNIT_PLACES)} units on ${move.date}: they cannot redeem more units than they hold.`,
        ],
      });
    }
  }
}

/** A live entry of a live fund. */
export async function loadLedger(db: Db, id: number): Promise<LedgerRow> {
  const [row] = await db
    .select({ ledger: ledgers })
    .from(ledgers)
    .innerJoin(funds, and(eq(funds.id, ledgers.fundId), isNull(funds.deletedAt)))
    .where(and(eq(ledgers.id, id), isNull(ledgers.deletedAt)));
  if (!row) throw notFound('ledger entry');
  return row.ledger;
}

/** Records an entry under the fund's lock, so unit balances are checked against a settled ledger. */
export async function createLedger(tx: Db, input: z.infer<typeof createLedgerBody>): Promise<LedgerRow> {
  await lockFund(tx, input.fund_id, 'fund_id');
  await assertInvestor(tx, input.investor_id);
  const { units, navPerUnit } = await resolveUnits(tx, {
    fundId: input.fund_id,
    kind: input.kind,
    date: input.date,
    amount: input.amount,
    units: input.units,
  });
  await assertUnitsNeverNegative(tx, input.fund_id, input.investor_id, 0, { date: input.date, kind: input.kind, units });
  const [row] = await tx
    .insert(ledgers)
    .values({
      fundId: input.fund_id,
      investorId: input.investor_id,
      kind: input.kind,
      date: input.date,
      amount: input.amount,
      units,
      navPerUnit,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
    })
    .returning();
  return row;
}

export async function updateLedger(
  tx: Db,
  seen: LedgerRow,
  input: z.infer<typeof updateLedgerBody>,
  now: Date,
): Promise<{ before: LedgerRow; after: LedgerRow }> {
  await lockFund(tx, seen.fundId, 'fund_id');
  const before = await loadLedger(tx, seen.id);
  const date = input.date ?? before.date;
  const amount = input.amount ?? before.amount;
  let dealt: { units: string | null; navPerUnit: string | null } = { units: before.units, navPerUnit: before.navPerUnit };
  if (!dealsInUnits(before.kind)) {
    if (input.units) throw validationError({ units: ['Only subscriptions and redemptions are dealt in units.'] });
  } else if (input.units !== undefined) {
    // Units entered (or cleared, to derive them again) replace what was there.
    dealt = await resolveUnits(tx, { fundId: before.fundId, kind: before.kind, date, amount, units: input.units });
  } else if (before.navPerUnit && (date !== before.date || amount !== before.amount)) {
    // Units derived from a NAV follow the amount and date they were derived from.
    dealt = await resolveUnits(tx, { fundId: before.fundId, kind: before.kind, date, amount });
  }
  await assertUnitsNeverNegative(tx, before.fundId, before.investorId, before.id, { date, kind: before.kind, units: dealt.units });
  const [after] = await tx
    .update(ledgers)
    .set({
      date,
      amount,
      units: dealt.units,
      navPerUnit: dealt.navPerUnit,
      reference: input.reference,
      notes: input.notes,
      updatedAt: now,
    })
    .where(eq(ledgers.id, before.id))
    .returning();
  return { before, after };
}

/** Soft delete; removing a subscription that later redemptions rely on is refused (422 on units). */
export async function deleteLedger(tx: Db, seen: LedgerRow, now: Date): Promise<{ before: LedgerRow; after: LedgerRow }> {
  await lockFund(tx, seen.fundId, 'fund_id');
  const before = await loadLedger(tx, seen.id);
  await assertUnitsNeverNegative(tx, before.fundId, before.investorId, before.id, null);
  const [after] = await tx.update(ledgers).set({ deletedAt: now, updatedAt: now }).where(eq(ledgers.id, before.id)).returning();
  return { before, after };
}
