import Decimal from 'decimal.js';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { Role, unitsForSubscription } from '@platform/domain';
import type { Db } from '../../db/client';
import { ledgers, users } from '../../db/schema';
import { validationError } from '../../platform/errors';
import { latestNavByFund } from './figures';

export type LedgerRow = typeof ledgers.$inferSelect;
type Kind = LedgerRow['kind'];

const UNIT_PLACES = 6;

export const dealsInUnits = (kind: Kind) => kind === 'subscription' || kind === 'redemption';

/**
 * The units of an entry and the NAV per unit they were dealt at. Entered units are kept as they
 * are. A subscription without units gets them from the fund's latest NAV per unit on or before its
 * date (domain `unitsForSubscription`, rounded down). A redemption must say how many units it
 * cancels: the domain has no rule for rounding a cash redemption into units, and inventing one
 * here would decide investors' money without a decision record. Distributions and fees carry none.
 */
export async function resolveUnits(tx: Db, entry: { fundId: number; kind: Kind; date: string; amount: string; units?: string | null }) {
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

export async function assertInvestor(tx: Db, investorId: number) {
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
export async function assertUnitsNeverNegative(tx: Db, fundId: number, investorId: number, exceptId: number, replace: UnitMove | null) {
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
