import { createHash } from 'node:crypto';
import type Decimal from 'decimal.js';
import { summarisePortfolio, type IsoDate, type PortfolioPerformance, type PortfolioSums } from '@platform/domain';

/**
 * Answers of pure functions for recent inputs, kept in a bounded map (least recently used out
 * first). A kept answer is the one the function would compute; computing is what costs: the
 * book's pooled IRR over thousands of dated flows takes 50–150 ms in decimals, and 2,000 companies'
 * gain, MOIC and price per share tens of ms, on every request for a book that has not changed
 * (docs/benchmarks.md, decision 0047).
 */
const KEPT = 20_000;
const kept = new Map<string, unknown>();

export function keptAnswer<T>(key: string, compute: () => T): T {
  if (kept.has(key)) {
    const known = kept.get(key) as T;
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  const answer = compute();
  kept.set(key, answer);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return answer;
}

/** `summarisePortfolio`, kept: the flows (thousands for a currency) enter the key as a hash. */
export function summariseBook(sums: PortfolioSums, netByDate: Map<IsoDate, Decimal>, asOf: IsoDate): PortfolioPerformance {
  let key = `summary|${asOf}|${sums.holdings}|${sums.cost}|${sums.currentValue}|${sums.realised}`;
  if (netByDate.size) {
    const hash = createHash('sha256');
    for (const [date, amount] of netByDate) hash.update(`|${date}:${amount.toString()}`);
    key += `|${hash.digest('base64')}`;
  }
  return keptAnswer(key, () => summarisePortfolio(sums, netByDate, asOf));
}
