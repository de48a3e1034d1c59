import type { Db } from '../../db/client';
import type { KeyDate } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { findLiveDeal } from './service';

/**
 * What a pipeline deal carries into a Draft investment opportunity when it is promoted (issue 5:
 * "promote a deal to a Draft opportunity carrying its data over"). The opportunities of issue 4
 * create the Draft from this and record `source_deal_id`; nothing here writes.
 */
export interface DraftOpportunityFromDeal {
  source_deal_id: number;
  name: string;
  company_name: string;
  industry: string | null;
  currency: string;
  /** The deal's amount sought becomes the opportunity's target raise. */
  target_raise: string | null;
  pre_money_valuation: string | null;
  /** Plain-text summary; the opportunity's rich description starts from the deal's key information. */
  summary: string | null;
  description: string | null;
  key_dates: KeyDate[];
}

export async function draftOpportunityFromDeal(db: Db, dealId: number): Promise<DraftOpportunityFromDeal> {
  const deal = await findLiveDeal(db, dealId);
  if (!deal) throw notFound('deal');
  return {
    source_deal_id: deal.id,
    name: deal.companyName,
    company_name: deal.companyName,
    industry: deal.industry,
    currency: deal.currency,
    target_raise: deal.amountSought,
    pre_money_valuation: deal.preMoneyValuation,
    summary: deal.summary,
    description: deal.keyInformation,
    key_dates: deal.keyDates,
  };
}
