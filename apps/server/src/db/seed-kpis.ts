import Decimal from 'decimal.js';
import { count, inArray } from 'drizzle-orm';
import { type KpiUnit, kpiPeriodOf, kpiPeriodStart } from '@platform/domain';
import type { AppContext } from '../platform/context';
import { investmentOpportunities, kpiCategories, kpiRequestItems, kpiRequests, kpis, kpiValues } from './schema';

/** Demo KPI definitions, with eight quarters of values for every existing investment (decision 0026). */
const DEFINITIONS: Array<{ name: string; category: string; unit: KpiUnit; investorVisible: boolean; start: number; growth: number }> = [
  { name: 'Revenue', category: 'Financial', unit: 'currency', investorVisible: true, start: 180_000, growth: 0.09 },
  { name: 'Gross margin', category: 'Financial', unit: 'percentage', investorVisible: true, start: 38, growth: 0.02 },
  { name: 'Cash runway (months)', category: 'Financial', unit: 'number', investorVisible: false, start: 20, growth: -0.05 },
  { name: 'Headcount', category: 'Operational', unit: 'number', investorVisible: true, start: 12, growth: 0.06 },
];
const QUARTERS = 8;

export async function seedKpis(db: AppContext['db'], now = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(kpis);
  if (Number(n) > 0) return;
  const companies = await db
    .select({ id: investmentOpportunities.id })
    .from(investmentOpportunities)
    .where(inArray(investmentOpportunities.status, [5, 6]));
  // The last full quarter before today, and the seven before it.
  const current = kpiPeriodStart('quarterly', kpiPeriodOf('quarterly', now.toISOString().slice(0, 10)))!;
  const starts: string[] = [];
  for (let i = QUARTERS; i >= 1; i -= 1) {
    const d = new Date(`${current}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - 3 * i);
    starts.push(d.toISOString().slice(0, 10));
  }
  await db.transaction(async (tx) => {
    const categories = await tx
      .insert(kpiCategories)
      .values([...new Set(DEFINITIONS.map((d) => d.category))].map((name) => ({ name })))
      .returning();
    for (const definition of DEFINITIONS) {
      const [kpi] = await tx
        .insert(kpis)
        .values({
          name: definition.name,
          categoryId: categories.find((c) => c.name === definition.category)!.id,
          unit: definition.unit,
          frequency: 'quarterly',
          investorVisible: definition.investorVisible,
        })
        .returning();
      const values = companies.flatMap((company, c) =>
        starts.map((periodStart, q) => {
          const base = new Decimal(definition.start).times(1 + c * 0.35);
          // Growth with a little quarter-to-quarter wobble, the same on every run.
          const wobble = ((company.id * 7 + q * 13) % 5) / 100 - 0.02;
          const value = base.times(new Decimal(1 + definition.growth + wobble).pow(q));
          return { kpiId: kpi.id, opportunityId: company.id, periodStart, value: value.toFixed(definition.unit === 'currency' ? 2 : 1) };
        }),
      );
      if (values.length) await tx.insert(kpiValues).values(values);
    }
    await seedPendingRequest(tx, companies[0]?.id, current, now);
  });
}

/**
 * One answered KPI request awaiting review (decision 0026): the first company's contact sent the
 * current quarter's figures; staff accept or reject them on the Requests tab. It carries no link:
 * the answer is in, and a link's token exists only in the e-mail that carries it.
 */
async function seedPendingRequest(
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  opportunityId: number | undefined,
  periodStart: string,
  now: Date,
) {
  if (!opportunityId) return;
  const sentAt = new Date(now.getTime() - 4 * 86_400_000);
  const [request] = await tx
    .insert(kpiRequests)
    .values({
      opportunityId,
      frequency: 'quarterly',
      periodStart,
      contactName: 'Maya Brooks',
      contactEmail: 'maya.brooks@founder.test',
      status: 'submitted',
      sentAt,
      expiresAt: new Date(sentAt.getTime() + 14 * 86_400_000),
      remindersSent: 1,
      submittedAt: new Date(now.getTime() - 86_400_000),
      founderComment: 'Revenue includes the first month of the retail contract.',
    })
    .returning();
  const requested = await tx.select({ id: kpis.id, name: kpis.name }).from(kpis);
  const answers: Record<string, string> = { Revenue: '412500', 'Gross margin': '41.5', Headcount: '19' };
  await tx
    .insert(kpiRequestItems)
    .values(requested.map((k) => ({ requestId: request.id, kpiId: k.id, submittedValue: answers[k.name] ?? null })));
}
