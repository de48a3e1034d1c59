import { compareDecimals, groupBy } from '@platform/domain';

/** The holdings one bar chart shows: each in one currency, the largest by current value first. */
export interface HoldingsChart {
  currency: string;
  bars: Array<{ name: string; cost: number; value: number }>;
  /** How many of the currency's holdings there are, and how many of them the chart leaves to the table. */
  holdings: number;
  others: number;
}

/** Bars a chart shows by name: more would be a list too long to read, and slow to draw (500 take seconds on a phone). */
export const CHART_BARS = 10;

interface ChartedHolding {
  cost: string;
  current_value: string;
  currency: string;
  opportunity: { name: string };
}

/**
 * A chart per currency (amounts in two currencies never share an axis), each with its `limit` largest
 * holdings by current value. The rest are left to the table and the headline totals: a bar adding them
 * up would, in a book of hundreds, dwarf every named bar.
 */
export function holdingsCharts(holdings: readonly ChartedHolding[], limit = CHART_BARS): HoldingsChart[] {
  return [...groupBy(holdings, (h) => h.currency)].map(([currency, own]) => {
    const largest = [...own].sort((a, b) => compareDecimals(b.current_value, a.current_value));
    const bars = largest.slice(0, limit).map((h) => ({ name: h.opportunity.name, cost: Number(h.cost), value: Number(h.current_value) }));
    return { currency, bars, holdings: own.length, others: own.length - bars.length };
  });
}
