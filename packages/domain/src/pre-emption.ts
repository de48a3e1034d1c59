import Decimal from 'decimal.js';
import { formatMoney } from './format';
import { toAmount } from './money';

/**
 * Pre-emption rounds (DOMAIN.md step 5, spec §4): when a portfolio company raises again, its
 * existing holders may take up new shares in proportion to what they hold before anyone else.
 * The server enforces these rules and the web offers only what they allow (docs/decisions/0013).
 */
export const PreEmptionChoice = {
  dontTake: 1,
  maintain: 2,
  increase: 3,
  notApplicable: 4,
  awaiting: 5,
  decrease: 6,
} as const;
export type PreEmptionChoiceId = (typeof PreEmptionChoice)[keyof typeof PreEmptionChoice];

export const PRE_EMPTION_CHOICE_IDS = [1, 2, 3, 4, 5, 6] as const satisfies readonly PreEmptionChoiceId[];

/** The spec's codes, as the API names them next to the id. */
export const PRE_EMPTION_CHOICE_KEYS: Record<PreEmptionChoiceId, string> = {
  1: 'dontTake',
  2: 'maintain',
  3: 'increase',
  4: 'notApplicable',
  5: 'awaiting',
  6: 'decrease',
};

export const PRE_EMPTION_CHOICE_LABELS: Record<PreEmptionChoiceId, string> = {
  1: "Don't take up",
  2: 'Maintain',
  3: 'Increase',
  4: 'Not applicable',
  5: 'Awaiting reply',
  6: 'Decrease',
};

/**
 * What an investor may answer themselves. "Not applicable" is a staff judgement (the holder is not
 * eligible, e.g. the shares were transferred) and "awaiting" is the absence of an answer.
 */
export const INVESTOR_PRE_EMPTION_CHOICES: readonly PreEmptionChoiceId[] = [2, 3, 6, 1];

export function isPreEmptionChoice(value: unknown): value is PreEmptionChoiceId {
  return typeof value === 'number' && (PRE_EMPTION_CHOICE_IDS as readonly number[]).includes(value);
}

/** Choices that take up shares, so carry a requested amount. */
export const TAKES_UP_SHARES: readonly PreEmptionChoiceId[] = [2, 3, 6];

/** Whole new shares the round offers: a part share cannot be issued, so the amount buys down. */
export function sharesOffered(amountAvailable: string, pricePerShare: string): Decimal {
  return new Decimal(amountAvailable).div(pricePerShare).floor();
}

export interface HolderStake<K> {
  key: K;
  /** Shares held on the record date (the round's creation). */
  shares: string;
}

export interface Entitlement<K> {
  key: K;
  sharesHeld: string;
  /** Whole shares: fractional entitlements are disregarded, as in a rights issue. */
  entitledShares: string;
  entitledAmount: string;
}

/**
 * Each holder's pro-rata entitlement: offered × held ÷ total held, rounded down to a whole share,
 * multiplied by the price and rounded half-up to pence. The product is taken before the division so
 * no digits are lost; the rounding down means entitlements never add up to more than is offered.
 */
export function preEmptionEntitlements<K>(
  holders: ReadonlyArray<HolderStake<K>>,
  amountAvailable: string,
  pricePerShare: string,
): Array<Entitlement<K>> {
  const price = new Decimal(pricePerShare);
  if (!price.gt(0)) throw new RangeError(`The price per share must be greater than zero: ${pricePerShare}`);
  const offered = sharesOffered(amountAvailable, pricePerShare);
  const total = holders.reduce((sum, h) => sum.plus(h.shares), new Decimal(0));
  return holders.map((h) => {
    const held = new Decimal(h.shares);
    if (held.isNeg()) throw new RangeError(`Shares held must not be negative: ${h.shares}`);
    const shares = total.isZero() ? new Decimal(0) : offered.times(held).div(total).floor();
    return { key: h.key, sharesHeld: held.toFixed(6), entitledShares: shares.toFixed(6), entitledAmount: toAmount(shares.times(price)) };
  });
}

export type ChoiceResult =
  | { ok: true; requestedAmount: string | null; requestedShares: string | null }
  | { ok: false; field: 'requested_amount' | 'choice'; message: string };

/**
 * What a choice asks for. Maintain takes exactly the entitlement; increase asks for more than it
 * and decrease for less (but something). The amount is what the holder will invest at most; the
 * shares are the whole shares it buys at the round's price.
 */
export function resolvePreEmptionChoice(
  choice: PreEmptionChoiceId,
  entitlement: { entitledAmount: string; entitledShares: string },
  round: { pricePerShare: string; currency: string },
  requestedAmount: string | null | undefined,
): ChoiceResult {
  const money = (amount: Decimal.Value) => formatMoney({ amount: new Decimal(amount).toFixed(2), currency: round.currency });
  if (choice === PreEmptionChoice.maintain) {
    if (new Decimal(entitlement.entitledShares).isZero())
      return { ok: false, field: 'choice', message: 'The entitlement is less than one share: choose increase to take part.' };
    return { ok: true, requestedAmount: entitlement.entitledAmount, requestedShares: entitlement.entitledShares };
  }
  if (choice !== PreEmptionChoice.increase && choice !== PreEmptionChoice.decrease)
    return { ok: true, requestedAmount: null, requestedShares: null };
  if (requestedAmount == null || requestedAmount === '')
    return { ok: false, field: 'requested_amount', message: 'Enter the amount you wish to invest.' };
  const amount = new Decimal(requestedAmount);
  const entitled = new Decimal(entitlement.entitledAmount);
  if (choice === PreEmptionChoice.increase && !amount.gt(entitled))
    return { ok: false, field: 'requested_amount', message: `To increase, enter more than the entitlement of ${money(entitled)}.` };
  if (choice === PreEmptionChoice.decrease && !amount.lt(entitled))
    return { ok: false, field: 'requested_amount', message: `To decrease, enter less than the entitlement of ${money(entitled)}.` };
  const shares = amount.div(round.pricePerShare).floor();
  if (shares.lt(1))
    return { ok: false, field: 'requested_amount', message: "The amount must buy at least one whole share at the round's price." };
  return { ok: true, requestedAmount: amount.toFixed(2), requestedShares: shares.toFixed(6) };
}

export interface ChoiceLine {
  choice: PreEmptionChoiceId;
  entitledShares: string;
  entitledAmount: string;
  requestedAmount: string | null;
  requestedShares: string | null;
}

export interface PreEmptionTotals {
  sharesOffered: string;
  entitledShares: string;
  entitledAmount: string;
  requestedShares: string;
  requestedAmount: string;
  /** Shares asked for beyond those offered (to be scaled back); zero when not oversubscribed. */
  oversubscribedShares: string;
  /** Holders who have answered (anything but awaiting). */
  responded: number;
  holders: number;
  byChoice: Record<PreEmptionChoiceId, number>;
}

export function preEmptionTotals(lines: readonly ChoiceLine[], amountAvailable: string, pricePerShare: string): PreEmptionTotals {
  const offered = sharesOffered(amountAvailable, pricePerShare);
  const sum = (pick: (l: ChoiceLine) => string | null) => lines.reduce((total, l) => total.plus(pick(l) ?? 0), new Decimal(0));
  const requestedShares = sum((l) => l.requestedShares);
  const byChoice = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 } as Record<PreEmptionChoiceId, number>;
  for (const l of lines) byChoice[l.choice] += 1;
  return {
    sharesOffered: offered.toFixed(6),
    entitledShares: sum((l) => l.entitledShares).toFixed(6),
    entitledAmount: toAmount(sum((l) => l.entitledAmount)),
    requestedShares: requestedShares.toFixed(6),
    requestedAmount: toAmount(sum((l) => l.requestedAmount)),
    oversubscribedShares: Decimal.max(0, requestedShares.minus(offered)).toFixed(6),
    responded: lines.length - byChoice[PreEmptionChoice.awaiting],
    holders: lines.length,
    byChoice,
  };
}

export interface AllocationLine {
  sharesHeld: string;
  entitledShares: string;
  /** Whole shares asked for; null for a holder not taking up (or not yet answered). */
  requestedShares: string | null;
}

/**
 * How the shares offered are allotted when the round closes, in whole shares (decision 0013):
 * 1. everyone taking up gets what they asked for up to their entitlement, which always fits;
 * 2. the shares left over — entitlements not taken up and the fractions disregarded — go to those
 *    who asked for more, in proportion to the shares they held, never beyond what each asked for;
 *    a holder whose ask is met drops out and the rest share what is left, until it is used up;
 * 3. the last few shares the rounding down leaves go one each to the largest fractions (then the
 *    larger holding, then the earlier line), so nothing asked for is left unallotted.
 * Answers the shares allotted to each line, in the order given.
 */
export function allocatePreEmption(lines: readonly AllocationLine[], offered: string): Decimal[] {
  const requested = lines.map((l) => new Decimal(l.requestedShares ?? 0));
  const allotted = lines.map((l, i) => Decimal.min(requested[i], l.entitledShares));
  let pool = new Decimal(offered).minus(allotted.reduce((a, b) => a.plus(b), new Decimal(0)));
  let active = lines.map((_, i) => i).filter((i) => requested[i].gt(allotted[i]));
  while (pool.gt(0) && active.length > 0) {
    const held = (i: number) => new Decimal(lines[i].sharesHeld);
    const totalHeld = active.reduce((sum, i) => sum.plus(held(i)), new Decimal(0));
    const want = (i: number) => requested[i].minus(allotted[i]);
    // A pro-rata share at least as big as the rest of the ask fills it: compare in whole numbers.
    const filled = totalHeld.isZero()
      ? active
      : active.filter((i) =>
          want(i)
            .times(totalHeld)
            .lte(pool.times(held(i))),
        );
    if (filled.length > 0 && filled.length < active.length) {
      for (const i of filled) {
        pool = pool.minus(want(i));
        allotted[i] = requested[i];
      }
      active = active.filter((i) => !filled.includes(i));
      continue;
    }
    if (filled.length === active.length) {
      // Every remaining ask fits (or nobody held anything to weigh by): fill them while shares last.
      for (const i of active) {
        const take = Decimal.min(want(i), pool);
        allotted[i] = allotted[i].plus(take);
        pool = pool.minus(take);
      }
      break;
    }
    const shares = active.map((i) => ({ i, whole: pool.times(held(i)).divToInt(totalHeld), rest: pool.times(held(i)).mod(totalHeld) }));
    for (const { i, whole } of shares) allotted[i] = allotted[i].plus(whole);
    pool = pool.minus(shares.reduce((sum, s) => sum.plus(s.whole), new Decimal(0)));
    shares.sort((a, b) => b.rest.cmp(a.rest) || held(b.i).cmp(held(a.i)) || a.i - b.i);
    for (const { i } of shares) {
      if (pool.lte(0)) break;
      if (allotted[i].lt(requested[i])) {
        allotted[i] = allotted[i].plus(1);
        pool = pool.minus(1);
      }
    }
    break;
  }
  return allotted;
}

/**
 * A round takes answers while it is open and until the end of its deadline day (UTC): a deadline of
 * 2026-12-01 accepts a choice made at 23:59 that day.
 */
export function preEmptionAcceptsChoices(round: { isOpen: boolean; deadline: string }, now: Date): boolean {
  return round.isOpen && now.toISOString().slice(0, 10) <= round.deadline;
}
