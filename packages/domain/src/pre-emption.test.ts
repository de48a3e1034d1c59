import { describe, expect, it } from 'vitest';
import { mayViewOpportunityTab } from './existing-investments';
import { Role } from './roles';
import {
  allocatePreEmption,
  preEmptionAcceptsChoices,
  preEmptionEntitlements,
  preEmptionTotals,
  resolvePreEmptionChoice,
  sharesOffered,
  type ChoiceLine,
} from './pre-emption';

describe('pre-emption entitlements', () => {
  it('offers whole shares only', () => {
    expect(sharesOffered('10000.00', '2.500000').toFixed()).toBe('4000');
    // £1,000 at 35p buys 2,857.142857… shares: 2,857 are offered.
    expect(sharesOffered('1000.00', '0.350000').toFixed()).toBe('2857');
  });

  it('splits the offer pro rata by shares held, rounding each holder down to a whole share', () => {
    // £10,000 at £2.50 offers 4,000 shares to holders of 1,000, 2,000 and 3,000 (6,000 in all):
    // 4,000 × 1,000 ÷ 6,000 = 666.67 → 666 shares × £2.50 = £1,665.00
    // 4,000 × 2,000 ÷ 6,000 = 1,333.33 → 1,333 shares × £2.50 = £3,332.50
    // 4,000 × 3,000 ÷ 6,000 = 2,000 shares × £2.50 = £5,000.00; one share is left over.
    const result = preEmptionEntitlements(
      [
        { key: 'a', shares: '1000.000000' },
        { key: 'b', shares: '2000.000000' },
        { key: 'c', shares: '3000.000000' },
      ],
      '10000.00',
      '2.500000',
    );
    expect(result).toEqual([
      { key: 'a', sharesHeld: '1000.000000', entitledShares: '666.000000', entitledAmount: '1665.00' },
      { key: 'b', sharesHeld: '2000.000000', entitledShares: '1333.000000', entitledAmount: '3332.50' },
      { key: 'c', sharesHeld: '3000.000000', entitledShares: '2000.000000', entitledAmount: '5000.00' },
    ]);
  });

  it('keeps digits through the division and rounds money half-up to pence', () => {
    // 2,857 offered at £0.35; one holder of a third: 2,857 × 1 ÷ 3 = 952.33 → 952 shares × £0.35 = £333.20.
    // At £0.333333 a share: 952 × 0.333333 = £317.333016 → £317.33.
    const [third] = preEmptionEntitlements(
      [
        { key: 1, shares: '1' },
        { key: 2, shares: '2' },
      ],
      '1000.00',
      '0.350000',
    );
    expect(third).toMatchObject({ entitledShares: '952.000000', entitledAmount: '333.20' });
    const [odd] = preEmptionEntitlements(
      [
        { key: 1, shares: '1' },
        { key: 2, shares: '2' },
      ],
      '1000.00',
      '0.333333',
    );
    // 1000 ÷ 0.333333 = 3,000.003 → 3,000 offered; a third is 1,000 shares × £0.333333 = £333.333 → £333.33.
    expect(odd).toMatchObject({ entitledShares: '1000.000000', entitledAmount: '333.33' });
    const [half] = preEmptionEntitlements([{ key: 1, shares: '1' }], '1000.00', '0.125000');
    expect(half).toMatchObject({ entitledShares: '8000.000000', entitledAmount: '1000.00' });
    const [tiny] = preEmptionEntitlements([{ key: 1, shares: '10' }], '0.01', '0.005000');
    expect(tiny).toMatchObject({ entitledShares: '2.000000', entitledAmount: '0.01' });
    const [halfPenny] = preEmptionEntitlements([{ key: 1, shares: '10' }], '0.02', '0.005000');
    expect(halfPenny).toMatchObject({ entitledShares: '4.000000', entitledAmount: '0.02' });
    // £0.016 buys 3 shares at £0.005: 3 × £0.005 = £0.015, rounded half-up to £0.02.
    const [rounded] = preEmptionEntitlements([{ key: 1, shares: '10' }], '0.016', '0.005000');
    expect(rounded).toMatchObject({ entitledShares: '3.000000', entitledAmount: '0.02' });
  });

  it('never entitles more shares than are offered, whatever the holdings', () => {
    const holders = Array.from({ length: 7 }, (_, i) => ({ key: i, shares: `${((i * 37) % 11) + 1}.123457` }));
    const result = preEmptionEntitlements(holders, '99999.99', '1.370000');
    const total = result.reduce((sum, r) => sum + Number(r.entitledShares), 0);
    expect(total).toBeLessThanOrEqual(Number(sharesOffered('99999.99', '1.370000')));
    expect(() => preEmptionEntitlements(holders, '100', '0')).toThrow(RangeError);
  });
});

describe('pre-emption choices', () => {
  const entitlement = { entitledAmount: '1665.00', entitledShares: '666.000000' };
  const round = { pricePerShare: '2.500000', currency: 'GBP' };

  it('maintains at the entitlement and ignores any amount given', () => {
    expect(resolvePreEmptionChoice(2, entitlement, round, '5')).toEqual({
      ok: true,
      requestedAmount: '1665.00',
      requestedShares: '666.000000',
    });
  });

  it('increases above and decreases below the entitlement, in whole shares', () => {
    // £2,000.99 at £2.50 buys 800 whole shares.
    expect(resolvePreEmptionChoice(3, entitlement, round, '2000.99')).toEqual({
      ok: true,
      requestedAmount: '2000.99',
      requestedShares: '800.000000',
    });
    expect(resolvePreEmptionChoice(6, entitlement, round, '1000')).toEqual({
      ok: true,
      requestedAmount: '1000.00',
      requestedShares: '400.000000',
    });
    expect(resolvePreEmptionChoice(3, entitlement, round, '1665.00')).toEqual({
      ok: false,
      field: 'requested_amount',
      message: 'To increase, enter more than the entitlement of £1,665.00.',
    });
    expect(resolvePreEmptionChoice(6, entitlement, round, '1665')).toMatchObject({ ok: false, field: 'requested_amount' });
    expect(resolvePreEmptionChoice(3, entitlement, round, null)).toEqual({
      ok: false,
      field: 'requested_amount',
      message: 'Enter the amount you wish to invest.',
    });
    expect(resolvePreEmptionChoice(6, entitlement, round, '2.49')).toMatchObject({
      ok: false,
      field: 'requested_amount',
      message: "The amount must buy at least one whole share at the round's price.",
    });
  });

  it('asks for nothing when not taking up, and refuses to maintain an entitlement of no shares', () => {
    expect(resolvePreEmptionChoice(1, entitlement, round, '100')).toEqual({ ok: true, requestedAmount: null, requestedShares: null });
    expect(resolvePreEmptionChoice(4, entitlement, round, undefined)).toEqual({ ok: true, requestedAmount: null, requestedShares: null });
    expect(resolvePreEmptionChoice(2, { entitledAmount: '0.00', entitledShares: '0.000000' }, round, null)).toMatchObject({
      ok: false,
      field: 'choice',
    });
  });

  it('totals the round and shows oversubscription in shares', () => {
    const lines: ChoiceLine[] = [
      { choice: 3, entitledShares: '666.000000', entitledAmount: '1665.00', requestedAmount: '5000.00', requestedShares: '2000.000000' },
      { choice: 2, entitledShares: '1333.000000', entitledAmount: '3332.50', requestedAmount: '3332.50', requestedShares: '1333.000000' },
      { choice: 5, entitledShares: '2000.000000', entitledAmount: '5000.00', requestedAmount: null, requestedShares: null },
    ];
    // Requested 3,333 of 4,000 offered: not oversubscribed yet.
    expect(preEmptionTotals(lines, '10000.00', '2.500000')).toEqual({
      sharesOffered: '4000.000000',
      entitledShares: '3999.000000',
      entitledAmount: '9997.50',
      requestedShares: '3333.000000',
      requestedAmount: '8332.50',
      oversubscribedShares: '0.000000',
      responded: 2,
      holders: 3,
      byChoice: { 1: 0, 2: 1, 3: 1, 4: 0, 5: 1, 6: 0 },
    });
    lines[2] = { ...lines[2], choice: 2, requestedAmount: '5000.00', requestedShares: '2000.000000' };
    expect(preEmptionTotals(lines, '10000.00', '2.500000')).toMatchObject({
      requestedShares: '5333.000000',
      requestedAmount: '13332.50',
      oversubscribedShares: '1333.000000',
      responded: 3,
    });
  });

  it('takes answers while open and until the end of the deadline day (UTC)', () => {
    expect(preEmptionAcceptsChoices({ isOpen: true, deadline: '2026-12-01' }, new Date('2026-12-01T23:59:59Z'))).toBe(true);
    expect(preEmptionAcceptsChoices({ isOpen: true, deadline: '2026-12-01' }, new Date('2026-12-02T00:00:00Z'))).toBe(false);
    expect(preEmptionAcceptsChoices({ isOpen: false, deadline: '2026-12-01' }, new Date('2026-11-01T00:00:00Z'))).toBe(false);
  });
});

describe('pre-emption allotment', () => {
  const line = (held: number, entitled: number, requested: number | null) => ({
    sharesHeld: String(held),
    entitledShares: String(entitled),
    requestedShares: requested == null ? null : String(requested),
  });
  const allot = (lines: ReturnType<typeof line>[], offered: number) => allocatePreEmption(lines, String(offered)).map((d) => d.toNumber());

  it('gives each holder their ask up to the entitlement, and what others leave to those who asked for more', () => {
    // 1,000 offered: A maintains 600; B asks 500 on an entitlement of 300; C does not take up its 100.
    expect(allot([line(600, 600, 600), line(300, 300, 500), line(100, 100, null)], 1000)).toEqual([600, 400, 0]);
  });

  it('scales back an oversubscribed round in proportion to holdings, filling the smaller asks first', () => {
    // 200 left over after entitlements. Pro rata by holding A would get 125 and B 75; B asked for only
    // 50 more, so B is filled and A takes the remaining 150.
    expect(allot([line(500, 500, 800), line(300, 300, 350), line(200, 200, null)], 1000)).toEqual([650, 350, 0]);
    // Both ask for far more: the 200 split 500:300 is 125 and 75.
    expect(allot([line(500, 500, 2000), line(300, 300, 2000), line(200, 200, null)], 1000)).toEqual([625, 375, 0]);
  });

  it('gives the shares the rounding leaves to the largest fractions, then the larger holding, then the earlier line', () => {
    // 10 offered on equal holdings: entitlements of 3 each leave one share; all three ask for 5.
    expect(allot([line(1, 3, 5), line(1, 3, 5), line(1, 3, 5)], 10)).toEqual([4, 3, 3]);
    // 7 split 2:1:1 is 3.5, 1.75, 1.75: whole shares 3, 1, 1, and the two left go to the .75s.
    expect(allot([line(2, 0, 100), line(1, 0, 100), line(1, 0, 100)], 7)).toEqual([3, 2, 2]);
    // 2 split 3:1 is 1.5 and 0.5: equal fractions, so the last share goes to the larger holding.
    expect(allot([line(1, 0, 100), line(3, 0, 100)], 2)).toEqual([0, 2]);
  });

  it('allots exactly what was asked when the round is not oversubscribed, decreases included', () => {
    expect(allot([line(500, 500, 200), line(500, 500, 500)], 1000)).toEqual([200, 500]);
  });

  it('never allots more than offered or asked, nor less than the ask within the entitlement, and uses up an oversubscribed round', () => {
    let seed = 20261123;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const offered = 1 + random(5000);
      const held = Array.from({ length: 1 + random(8) }, () => random(1000));
      const total = held.reduce((a, b) => a + b, 0);
      const lines = held.map((h) => {
        const entitled = total === 0 ? 0 : Math.floor((offered * h) / total);
        return line(h, entitled, random(4) === 0 ? null : random(2 * entitled + 50));
      });
      const allotted = allot(lines, offered);
      const asked = lines.reduce((sum, l) => sum + Number(l.requestedShares ?? 0), 0);
      const sum = allotted.reduce((a, b) => a + b, 0);
      expect(sum).toBeLessThanOrEqual(offered);
      expect(sum).toBe(Math.min(asked, offered));
      lines.forEach((l, i) => {
        expect(allotted[i]).toBeLessThanOrEqual(Number(l.requestedShares ?? 0));
        expect(allotted[i]).toBeGreaterThanOrEqual(Math.min(Number(l.requestedShares ?? 0), Number(l.entitledShares)));
        expect(Number.isInteger(allotted[i])).toBe(true);
      });
    }
  });
});

describe('opportunity tabs', () => {
  const existing = { existing: true, capTable: true };
  it('hides Performance, the cap-table returns, Notes and Transactions of existing items from the Investment Manager', () => {
    for (const tab of ['performance', 'cap-table-performance', 'notes-calls-tasks', 'transactions'] as const) {
      expect(mayViewOpportunityTab(Role.InvestmentManager, tab, existing), tab).toBe(false);
      expect(mayViewOpportunityTab(Role.SuperAdmin, tab, existing), tab).toBe(true);
    }
    expect(mayViewOpportunityTab(Role.InvestmentManager, 'cap-table', existing)).toBe(true);
    expect(mayViewOpportunityTab(Role.InvestmentManager, 'notes-calls-tasks', { existing: false, capTable: true })).toBe(true);
    expect(mayViewOpportunityTab(Role.InvestmentManager, 'transactions', { existing: false, capTable: true })).toBe(false);
  });

  it('shows the cap-table tabs only when enabled, and existing-only tabs only on existing items', () => {
    expect(mayViewOpportunityTab(Role.SuperAdmin, 'cap-table', { existing: true, capTable: false })).toBe(false);
    expect(mayViewOpportunityTab(Role.SuperAdmin, 'pre-emption', { existing: false, capTable: true })).toBe(false);
    expect(mayViewOpportunityTab(Role.SuperAdmin, 'invitations', existing)).toBe(false);
  });
});
