import { fundInvestments } from '../../db/schema';
import { createDeals, createFund, createInvestor, createPipelineWithStages } from '../../test/deals-funds';
import type { agent, TestApp } from '../../test/harness';

/** Test factories: one live record of each registered subject type, to attach records to. */
export async function createSubjects(t: TestApp) {
  const investor = await createInvestor(t, 'Attached Investor');
  const { stages } = await createPipelineWithStages(t, 'Records', ['Sourced']);
  const [deal] = await createDeals(t, stages[0], ['Attached Deal Ltd']);
  const fund = await createFund(t, { name: 'Attached Fund' });
  const [company] = await t.db
    .insert(fundInvestments)
    .values({ fundId: fund.id, companyName: 'Attached Company', cost: '1000.00' })
    .returning();
  return { investor, deal, fund, company };
}

export const del = (client: ReturnType<typeof agent>, url: string) => client.request({ method: 'DELETE', url });
