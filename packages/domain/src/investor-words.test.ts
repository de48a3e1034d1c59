import { describe, expect, it } from 'vitest';
import { investorHoldingLabel, investorStatusLabel, totalsWithFunds } from './investor-words';

describe('investor words', () => {
  it('names statuses as investors read them; a cash call marked paid awaits confirmation', () => {
    expect(investorStatusLabel('cash_call')).toBe('Payment due');
    expect(investorStatusLabel('cash_call', true)).toBe('Payment sent — awaiting confirmation');
    expect(investorStatusLabel('paid', true)).toBe('Payment received');
    expect(investorStatusLabel('completed')).toBe('Invested');
    expect(investorHoldingLabel(5)).toBe('Held');
    expect(investorHoldingLabel(6)).toBe('Exited');
    expect(investorHoldingLabel(5, { valuedAtPrice: true, currentValue: '0.00', realised: '0.00' })).toBe('Written off');
    expect(investorHoldingLabel(5, { valuedAtPrice: true, currentValue: '0.00', realised: '12.00' })).toBe('Exited');
    expect(investorHoldingLabel(5, { valuedAtPrice: false, currentValue: '0.00', realised: '0.00' })).toBe('Held');
  });

  it('adds fund positions to the headline exactly, at cost until valued, per currency', () => {
    const totals = [{ currency: 'GBP', cost: '0.10', current_value: '0.20', realised: '0.00', gain: '0.10', multiple: '2.00' }];
    const funds = [
      { currency: 'GBP', position: { paid_in: '0.20', value: '0.10', distributions: '0.05', redemptions: '0.00' } },
      { currency: 'GBP', position: { paid_in: '100.00', value: null, distributions: '0.00', redemptions: '0.00' } },
      { currency: 'USD', position: { paid_in: '10.00', value: '15.00', distributions: '0.00', redemptions: '2.50' } },
    ];
    expect(totalsWithFunds(totals, funds)).toEqual([
      { currency: 'GBP', cost: '100.30', current_value: '100.30', realised: '0.05', gain: '0.05', multiple: '1.00' },
      { currency: 'USD', cost: '10.00', current_value: '15.00', realised: '2.50', gain: '7.50', multiple: '1.75' },
    ]);
    expect(totalsWithFunds([], [])).toEqual([]);
  });
});
