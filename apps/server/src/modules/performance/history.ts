import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { CompanyOutcome, CompanyPriceHistory, CompanyValuation, SharePrice } from '@platform/domain';
import type { Db } from '../../db/client';
import { companyOutcomes, companyValuations, sharePrices } from '../../db/schema';

interface History {
  sharePrices: SharePrice[];
  valuations: CompanyValuation[];
  outcomes: CompanyOutcome[];
}

/** The price history of each company (by opportunity id), in the shape the domain arithmetic takes. */
export async function loadPriceHistories(db: Db, opportunityIds: number[]): Promise<Map<number, CompanyPriceHistory>> {
  const ids = [...new Set(opportunityIds)];
  const histories = new Map<number, History>(ids.map((id) => [id, { sharePrices: [], valuations: [], outcomes: [] }]));
  if (!ids.length) return histories;
  const [prices, valuations, outcomes] = await Promise.all([
    db
      .select()
      .from(sharePrices)
      .where(and(inArray(sharePrices.opportunityId, ids), isNull(sharePrices.deletedAt)))
      .orderBy(asc(sharePrices.date)),
    db
      .select()
      .from(companyValuations)
      .where(and(inArray(companyValuations.opportunityId, ids), isNull(companyValuations.deletedAt)))
      .orderBy(asc(companyValuations.date)),
    db
      .select()
      .from(companyOutcomes)
      .where(and(inArray(companyOutcomes.opportunityId, ids), isNull(companyOutcomes.deletedAt)))
      .orderBy(asc(companyOutcomes.date)),
  ]);
  for (const p of prices) histories.get(p.opportunityId)!.sharePrices.push({ date: p.date, price: p.price });
  for (const v of valuations)
    histories.get(v.opportunityId)!.valuations.push({ date: v.date, valuation: v.valuation, sharesOutstanding: v.sharesOutstanding });
  for (const o of outcomes)
    histories
      .get(o.opportunityId)!
      .outcomes.push(o.kind === 'write-off' ? { date: o.date, kind: 'write-off' } : { date: o.date, kind: o.kind, price: o.price! });
  return histories;
}

export function hasHistory(history: CompanyPriceHistory | undefined): boolean {
  return Boolean(history && (history.sharePrices?.length || history.valuations?.length || history.outcomes?.length));
}
