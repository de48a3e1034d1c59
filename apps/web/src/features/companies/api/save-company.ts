import { api } from '../../../app/api-client';
import type { Company } from './companies';

/** The form's values in the names of `createCompanyBody`/`updateCompanyBody`; money stays exact text. */
export interface CompanyValues {
  fund_id: string | null;
  company_name: string;
  industry: string;
  stage: string;
  investment_date: string;
  cost: string;
  current_valuation: string;
  valuation_date: string;
  description: string;
  key_information: string;
  maturity_status: string;
  [key: string]: unknown;
}

const TEXT = [
  'company_name',
  'industry',
  'stage',
  'investment_date',
  'cost',
  'current_valuation',
  'valuation_date',
  'description',
  'key_information',
] as const;

/**
 * FormData, as the web sends forms (spec §7.1): on edit an emptied field clears the value; on
 * create empty fields are left out. The maturity status is only chosen at creation: afterwards it
 * changes by recording a status, so its history stays whole.
 */
export function companyFormData(values: CompanyValues, editing: boolean): FormData {
  const data = new FormData();
  if (editing) data.append('_method', 'PATCH');
  if (values.fund_id) data.append('fund_id', values.fund_id);
  for (const field of TEXT) {
    const value = values[field].trim();
    if (value || editing) data.append(field, value);
  }
  if (!editing && values.maturity_status) data.append('maturity_status', values.maturity_status);
  return data;
}

export const saveCompany = (values: CompanyValues, company: Company | undefined, idempotencyKey: string) =>
  api<{ data: Company }>(company ? `/api/companies/${company.id}` : '/api/companies', {
    method: 'POST',
    body: companyFormData(values, Boolean(company)),
    query: { include: 'fund' },
    idempotencyKey,
  });
