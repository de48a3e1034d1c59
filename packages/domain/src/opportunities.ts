import { OpportunityStatus, type OpportunityStatusId } from './statuses';

/**
 * Opportunity status rules (docs/decisions/0008): which moves are allowed and what an investor may
 * see. The server enforces these; the web uses them to offer only the moves that will succeed.
 */
const TRANSITIONS: Record<OpportunityStatusId, readonly OpportunityStatusId[]> = {
  [OpportunityStatus.Draft]: [OpportunityStatus.LiveExternal, OpportunityStatus.LiveInternal],
  [OpportunityStatus.LiveExternal]: [OpportunityStatus.LiveInternal, OpportunityStatus.Closed, OpportunityStatus.Draft],
  [OpportunityStatus.LiveInternal]: [OpportunityStatus.LiveExternal, OpportunityStatus.Closed, OpportunityStatus.Draft],
  [OpportunityStatus.Closed]: [OpportunityStatus.LiveExternal, OpportunityStatus.LiveInternal, OpportunityStatus.Completed],
  [OpportunityStatus.Completed]: [OpportunityStatus.Matured],
  [OpportunityStatus.Matured]: [],
};

export function allowedTransitions(from: OpportunityStatusId): readonly OpportunityStatusId[] {
  return TRANSITIONS[from];
}

export function canTransition(from: OpportunityStatusId, to: OpportunityStatusId): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Live statuses take new reservations; Closed keeps existing ones moving but takes no new ones. */
export function acceptsReservations(status: number): boolean {
  return status === OpportunityStatus.LiveExternal || status === OpportunityStatus.LiveInternal;
}

/**
 * Terms an investor has committed against: once an opportunity holds a committed investment these
 * are fixed (a change would alter what people agreed to). Draft opportunities have none.
 */
export const LOCKED_TERMS_ONCE_INVESTED = ['currency', 'share_price', 'minimum_investment', 'maximum_investment'] as const;

export const OPPORTUNITY_PERMISSION_EVENT = (status: number) =>
  status === OpportunityStatus.Completed || status === OpportunityStatus.Matured ? 'existing_opportunities' : 'live_opportunities';
