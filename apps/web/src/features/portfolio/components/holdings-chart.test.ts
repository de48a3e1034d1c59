import { describe, expect, it } from 'vitest';
import { holdingsCharts } from './holdings-chart';

const holding = (name: string, cost: string, value: string, currency = 'GBP') => ({
  cost,
  current_value: value,
  currency,
  opportunity: { name },
});

describe('the portfolio chart', () => {
  it('shows the largest holdings by current value and leaves the rest to the table', () => {
    const holdings = [
      holding('Small', '100.10', '0.10'),
      holding('Large', '5000', '9000.50'),
      holding('Middle', '2000', '2500'),
      holding('Big', '4000', '8000'),
    ];
    const [chart] = holdingsCharts(holdings, 2);
    expect(chart.bars).toEqual([
      { name: 'Large', cost: 5000, value: 9000.5 },
      { name: 'Big', cost: 4000, value: 8000 },
    ]);
    expect([chart.holdings, chart.others]).toEqual([4, 2]);
    expect(holdingsCharts(holdings, 10)[0].others).toBe(0);
  });

  it('draws each currency on its own chart', () => {
    const charts = holdingsCharts([holding('Pounds', '1', '2'), holding('Dollars', '5', '6', 'USD'), holding('More pounds', '1', '9')]);
    expect(charts.map((c) => [c.currency, c.bars.map((b) => b.name)])).toEqual([
      ['GBP', ['More pounds', 'Pounds']],
      ['USD', ['Dollars']],
    ]);
  });
});
