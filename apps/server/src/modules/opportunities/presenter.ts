import Decimal from 'decimal.js';
import {
  OPPORTUNITY_STATUS_LABELS,
  opportunityAdminPath,
  type ConfidentialOpportunity,
  type MarketSoundingAcceptance,
  type Opportunity,
  type OpportunityStatusId,
  type StaffOpportunity,
  type TaxRelief,
} from '@platform/domain';
import type { OpportunityRow } from '../../shared/opportunity-visibility';

/** The hard cap of the raise: the maximum raise, else the target. */
export function raiseCap(row: Pick<OpportunityRow, 'maximumRaise' | 'targetRaise'>): string | null {
  return row.maximumRaise ?? row.targetRaise;
}

function funding(row: OpportunityRow) {
  const cap = raiseCap(row);
  const target = row.targetRaise;
  return {
    committed_amount: row.committedAmount,
    available_amount: cap === null ? null : Decimal.max(0, new Decimal(cap).minus(row.committedAmount)).toFixed(2),
    /** Percent of the target raised, one decimal place, for progress bars. */
    percent_raised:
      target && new Decimal(target).gt(0) ? new Decimal(row.committedAmount).div(target).times(100).toDecimalPlaces(1).toNumber() : null,
  };
}

/** Content an investor may read once they may see the opportunity (and, where required, after market sounding). */
function content(row: OpportunityRow) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    status_label: OPPORTUNITY_STATUS_LABELS[row.status as OpportunityStatusId],
    company_name: row.companyName,
    type: row.type,
    sub_type: row.subType,
    industry: row.industry,
    round_type: row.roundType,
    category: row.category,
    character: row.character,
    currency: row.currency,
    target_raise: row.targetRaise,
    maximum_raise: row.maximumRaise,
    minimum_investment: row.minimumInvestment,
    maximum_investment: row.maximumInvestment,
    cash_call_payment_days: row.cashCallPaymentDays,
    share_price: row.sharePrice,
    pre_money_valuation: row.preMoneyValuation,
    opens_at: row.opensAt,
    closes_at: row.closesAt,
    tax_relief: row.taxRelief as TaxRelief,
    fees: row.fees,
    summary: row.summary,
    description: row.description,
    key_points: row.keyPoints,
    team: row.team,
    key_dates: row.keyDates,
    market_sounding_required: row.marketSoundingRequired,
    cover_image: row.coverImage,
    ...funding(row),
  };
}

export function presentOpportunityForStaff(row: OpportunityRow): StaffOpportunity {
  return {
    ...content(row),
    admin_path: opportunityAdminPath(row.id, row.status),
    bank_account_name: row.bankAccountName,
    bank_sort_code: row.bankSortCode,
    bank_account_number: row.bankAccountNumber,
    bank_iban: row.bankIban,
    bank_bic: row.bankBic,
    source_deal_id: row.sourceDealId,
    created_by: row.createdBy,
    published_at: row.publishedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * What an investor sees. Until they accept a required market sounding, only that it exists: its
 * name and terms may be inside information (DOMAIN.md "Insider register").
 */
export function presentOpportunityForInvestor(row: OpportunityRow, marketSoundingPending: boolean): Opportunity | ConfidentialOpportunity {
  if (marketSoundingPending) {
    return {
      id: row.id,
      slug: row.slug,
      status: row.status,
      name: 'Confidential opportunity',
      market_sounding_pending: true as const,
      market_sounding_path: `/investor/investments/market-sounding/${row.id}`,
    };
  }
  return { ...content(row), market_sounding_pending: false as const };
}

/** A row of the insider register's market-sounding list (market-sounding.ts marketSoundingAcceptanceRows). */
export interface MarketSoundingAcceptanceRow {
  id: number;
  opportunityId: number;
  userId: number;
  userName: string;
  userEmail: string;
  opportunityName: string;
  disclosedText: string;
  acceptedAt: Date;
  ip: string | null;
}

export function presentMarketSoundingAcceptance(r: MarketSoundingAcceptanceRow): MarketSoundingAcceptance {
  return {
    id: r.id,
    opportunity_id: r.opportunityId,
    opportunity_name: r.opportunityName,
    user: { id: r.userId, name: r.userName, email: r.userEmail },
    disclosed_text: r.disclosedText,
    accepted_at: r.acceptedAt.toISOString(),
    ip: r.ip,
  };
}
