import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { valueHolding } from './holding';
import { xirr } from './irr';
import { summarisePortfolio, valuePortfolio, type PortfolioHolding } from './portfolio';
import type { CompanyPriceHistory } from './price-mark';

const companies = new Map<string, CompanyPriceHistory>([
  ['alpha', { sharePrices: [{ date: '2023-01-01', price: '15' }] }],
  ['beta', { sharePrices: [{ date: '2020-06-01', price: '12' }], outcomes: [{ date: '2021-06-01', kind: 'write-off' }] }],
  ['gamma', { valuations: [{ date: '2022-01-01', valuation: '9000000', sharesOutstanding: '700000' }] }],
]);

const holding = (companyId: string, amount: string, shares: string, date = '2020-01-01'): PortfolioHolding => ({
  companyId,
  investments: [{ date, amount, shares }],
  realisations: [],
});

describe('valuePortfolio', () => {
  it('adds holdings up and pools their flows for one IRR', () => {
    // alpha: £10,000 → 1,000 sh × £15 = £15,000. beta: £10,000 written off → £0.
    // Totals: cost 20,000, value 15,000, gain −5,000, MOIC 0.75.
    // Pooled flows −20,000 on 2020-01-01 and +15,000 on 2023-01-01 (1096 days):
    // 0.75^(365/1096) − 1 = −0.091360 → −0.0914.
    const result = valuePortfolio([holding('alpha', '10000', '1000'), holding('beta', '10000', '1000')], companies, '2023-01-01');
    expect(result).toEqual({
      holdings: 2,
      cost: '20000.00',
      currentValue: '15000.00',
      realised: '0.00',
      totalValue: '15000.00',
      gain: '-5000.00',
      moic: '0.75',
      irr: '-0.0914',
    });
  });

  it('gives the same figures from sums and flows netted per date, as a database would return them', () => {
    // The two holdings of the first test: cost 20,000 and value 15,000 + 0 summed; −20,000 paid in on 2020-01-01.
    const flows = new Map([['2020-01-01', new Decimal('-20000')]]);
    const fromSums = summarisePortfolio({ holdings: 2, cost: '20000.00', currentValue: '15000.00', realised: '0' }, flows, '2023-01-01');
    expect(fromSums).toEqual(
      valuePortfolio([holding('alpha', '10000', '1000'), holding('beta', '10000', '1000')], companies, '2023-01-01'),
    );
  });

  it('agrees with the holdings valued one by one, and with the XIRR of all their flows', () => {
    const book: PortfolioHolding[] = [
      {
        companyId: 'alpha',
        investments: [
          { date: '2019-03-15', amount: '2500.50', shares: '300' },
          { date: '2021-07-01', amount: '1000', shares: '80' },
        ],
        realisations: [{ date: '2022-02-02', proceeds: '1800.25', shares: '120' }],
      },
      holding('gamma', '7777.77', '555.555555', '2020-09-30'),
      holding('beta', '3000', '250', '2020-02-29'),
      holding('unpriced', '4200', '420', '2021-11-11'),
    ];
    const asOf = '2023-06-30';
    const one = book.map((h) => valueHolding(h, companies.get(h.companyId) ?? {}, asOf));
    const sum = (key: 'cost' | 'currentValue' | 'realised') => one.reduce((total, h) => total.plus(h[key]), new Decimal(0)).toFixed(2);
    const result = valuePortfolio(book, companies, asOf);
    expect(result).toMatchObject({ holdings: 4, cost: sum('cost'), currentValue: sum('currentValue'), realised: sum('realised') });
    // The unpriced company's holding stays at the £10 a share paid: 420 × 10 = 4,200.
    expect(one[3].currentValue).toBe('4200.00');
    const flows = [
      ...book.flatMap((h) => h.investments.map((i) => ({ date: i.date, amount: `-${i.amount}` }))),
      ...book.flatMap((h) => h.realisations.map((r) => ({ date: r.date, amount: r.proceeds }))),
      { date: asOf, amount: result.currentValue },
    ];
    expect(result.irr).toBe(xirr(flows));
    expect(result.irr).not.toBeNull();
  });

  it('looks each company up once, however many holdings it has', () => {
    const lookups: string[] = [];
    const counting = new (class extends Map<string, CompanyPriceHistory> {
      override get(key: string) {
        lookups.push(key);
        return super.get(key);
      }
    })(companies);
    valuePortfolio(
      [holding('alpha', '1', '1'), holding('beta', '1', '1'), holding('alpha', '2', '2'), holding('alpha', '3', '3')],
      counting,
      '2023-01-01',
    );
    expect(lookups).toEqual(['alpha', 'beta']);
  });

  it('stays exact across many small holdings', () => {
    // 50,000 holdings of £0.10 for 1 sh each (floats drift after a few): cost £5,000.00. Half are on
    // 2020-01-01 and half on 2021-01-01; at £0.20 a share the book is worth £10,000.00, MOIC 2.00.
    const book = Array.from({ length: 50_000 }, (_, i) => holding(`c${i % 50}`, '0.10', '1', i % 2 ? '2021-01-01' : '2020-01-01'));
    const priced = new Map(Array.from({ length: 50 }, (_, i) => [`c${i}`, { sharePrices: [{ date: '2021-06-01', price: '0.20' }] }]));
    const result = valuePortfolio(book, priced, '2023-01-01');
    expect(result).toMatchObject({ holdings: 50_000, cost: '5000.00', currentValue: '10000.00', moic: '2.00' });
    // Pooled: −2,500 (day 0), −2,500 (day 366), +10,000 (day 1096); bisection gives 0.31437845317 → 0.3144.
    const r = 0.31437845317;
    expect(Math.abs(-2500 - 2500 / (1 + r) ** (366 / 365) + 10000 / (1 + r) ** (1096 / 365))).toBeLessThan(1e-6);
    expect(result.irr).toBe('0.3144');
  });

  it('reports a book that is all written off as a total loss', () => {
    expect(
      valuePortfolio([holding('beta', '500', '50'), holding('beta', '700', '70', '2021-01-01')], companies, '2023-01-01'),
    ).toMatchObject({ currentValue: '0.00', moic: '0.00', irr: '-1.0000' });
  });

  it('reports zeros and nulls for an empty book', () => {
    expect(valuePortfolio([], companies, '2023-01-01')).toEqual({
      holdings: 0,
      cost: '0.00',
      currentValue: '0.00',
      realised: '0.00',
      totalValue: '0.00',
      gain: '0.00',
      moic: null,
      irr: null,
    });
  });
});
