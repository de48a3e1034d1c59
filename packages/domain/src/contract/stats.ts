import { z } from 'zod';

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
