import { inArray, type SQL } from 'drizzle-orm';
import { can, MARKET_SOUNDING_ACCEPTANCES_LIST, OPPORTUNITIES_LIST, OpportunityStatus, TAX_RELIEFS } from '@platform/domain';
import { investmentOpportunities, marketSoundingAcceptances } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { containsFilter, idsFilter, oneOfFilter } from '../../platform/list-filters';
import { listResource } from '../../platform/list-query';

/** `filter[status]=2` or `2,3`: status ids 1–6 (spec §4). */
function statusFilter(value: string): SQL {
  const ids = value.split(',').map((v) => Number(v.trim()));
  if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > 6))
    throw new AppError('bad_request', 'filter[status] must be a status id 1–6 or a comma-separated list of them.');
  return inArray(investmentOpportunities.status, ids);
}

/** Live opportunities (spec §4: 1–4) and existing investments (5–6). */
const LIVE_STATUSES = [OpportunityStatus.Draft, OpportunityStatus.LiveExternal, OpportunityStatus.LiveInternal, OpportunityStatus.Closed];
const EXISTING_STATUSES = [OpportunityStatus.Completed, OpportunityStatus.Matured];

export const OPPORTUNITIES_RESOURCE = listResource(OPPORTUNITIES_LIST, {
  filters: {
    status: statusFilter,
    search: containsFilter(investmentOpportunities.name),
    industry: (v) =>
      inArray(
        investmentOpportunities.industry,
        v.split(',').map((s) => s.trim()),
      ),
    tax_relief: oneOfFilter('tax_relief', investmentOpportunities.taxRelief, TAX_RELIEFS),
  },
  sorts: {
    name: investmentOpportunities.name,
    status: investmentOpportunities.status,
    target_raise: investmentOpportunities.targetRaise,
    closes_at: investmentOpportunities.closesAt,
    created_at: investmentOpportunities.createdAt,
  },
  defaultSort: '-created_at',
  types: {
    live: inArray(investmentOpportunities.status, LIVE_STATUSES),
    existing: inArray(investmentOpportunities.status, EXISTING_STATUSES),
  },
});

/** The insider register's market-sounding list. */
export const MARKET_SOUNDING_ACCEPTANCES_RESOURCE = listResource(MARKET_SOUNDING_ACCEPTANCES_LIST, {
  filters: {
    opportunity_id: idsFilter('opportunity_id', marketSoundingAcceptances.opportunityId),
    user_id: idsFilter('user_id', marketSoundingAcceptances.userId),
  },
  sorts: { accepted_at: marketSoundingAcceptances.acceptedAt },
  defaultSort: '-accepted_at',
});

/** The statuses a staff role may list: live opportunities, existing investments, or both. */
export function listableStatuses(roleId: number): number[] {
  return [
    ...(can(roleId, 'live_opportunities', 'index') ? LIVE_STATUSES : []),
    ...(can(roleId, 'existing_opportunities', 'index') ? EXISTING_STATUSES : []),
  ];
}
