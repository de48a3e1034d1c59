import { describe, expect, it } from 'vitest';
import { valueHolding, type HoldingFlows } from './holding';
import type { CompanyPriceHistory } from './price-mark';

const seed: HoldingFlows = { investments: [{ date: '2020-01-01', amount: '10000.00', shares: '1000' }], realisations: [] };

describe('valueHolding', () => {
  it('values a single investment at a later share price', () => {
    // 1,000 shares × £15 = £15,000; MOIC 15,000 / 10,000 = 1.50; gain £5,000.
    // XIRR: 1096 days (2020 is a leap year), 1.5^(365/1096) − 1 = 0.144573 → 0.1446.
    const result = valueHolding(seed, { sharePrices: [{ date: '2023-01-01', price: '15.00' }] }, '2023-01-01');
    expect(result).toEqual({
      cost: '10000.00',
      costBasis: '10000.00',
      sharesHeld: '1000',
      currentValue: '15000.00',
      realised: '0.00',
      totalValue: '15000.00',
      gain: '5000.00',
      realisedGain: '0.00',
      unrealisedGain: '5000.00',
      moic: '1.50',
      irr: '0.1446',
      mark: { date: '2023-01-01', source: 'share-price', pricePerShare: '15.000000' },
    });
  });

  it('leaves the IRR out when asked, and nothing else', () => {
    const history = { sharePrices: [{ date: '2023-01-01', price: '15.00' }] };
    expect(valueHolding(seed, history, '2023-01-01', { irr: false })).toEqual({ ...valueHolding(seed, history, '2023-01-01'), irr: null });
  });

  it('takes a partial exit out of the cost basis at average cost', () => {
    // Buys: 1,000 sh for £10,000 (2020-01-01) and 400 sh for £6,000 (2021-01-01): pool 1,400 sh, £16,000.
    // Sell 700 sh (half the pool) for £14,000 on 2022-01-01: cost out 16,000 × 700/1,400 = £8,000.
    // Left: 700 sh, basis £8,000, at £25 = £17,500. Total value 14,000 + 17,500 = 31,500;
    // gain 31,500 − 16,000 = 15,500 = realised 6,000 + unrealised 9,500; MOIC 31,500/16,000 = 1.96875 → 1.97.
    // XIRR of −10,000 (day 0), −6,000 (day 366), +14,000 (day 731), +17,500 (day 1276): bisection to
    // 50 digits gives 0.32447992886869 → 0.3245; NPV there is checked below.
    const holding: HoldingFlows = {
      investments: [seed.investments[0], { date: '2021-01-01', amount: '6000.00', shares: '400' }],
      realisations: [{ date: '2022-01-01', proceeds: '14000.00', shares: '700' }],
    };
    const result = valueHolding(holding, { sharePrices: [{ date: '2023-01-01', price: '25' }] }, '2023-06-30');
    expect(result).toMatchObject({
      cost: '16000.00',
      costBasis: '8000.00',
      sharesHeld: '700',
      currentValue: '17500.00',
      realised: '14000.00',
    });
    expect(result).toMatchObject({
      totalValue: '31500.00',
      gain: '15500.00',
      realisedGain: '6000.00',
      unrealisedGain: '9500.00',
      moic: '1.97',
      irr: '0.3245',
    });
    const r = 0.32447992886869;
    const npv = -10000 - 6000 / (1 + r) ** (366 / 365) + 14000 / (1 + r) ** (731 / 365) + 17500 / (1 + r) ** (1276 / 365);
    expect(Math.abs(npv)).toBeLessThan(1e-6);
  });

  it('pools buys after a sale and counts same-day buys before sells', () => {
    // 1,000 sh for £10,000; sell 500 for £7,500 (basis → £5,000 / 500 sh); buy 500 for £10,000
    // (pool £15,000 / 1,000 sh); on one day buy 100 for £3,000 and sell 1,100 for £33,000 — the buy
    // counts first, so the sale empties the pool: basis 0. Cost 23,000, realised 7,500 + 33,000 = 40,500,
    // realised gain = gain = 40,500 − 23,000 = 17,500.
    const holding: HoldingFlows = {
      investments: [
        seed.investments[0],
        { date: '2022-01-01', amount: '10000', shares: '500' },
        { date: '2023-01-01', amount: '3000', shares: '100' },
      ],
      realisations: [
        { date: '2023-01-01', proceeds: '33000', shares: '1100' },
        { date: '2021-01-01', proceeds: '7500', shares: '500' },
      ],
    };
    const result = valueHolding(holding, { sharePrices: [{ date: '2023-06-01', price: '40' }] }, '2023-12-31');
    expect(result).toMatchObject({
      cost: '23000.00',
      costBasis: '0.00',
      sharesHeld: '0',
      currentValue: '0.00',
      realised: '40500.00',
      realisedGain: '17500.00',
      gain: '17500.00',
    });
  });

  it('rounds an average cost that does not terminate, and keeps the gains adding up', () => {
    // £10,000 for 3 sh; sell 1 for £5,000: basis 10,000 × 2/3 = 6,666.67, cost sold 3,333.33,
    // realised gain 1,666.67; 2 sh at £4,000 = 8,000, unrealised gain 1,333.33; total gain 3,000.00.
    const holding: HoldingFlows = {
      investments: [{ date: '2020-01-01', amount: '10000', shares: '3' }],
      realisations: [{ date: '2021-01-01', proceeds: '5000', shares: '1' }],
    };
    const result = valueHolding(holding, { sharePrices: [{ date: '2021-06-01', price: '4000' }] }, '2022-01-01');
    expect(result).toMatchObject({ costBasis: '6666.67', realisedGain: '1666.67', unrealisedGain: '1333.33', gain: '3000.00' });
  });

  it('holds nothing after a full exit even when prices move on', () => {
    const holding: HoldingFlows = { ...seed, realisations: [{ date: '2022-01-01', proceeds: '25000', shares: '1000' }] };
    const result = valueHolding(holding, { sharePrices: [{ date: '2023-01-01', price: '40' }] }, '2023-06-30');
    // 2020-01-01 → 2022-01-01 is 731 days: 2.5^(365/731) − 1 = e^(0.916291 × 0.499316) − 1 = e^0.457519 − 1 = 0.580148.
    expect(result).toMatchObject({ sharesHeld: '0', currentValue: '0.00', totalValue: '25000.00', moic: '2.50', irr: '0.5801' });
  });

  it('rejects selling more shares than are held', () => {
    const holding: HoldingFlows = { ...seed, realisations: [{ date: '2021-01-01', proceeds: '1', shares: '1000.000001' }] };
    expect(() => valueHolding(holding, {}, '2022-01-01')).toThrow(/only 1000 are held/);
  });

  it('values a write-off at zero: total loss is -100%', () => {
    const result = valueHolding(
      seed,
      { sharePrices: [{ date: '2021-01-01', price: '20' }], outcomes: [{ date: '2022-01-01', kind: 'write-off' }] },
      '2023-01-01',
    );
    expect(result).toMatchObject({
      currentValue: '0.00',
      gain: '-10000.00',
      moic: '0.00',
      irr: '-1.0000',
      mark: { source: 'write-off', pricePerShare: '0.000000' },
    });
    // Before the write-off the last price still stands: 1,000 × £20.
    expect(
      valueHolding(
        seed,
        { outcomes: [{ date: '2022-01-01', kind: 'write-off' }], sharePrices: [{ date: '2021-01-01', price: '20' }] },
        '2021-12-31',
      ).currentValue,
    ).toBe('20000.00');
  });

  it('keeps the return of money got back before a write-off', () => {
    // −10,000 then +5,000 after 366 days, then nothing: 0.5^(365/366) − 1 = −0.499052 → −0.4991.
    const holding: HoldingFlows = { ...seed, realisations: [{ date: '2021-01-01', proceeds: '5000', shares: '500' }] };
    const result = valueHolding(holding, { outcomes: [{ date: '2022-01-01', kind: 'write-off' }] }, '2023-01-01');
    expect(result).toMatchObject({ realised: '5000.00', currentValue: '0.00', moic: '0.50', irr: '-0.4991' });
  });

  describe('price precedence', () => {
    // Valuation £12m post-money over 800,000 shares implies £15.00 a share.
    const company: CompanyPriceHistory = {
      sharePrices: [
        { date: '2022-01-01', price: '12' },
        { date: '2023-03-01', price: '18' },
      ],
      valuations: [{ date: '2022-06-30', valuation: '12000000', sharesOutstanding: '800000' }],
    };
    const valueOn = (asOf: string, history = company) => valueHolding(seed, history, asOf);

    it('uses whichever of share price and valuation is more recent', () => {
      expect(valueOn('2022-03-01').currentValue).toBe('12000.00');
      expect(valueOn('2022-12-31')).toMatchObject({ currentValue: '15000.00', mark: { source: 'valuation', pricePerShare: '15.000000' } });
      expect(valueOn('2023-06-30').currentValue).toBe('18000.00');
    });

    it('prefers a share price to a valuation on the same date, and an outcome to both', () => {
      const sameDay: CompanyPriceHistory = { ...company, sharePrices: [{ date: '2022-06-30', price: '11' }] };
      expect(valueOn('2022-12-31', sameDay).currentValue).toBe('11000.00');
      const exit: CompanyPriceHistory = { ...sameDay, outcomes: [{ date: '2022-06-30', kind: 'exit', price: '30' }] };
      expect(valueOn('2022-12-31', exit)).toMatchObject({ currentValue: '30000.00', mark: { source: 'exit' } });
    });

    it('lets a price recorded after a write-off value the shares again', () => {
      const recovered: CompanyPriceHistory = {
        sharePrices: [{ date: '2023-01-01', price: '0.50' }],
        outcomes: [{ date: '2022-01-01', kind: 'write-off' }],
      };
      expect(valueOn('2023-01-01', recovered).currentValue).toBe('500.00');
    });

    it('ignores prices after the as-of date and holds at the price paid when the company has none', () => {
      const followOn: HoldingFlows = { ...seed, investments: [...seed.investments, { date: '2021-01-01', amount: '3000', shares: '200' }] };
      // 1,200 sh at the £15 paid on 2021-01-01 = £18,000.
      expect(valueHolding(followOn, { sharePrices: [{ date: '2024-01-01', price: '99' }] }, '2023-01-01')).toMatchObject({
        currentValue: '18000.00',
        mark: { date: '2021-01-01', source: 'investment', pricePerShare: '15.000000' },
      });
    });
  });

  describe('decimal exactness', () => {
    it('adds pence exactly', () => {
      // 0.1 + 0.2 in floats is 0.30000000000000004; ten lots of 0.10 make 0.9999999999999999.
      const tenLots: HoldingFlows = {
        investments: Array.from({ length: 10 }, () => ({ date: '2020-01-01', amount: '0.10', shares: '0.1' })),
        realisations: [],
      };
      expect(valueHolding(tenLots, { sharePrices: [{ date: '2020-06-01', price: '1' }] }, '2021-01-01')).toMatchObject({
        cost: '1.00',
        sharesHeld: '1',
        currentValue: '1.00',
        moic: '1.00',
      });
    });

    it('rounds exact half pennies up, where a float would round down', () => {
      // 1 sh at £1.005 is exactly £1.005 → 1.01; the float 1.005 is 1.00499999999999989…, so (1.005).toFixed(2) is '1.00'.
      const one: HoldingFlows = { investments: [{ date: '2020-01-01', amount: '1', shares: '1' }], realisations: [] };
      expect(valueHolding(one, { sharePrices: [{ date: '2021-01-01', price: '1.005' }] }, '2022-01-01').currentValue).toBe('1.01');
    });

    it('multiplies by shares before dividing a valuation by shares outstanding', () => {
      // £9,995,000 / 7,000,000 sh = 1.427857142857…; 7 sh are worth exactly £9.995 → £10.00. Rounding
      // the price to decimal.js's 20 digits first (1.4278571428571428571 × 7 = 9.9949999999999999997) gives £9.99.
      const seven: HoldingFlows = { investments: [{ date: '2020-01-01', amount: '7', shares: '7' }], realisations: [] };
      const result = valueHolding(
        seven,
        { valuations: [{ date: '2021-01-01', valuation: '9995000', sharesOutstanding: '7000000' }] },
        '2022-01-01',
      );
      expect(result).toMatchObject({ currentValue: '10.00', mark: { pricePerShare: '1.427857' } });
    });
  });

  describe('degenerate inputs', () => {
    it('reports zeros and nulls for an empty holding or an as-of date before the first investment', () => {
      const empty = { cost: '0.00', currentValue: '0.00', totalValue: '0.00', gain: '0.00', moic: null, irr: null, mark: null };
      expect(valueHolding({ investments: [], realisations: [] }, {}, '2023-01-01')).toMatchObject(empty);
      expect(valueHolding(seed, { sharePrices: [{ date: '2019-01-01', price: '5' }] }, '2019-12-31')).toMatchObject({
        ...empty,
        mark: { source: 'share-price' },
      });
    });

    it('rejects negative amounts, zero shares and malformed dates', () => {
      expect(() =>
        valueHolding({ investments: [{ date: '2020-01-01', amount: '-1', shares: '1' }], realisations: [] }, {}, '2021-01-01'),
      ).toThrow(RangeError);
      expect(() =>
        valueHolding({ investments: [{ date: '2020-01-01', amount: '1', shares: '0' }], realisations: [] }, {}, '2021-01-01'),
      ).toThrow(RangeError);
      expect(() => valueHolding(seed, {}, '2021/01/01')).toThrow(RangeError);
      expect(() =>
        valueHolding(seed, { valuations: [{ date: '2020-06-01', valuation: '1', sharesOutstanding: '0' }] }, '2021-01-01'),
      ).toThrow(RangeError);
      // Bad price data fails even when it is dated after the as-of date.
      expect(() => valueHolding(seed, { sharePrices: [{ date: '2030-01-01', price: '-1' }] }, '2021-01-01')).toThrow(RangeError);
    });
  });
});
