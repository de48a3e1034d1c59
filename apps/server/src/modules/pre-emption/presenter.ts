import Decimal from 'decimal.js';
import {
  allocatePreEmption,
  HOLDER_TYPE_LABELS,
  preEmptionAcceptsChoices,
  toAmount,
  preEmptionTotals,
  PRE_EMPTION_CHOICE_KEYS,
  PRE_EMPTION_CHOICE_LABELS,
  type HolderType,
  type PreEmptionChoiceId,
} from '@platform/domain';
import type { EntitlementLine, RoundRow } from './service';

export function presentEntitlement(e: EntitlementLine, allotted: { shares: Decimal; amount: string }) {
  const choice = e.choice as PreEmptionChoiceId;
  return {
    id: e.id,
    round_id: e.roundId,
    user: { id: e.userId, name: e.userName },
    holder_type: e.holderType,
    holder_type_label: HOLDER_TYPE_LABELS[e.holderType as HolderType],
    held_through: e.heldThrough,
    shares_held: e.sharesHeld,
    entitled_shares: e.entitledShares,
    entitled_amount: e.entitledAmount,
    choice,
    choice_key: PRE_EMPTION_CHOICE_KEYS[choice],
    choice_label: PRE_EMPTION_CHOICE_LABELS[choice],
    requested_amount: e.requestedAmount,
    requested_shares: e.requestedShares,
    chosen_by: e.chosenBy == null ? null : { id: e.chosenBy, name: e.chosenByName },
    chosen_at: e.chosenAt?.toISOString() ?? null,
    allotted_shares: allotted.shares.toFixed(6),
    allotted_amount: allotted.amount,
  };
}

/**
 * A round with its totals and allotment. `lines` are every holder's: the allotment depends on all
 * the answers. Staff see every line; an investor (`onlyUserId`) sees only their own, and no totals.
 * While the round is open the allotment is what closing it now would give; once closed, it is final.
 */
export function presentRound(round: RoundRow, currency: string, lines: EntitlementLine[], now: Date, options: { onlyUserId?: number }) {
  const allotted = allocatePreEmption(lines, round.sharesOffered).map((shares) => ({
    shares,
    amount: toAmount(shares.times(round.pricePerShare)),
  }));
  const allottedShares = allotted.reduce((sum, a) => sum.plus(a.shares), new Decimal(0));
  const totals = preEmptionTotals(
    lines.map((l) => ({
      choice: l.choice as PreEmptionChoiceId,
      entitledShares: l.entitledShares,
      entitledAmount: l.entitledAmount,
      requestedAmount: l.requestedAmount,
      requestedShares: l.requestedShares,
    })),
    round.amountAvailable,
    round.pricePerShare,
  );
  return {
    id: round.id,
    opportunity_id: round.opportunityId,
    name: round.name,
    currency,
    price_per_share: round.pricePerShare,
    amount_available: round.amountAvailable,
    shares_offered: round.sharesOffered,
    deadline: round.deadline,
    is_open: round.isOpen,
    accepts_choices: preEmptionAcceptsChoices(round, now),
    created_at: round.createdAt.toISOString(),
    entitlements: lines.flatMap((line, i) =>
      options.onlyUserId === undefined || line.userId === options.onlyUserId ? [presentEntitlement(line, allotted[i])] : [],
    ),
    ...(options.onlyUserId === undefined
      ? {
          totals: {
            holders: totals.holders,
            responded: totals.responded,
            entitled_shares: totals.entitledShares,
            entitled_amount: totals.entitledAmount,
            requested_shares: totals.requestedShares,
            requested_amount: totals.requestedAmount,
            oversubscribed_shares: totals.oversubscribedShares,
            allotted_shares: allottedShares.toFixed(6),
            allotted_amount: toAmount(allottedShares.times(round.pricePerShare)),
            unallotted_shares: new Decimal(round.sharesOffered).minus(allottedShares).toFixed(6),
            by_choice: Object.fromEntries(
              Object.entries(totals.byChoice).map(([id, n]) => [PRE_EMPTION_CHOICE_KEYS[Number(id) as PreEmptionChoiceId], n]),
            ),
          },
        }
      : {}),
  };
}
