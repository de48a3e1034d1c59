import type { Action } from '@platform/domain';
import { authorizeAny, investorOrAny, type Grant } from '../platform/guards';

/**
 * An opportunity's permission event follows its status (live or existing), so a route's guard admits
 * a role holding the action on either, and the handler checks the exact event once it has the record.
 */
const opportunityGrants = (action: Action): Grant[] => [
  ['live_opportunities', action],
  ['existing_opportunities', action],
];

/** Staff routes on opportunities and what hangs off them (images, performance, investments...). */
export const authorizeOpportunities = (action: Action) => authorizeAny(...opportunityGrants(action));

/** Routes investors use too: they see only the opportunities open to them. */
export const investorOrOpportunityStaff = (action: Action) => investorOrAny(...opportunityGrants(action));
