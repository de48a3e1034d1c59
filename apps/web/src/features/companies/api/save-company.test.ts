import { describe, expect, it } from 'vitest';
import { companyFormData, type CompanyValues } from './save-company';

const values: CompanyValues = {
  fund_id: '2',
  company_name: ' Acme Ltd ',
  industry: '',
  stage: 'Seed',
  investment_date: '2024-01-10',
  cost: '1000.50',
  current_valuation: '',
  valuation_date: '',
  description: '',
  key_information: '',
  maturity_status: 'exited',
};

describe('companyFormData', () => {
  it('leaves empty fields out of a new fund investment and sends its first maturity status', () => {
    expect(Object.fromEntries(companyFormData(values, false))).toEqual({
      fund_id: '2',
      company_name: 'Acme Ltd',
      stage: 'Seed',
      investment_date: '2024-01-10',
      cost: '1000.50',
      maturity_status: 'exited',
    });
  });

  it('sends emptied fields on edit so they clear, and never the maturity status (it has its own history)', () => {
    const sent = Object.fromEntries(companyFormData(values, true));
    expect(sent).toMatchObject({ _method: 'PATCH', industry: '', current_valuation: '', valuation_date: '' });
    expect(sent.maturity_status).toBeUndefined();
  });
});
