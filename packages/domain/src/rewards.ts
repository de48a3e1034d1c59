import { compareAmounts } from './money';

/**
 * Investor perks ("rewards", spec §3): what an investee company offers the people who invest in it,
 * such as a discount on its products, tiered by the amount invested (decision 0063).
 */

/** Said wherever staff write perks: a perk may not be money for investing. */
export const CASH_INCENTIVE_NOTICE =
  'Perks must be the company’s own products or services, such as a discount. Cash, cashback, refunds, free or bonus shares and other money incentives to invest are not allowed (FCA PS22/10).';

/**
 * Words that make a perk an obvious cash incentive: money back, money off the investment, or
 * shares for nothing. A discount on the company's products ("20% off", "£10 off your first order")
 * is not in the list; judgement beyond these words stays with the firm's compliance review.
 */
const CASH_INCENTIVE_WORDS =
  /\b(cash\s*-?\s*back|cash|money[\s-]+back|refunds?|rebates?|(?:free|bonus|extra)\s+shares?|gift\s*cards?|prepaid\s+cards?)\b/i;

/** The cash-incentive wording found in a perk's text, or null when there is none. */
export function cashIncentiveIn(text: string | null | undefined): string | null {
  const match = text ? CASH_INCENTIVE_WORDS.exec(text) : null;
  return match ? match[0] : null;
}

/** The message a field with cash-incentive wording answers. */
export const cashIncentiveMessage = (found: string) =>
  `“${found}” reads as a cash incentive to invest, which is not allowed (FCA PS22/10). Offer the company’s products or services instead.`;

/** Whether an investor who has put `invested` into the company reaches a tier starting at `minimum`: exact decimals. */
export function qualifiesForReward(invested: string, minimum: string): boolean {
  return compareAmounts(invested, minimum) >= 0;
}
