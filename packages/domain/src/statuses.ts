/** Investment opportunity status (spec §4). 1–4 are live opportunities, 5–6 existing investments. */
export const OpportunityStatus = {
  Draft: 1,
  LiveExternal: 2,
  LiveInternal: 3,
  Closed: 4,
  Completed: 5,
  Matured: 6,
} as const;
export type OpportunityStatusId = (typeof OpportunityStatus)[keyof typeof OpportunityStatus];

export const OPPORTUNITY_STATUS_LABELS: Record<OpportunityStatusId, string> = {
  1: 'Draft',
  2: 'Live - External',
  3: 'Live - Internal',
  4: 'Closed',
  5: 'Completed',
  6: 'Matured',
};

export function isExistingInvestmentStatus(status: number): boolean {
  return status === OpportunityStatus.Completed || status === OpportunityStatus.Matured;
}

/**
 * The URL of an opportunity in the back office, used by every link to one (lists, search, latest
 * activity, notifications, holders' transactions). Opened as a whole it routes by status (spec
 * §2.2): 1 opens edit, 2–4 the live details, 5–6 the existing investment. A named tab (transactions,
 * notes-calls-tasks…) opens in the area the status belongs to; a draft's tabs stay with live opportunities.
 */
export function opportunityAdminPath(id: number, status: number, tab?: string): string {
  const area = isExistingInvestmentStatus(status) ? 'existing' : 'opportunities';
  if (tab && tab !== 'details') return `/admin/investments/${area}/${id}/${tab}`;
  if (status === OpportunityStatus.Draft) return `/admin/investments/opportunities/${id}/edit`;
  return `/admin/investments/${area}/${id}/details`;
}

/** Draft/live two-state value used by update reports. */
export const PublishState = { Draft: 1, Live: 2 } as const;

/** Spec §4's pass flag: every pass state the product shows (an appropriateness test) reads from this. */
export const PASSED_LABELS = { 0: 'Incomplete/Failed', 1: 'Passed' } as const;
/** Spec §4's open flag: every open state the product shows (a pre-emption round, a KPI request) reads from this. */
export const OPEN_LABELS = { 0: 'Closed', 1: 'Active' } as const;

export const passedLabel = (passed: boolean | null | undefined) => PASSED_LABELS[passed ? 1 : 0];
export const openLabel = (open: boolean) => OPEN_LABELS[open ? 1 : 0];

export const ContactStatus = { Active: 1, Inactive: 2, Investment: 3 } as const;

export const INVESTMENT_CATEGORIES = [
  'Reserve An Allocation',
  'My Reserved Allocations',
  'Cash Call - Awaiting Payment',
  'Cash Call - Payment Received',
] as const;

export const INVESTOR_INTEREST_OPTIONS = ['finance in place', 'no finance in place', 'not interested'] as const;

export const DOCUMENT_VISIBILITIES = ['public', 'private'] as const;
export const ATTRIBUTE_MODES = ['editable', 'locked'] as const;
export const INVESTMENT_ENTRY_TYPES = ['manual', 'private_manual'] as const;

export const NOTIFICATION_ICONS = [
  'update_reports',
  'investment_opportunity_invested',
  'investment_opportunity_transition_existing',
  'investment_opportunity_invited',
  /** The decision on an investor's application to act for an organisation. */
  'organisation_application',
  /** Entered on, or cleansed from, a project's insider list (docs/decisions/0025). */
  'insider_register',
  /** Staff notifications of what investors did (decision 0040). */
  'investor_payment_sent',
  'investor_document',
  'investor_categorisation',
  /** New investment terms to accept on an unpaid investment (decision 0053). */
  'investment_terms',
  /** A scheduled or hand-sent reminder of a cash call still to pay (decision 0061). */
  'cash_call_reminder',
  /** A pipeline deal placed with the investor before launch (decision 0062). */
  'deal_placement',
] as const;
export type NotificationIcon = (typeof NOTIFICATION_ICONS)[number];
