import { z } from 'zod';
import { INVESTOR_CATEGORIES, KYC_STATUSES } from '../compliance';
import { SCREENING_STATES } from '../screening';
import { APPROPRIATENESS_STATES } from '../investors';

/** The admin overview's counts of accounts. */
export const userCountStatsSchema = z.object({
  investors: z.number().int(),
  staff: z.number().int(),
  verified_investors: z.number().int(),
  unverified_investors: z.number().int(),
  pending_terms: z.number().int(),
});
export type UserCountStats = z.infer<typeof userCountStatsSchema>;

/** New investors per day over the last 90 days, every day listed (zero included). */
export const investorCountByDateSchema = z.array(z.object({ date: z.string(), count: z.number().int() }));
export type InvestorCountByDate = z.infer<typeof investorCountByDateSchema>;

/** An exact sum of money in one currency (numeric summed in PostgreSQL, never a float). */
export const currencyAmountSchema = z.object({ currency: z.string(), amount: z.string() });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

/** A live opportunity's raise so far (committed: reserved, cash call, paid and completed). */
export const liveOpportunityProgressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  currency: z.string(),
  target_raise: z.string().nullable(),
  committed: z.string(),
  closes_at: z.string().nullable(),
});
export type LiveOpportunityProgress = z.infer<typeof liveOpportunityProgressSchema>;

/** Opportunities not yet completed (statuses 1–4) by status, and those open to investors (2–3) soonest closing first. */
export const liveOpportunityCountSchema = z.object({
  total: z.number().int(),
  by_status: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
  open: z.array(liveOpportunityProgressSchema),
});
export type LiveOpportunityCount = z.infer<typeof liveOpportunityCountSchema>;

/** Deals of one pipeline stage and the money they seek, per currency. */
export const pipelineStageValueSchema = z.object({
  pipeline_id: z.number().int(),
  pipeline: z.string(),
  stage_id: z.number().int(),
  stage: z.string(),
  count: z.number().int(),
  amount_sought: z.array(currencyAmountSchema),
});
export type PipelineStageValue = z.infer<typeof pipelineStageValueSchema>;

/** The book in three: live opportunities (statuses 1–4), existing investments (5–6) and pipeline deals. */
export const trioBreakdownSchema = z.object({
  live: z.object({ count: z.number().int(), committed: z.array(currencyAmountSchema) }),
  existing: z.object({ count: z.number().int(), invested: z.array(currencyAmountSchema) }),
  pipeline: z.object({ count: z.number().int(), amount_sought: z.array(currencyAmountSchema), stages: z.array(pipelineStageValueSchema) }),
});
export type TrioBreakdown = z.infer<typeof trioBreakdownSchema>;

/**
 * Money invested per currency: committed (not cancelled), received (paid or completed), cash calls
 * outstanding; and this period's (the calendar month so far, UTC) commitments and receipts.
 */
export const investmentValueSchema = z.object({
  currency: z.string(),
  investments: z.number().int(),
  committed: z.string(),
  received: z.string(),
  cash_call_outstanding: z.string(),
  committed_this_period: z.string(),
  received_this_period: z.string(),
});
export const totalInvestmentValueSchema = z.object({ period_start: z.string(), totals: z.array(investmentValueSchema) });
export type TotalInvestmentValue = z.infer<typeof totalInvestmentValueSchema>;

/** The mean committed investment per currency, rounded half-up to pence. */
export const averageInvestmentAmountSchema = z.array(
  z.object({ currency: z.string(), investments: z.number().int(), total: z.string(), average: z.string() }),
);
export type AverageInvestmentAmount = z.infer<typeof averageInvestmentAmountSchema>;

/** Investors by their latest declared category (null: none declared), with how many await approval. */
export const investorCategorisationStatsSchema = z.array(
  z.object({ category: z.enum(INVESTOR_CATEGORIES).nullable(), count: z.number().int(), pending: z.number().int() }),
);
export type InvestorCategorisationStats = z.infer<typeof investorCategorisationStatsSchema>;

/**
 * Investors by identity-check (KYC/AML) status, then by sanctions and PEP screening state
 * (decision 0032); every status and state listed.
 */
export const amlCountSchema = z.array(
  z.union([
    z.object({ kyc_status: z.enum(KYC_STATUSES), count: z.number().int() }),
    z.object({ screening_status: z.enum(SCREENING_STATES), count: z.number().int() }),
  ]),
);
export type AmlCount = z.infer<typeof amlCountSchema>;

/** Investors by appropriateness state (passed, failed, not taken), every state listed. */
export const complianceCountSchema = z.array(z.object({ appropriateness: z.enum(APPROPRIATENESS_STATES), count: z.number().int() }));
export type ComplianceCount = z.infer<typeof complianceCountSchema>;
