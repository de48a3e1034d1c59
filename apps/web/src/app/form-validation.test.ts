import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFundBody, moneyInput, requiredText } from '@platform/domain';
import { fundFormData, type FundValues } from '../features/funds/api/save-fund';
import { validateWith } from './form-validation';

const blankFund: FundValues = {
  name: '  ',
  type: '',
  vintage: '19',
  currency: 'GBP',
  target_size: '12.345',
  management_fee: '',
  performance_fee: '',
  manager_id: null,
  description: '',
};

describe('validateWith', () => {
  it('checks what the form sends with the server schema, and shows the server messages on their fields', () => {
    const errors = validateWith(createFundBody, (values: FundValues) => fundFormData(values, false))(blankFund);
    expect(errors).toEqual({
      name: 'Enter the fund name.',
      type: 'Enter the fund type, e.g. EIS.',
      vintage: 'Enter a year from 1900.',
      target_size: 'Enter an amount such as 1250.00 (no more than 2 decimal places).',
    });
  });

  it('passes a valid form, ignores the _method override and names list items by path', () => {
    const ok = validateWith(createFundBody, (values: FundValues) => fundFormData(values, false));
    expect(ok({ ...blankFund, name: 'Fund I', type: 'EIS', vintage: '2024', target_size: '1000000' })).toEqual({});
    const team = z.strictObject({ team: z.array(z.object({ name: requiredText(10, 'Enter a name.'), amount: moneyInput })) });
    expect(
      validateWith(
        team,
        (v: Record<string, unknown>) => v,
      )({
        team: [
          { name: 'A', amount: '1' },
          { name: '', amount: '1' },
        ],
      }),
    ).toEqual({
      'team.1.name': 'Enter a name.',
    });
  });
});
