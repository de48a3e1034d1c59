/**
 * The words an investor reads for where their money stands (decision 0040). Staff screens keep the
 * back-office names (`INVESTMENT_STATUS_LABELS`, `OPPORTUNITY_STATUS_LABELS`); every investor
 * screen takes its status names from here, so one investment reads the same on every page.
 */
import Decimal from 'decimal.js';
import type { InvestmentStatus } from './investments';
import { toAmount } from './money';
import { OpportunityStatus } from './statuses';

/** Days an investor has to pay once a cash call is issued. */
export const CASH_CALL_PAYMENT_DAYS = 14;

export const INVESTOR_STATUS_LABELS = {
  reserved: 'Reserved',
  cash_call: 'Payment due',
  payment_sent: 'Payment sent — awaiting confirmation',
  paid: 'Payment received',
  completed: 'Invested',
  cancelled: 'Cancelled',
} as const;

/** An investment's status in investor words; a cash call the investor has marked paid awaits staff's confirmation. */
export function investorStatusLabel(status: InvestmentStatus, paymentSent = false): string {
  if (status === 'cash_call' && paymentSent) return INVESTOR_STATUS_LABELS.payment_sent;
  if (status === 'reserved' && paymentSent) return INVESTOR_STATUS_LABELS.payment_sent;
  return INVESTOR_STATUS_LABELS[status];
}

/**
 * A holding's state: held, exited (the company matured, or every share was sold), or written off
 * (valued at nothing with nothing returned). Without `value`, by the company's status alone.
 */
export function investorHoldingLabel(
  opportunityStatus: number,
  value?: { valuedAtPrice: boolean; currentValue: string; realised: string },
): string {
  if (value?.valuedAtPrice && new Decimal(value.currentValue).isZero())
    return new Decimal(value.realised).isZero() ? 'Written off' : 'Exited';
  if (opportunityStatus === OpportunityStatus.Matured) return 'Exited';
  if (opportunityStatus === OpportunityStatus.Completed) return 'Held';
  return 'Awaiting completion';
}

/** A cash call's state in investor words (`CASH_CALL_STATES` in cash-calls.ts). */
export const INVESTOR_CASH_CALL_LABELS = {
  outstanding: 'Payment due',
  part_paid: 'Part paid',
  overdue: 'Payment overdue',
  paid: 'Payment received',
} as const;

/** What happens after an investor reserves, in the order it happens: shown after reserving and on the investment. */
export function reservationNextSteps(cashCall: string): string[] {
  return [
    `We will e-mail you a ${cashCall.toLowerCase()} when the round is ready to take money — usually once it has closed.`,
    `You then have ${CASH_CALL_PAYMENT_DAYS} days to pay by bank transfer, quoting your payment reference.`,
    'Once you have paid, press “I’ve paid” so our team can look out for your money; we confirm when it arrives.',
    'Your shares are issued when the round completes, and the holding appears in your portfolio.',
  ];
}

/** A fund position as the portfolio headline counts it. */
interface FundHolding {
  currency: string;
  position: { paid_in: string; value: string | null; distributions: string; redemptions: string };
}

/** A currency's headline totals. */
interface HeadlineTotal {
  currency: string;
  cost: string;
  current_value: string;
  realised: string;
  gain: string;
  multiple: string | null;
}

/**
 * The portfolio's headline totals with the investor's fund positions added, per currency, exactly:
 * paid in counts as invested, the position's value as current value (at cost until the fund has a
 * priced NAV, as a company holding without a price is), distributions and redemptions as realised.
 */
export function totalsWithFunds(totals: readonly HeadlineTotal[], funds: readonly FundHolding[]): HeadlineTotal[] {
  const byCurrency = new Map<string, { cost: Decimal; value: Decimal; realised: Decimal }>();
  const add = (currency: string, cost: Decimal.Value, value: Decimal.Value, realised: Decimal.Value) => {
    const t = byCurrency.get(currency) ?? { cost: new Decimal(0), value: new Decimal(0), realised: new Decimal(0) };
    byCurrency.set(currency, { cost: t.cost.plus(cost), value: t.value.plus(value), realised: t.realised.plus(realised) });
  };
  for (const t of totals) add(t.currency, t.cost, t.current_value, t.realised);
  for (const f of funds) {
    const p = f.position;
    add(f.currency, p.paid_in, p.value ?? p.paid_in, new Decimal(p.distributions).plus(p.redemptions));
  }
  return [...byCurrency].map(([currency, t]) => ({
    currency,
    cost: toAmount(t.cost),
    current_value: toAmount(t.value),
    realised: toAmount(t.realised),
    gain: toAmount(t.value.plus(t.realised).minus(t.cost)),
    multiple: t.cost.isZero() ? null : t.value.plus(t.realised).div(t.cost).toFixed(2, Decimal.ROUND_HALF_UP),
  }));
}
