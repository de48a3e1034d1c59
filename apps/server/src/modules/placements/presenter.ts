import type { Intent, IntentOption, InvestorPlacement, PlacementDemand, PlacementRecipient, StaffPlacement } from '@platform/domain';
import type { IntentRow, InvestorPlacementRow, PlacementRow, recipientRows } from './service';

const EMPTY_DEMAND: PlacementDemand = { placed: 0, answered: 0, interested: 0, indicative_total: '0.00', by_option: [] };

export function presentIntent(row: IntentRow, currency: string, termsVersion: number | null): Intent {
  return {
    id: row.id,
    deal_id: row.dealId,
    placement_id: row.placementId,
    option: row.option as IntentOption,
    amount: row.amount,
    currency,
    intent_terms_version: termsVersion,
    terms_accepted_at: row.termsAcceptedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentStaffPlacement(
  row: { placement: PlacementRow; companyName: string; currency: string; placedBy: string | null },
  demand: PlacementDemand | undefined,
): StaffPlacement {
  const p = row.placement;
  return {
    id: p.id,
    deal: { id: p.dealId, company_name: row.companyName, currency: row.currency },
    teaser: p.teaser,
    inside_information: p.insideInformation,
    withdrawn_at: p.withdrawnAt?.toISOString() ?? null,
    placed_by: p.placedBy && row.placedBy ? { id: p.placedBy, name: row.placedBy } : null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    demand: demand ?? EMPTY_DEMAND,
  };
}

export function presentRecipient(row: Awaited<ReturnType<typeof recipientRows>>[number], currency: string): PlacementRecipient {
  return {
    user: { id: row.recipient.userId, name: row.name, email: row.email },
    client_group: row.recipient.clientGroupId && row.groupName ? { id: row.recipient.clientGroupId, name: row.groupName } : null,
    market_sounding_accepted_at: row.recipient.marketSoundingAcceptedAt?.toISOString() ?? null,
    intent: row.intent ? presentIntent(row.intent, currency, row.termsVersion) : null,
  };
}

/** The teaser stays hidden until an inside-information placement's market sounding is accepted. */
export function presentInvestorPlacement(row: InvestorPlacementRow, marketSoundingDescription: string): InvestorPlacement {
  const required = row.placement.insideInformation && !row.recipient.marketSoundingAcceptedAt;
  return {
    id: row.placement.id,
    // The company's name may itself be the inside information.
    company_name: required ? 'A confidential deal' : row.companyName,
    currency: row.currency,
    teaser: required ? null : row.placement.teaser,
    market_sounding: { required, description: required ? marketSoundingDescription : '' },
    intent: row.intent ? presentIntent(row.intent, row.currency, row.termsVersion) : null,
    created_at: row.placement.createdAt.toISOString(),
  };
}
