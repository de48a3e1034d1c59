/**
 * The investment lifecycle of DOMAIN.md step 3: who holds an investment, how it was entered, and
 * where it stands. The investor portal shows a status through the investment categories of spec §4.
 */

/** How an investment is held (the holding choice offered on /investor/investments/{slug}/investor-type). */
export const HOLDER_TYPES = ['personal', 'organisation', 'investment_method', 'nominee'] as const;
export type HolderType = (typeof HOLDER_TYPES)[number];

export const HOLDER_TYPE_LABELS: Record<HolderType, string> = {
  personal: 'Personally',
  organisation: 'Through an organisation',
  investment_method: 'Through an investment method',
  nominee: 'Through a nominee',
};

/** Spec §3 "investments (investor, subsequent, org, pension, manual, user)" and §4 entry types. */
export const INVESTMENT_TYPES = ['investor', 'subsequent', 'org', 'pension', 'manual', 'private_manual'] as const;
export type InvestmentType = (typeof INVESTMENT_TYPES)[number];

/** The type an investor's own reservation gets from how it is held. */
export const INVESTMENT_TYPE_BY_HOLDER: Record<HolderType, InvestmentType> = {
  personal: 'investor',
  organisation: 'org',
  investment_method: 'pension',
  nominee: 'investor',
};

/**
 * reserved → cash_call → paid → completed; any but completed may be cancelled.
 * `private_manual` investments are staff records an investor never sees.
 */
export const INVESTMENT_STATUSES = ['reserved', 'cash_call', 'paid', 'completed', 'cancelled'] as const;
export type InvestmentStatus = (typeof INVESTMENT_STATUSES)[number];

export const INVESTMENT_STATUS_LABELS: Record<InvestmentStatus, string> = {
  reserved: 'Reserved',
  cash_call: 'Cash call issued',
  paid: 'Payment received',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Statuses that count towards an opportunity's raise and an investor's limits. */
export const COMMITTED_STATUSES: readonly InvestmentStatus[] = ['reserved', 'cash_call', 'paid', 'completed'];

const NEXT: Record<InvestmentStatus, readonly InvestmentStatus[]> = {
  reserved: ['cash_call', 'paid', 'cancelled'],
  cash_call: ['paid', 'cancelled'],
  paid: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canMoveInvestment(from: InvestmentStatus, to: InvestmentStatus): boolean {
  return NEXT[from].includes(to);
}

/** The investor-facing categories of spec §4, by investment status (none: not yet invested). */
export const InvestmentCategory = {
  Reserve: 'Reserve An Allocation',
  Reserved: 'My Reserved Allocations',
  AwaitingPayment: 'Cash Call - Awaiting Payment',
  PaymentReceived: 'Cash Call - Payment Received',
} as const;
export type InvestmentCategoryName = (typeof InvestmentCategory)[keyof typeof InvestmentCategory];

export function investmentCategory(status: InvestmentStatus | null): InvestmentCategoryName | null {
  switch (status) {
    case null:
    case 'cancelled':
      return InvestmentCategory.Reserve;
    case 'reserved':
      return InvestmentCategory.Reserved;
    case 'cash_call':
      return InvestmentCategory.AwaitingPayment;
    case 'paid':
      return InvestmentCategory.PaymentReceived;
    case 'completed':
      return null;
  }
}

export const TAX_RELIEFS = ['EIS', 'SEIS', 'none'] as const;
export type TaxRelief = (typeof TAX_RELIEFS)[number];
