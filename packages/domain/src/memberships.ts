/**
 * Card memberships and fees (decision 0058): what a payment in the ledger was for, the intervals a
 * membership plan is paid in, and where a membership or a fee request stands, in the words both
 * sides read.
 */

/** What money in the ledger paid for: an investment, a fee staff asked for, or a membership. */
export const PAYMENT_PURPOSES = ['investment', 'fee', 'membership'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  investment: 'Investment',
  fee: 'Fee',
  membership: 'Membership',
};

export const MEMBERSHIP_INTERVALS = ['month', 'year'] as const;
export type MembershipInterval = (typeof MEMBERSHIP_INTERVALS)[number];
export const MEMBERSHIP_INTERVAL_LABELS: Record<MembershipInterval, string> = { month: 'Monthly', year: 'Yearly' };

/**
 * Where a membership stands: checkout opened and not yet paid, paid up, a renewal payment failed
 * (the provider retries), or ended (cancelled, or never paid).
 */
export const MEMBERSHIP_STATUSES = ['pending', 'active', 'past_due', 'ended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  pending: 'Awaiting payment',
  active: 'Active',
  past_due: 'Payment failed',
  ended: 'Ended',
};

export const FEE_REQUEST_STATUSES = ['open', 'paid', 'withdrawn'] as const;
export type FeeRequestStatus = (typeof FEE_REQUEST_STATUSES)[number];
export const FEE_REQUEST_STATUS_LABELS: Record<FeeRequestStatus, string> = { open: 'To pay', paid: 'Paid', withdrawn: 'Withdrawn' };
