import { api } from '../../../app/api-client';
import type { Fund } from './funds';

/** The form's values in the names of `createFundBody`/`updateFundBody`; money and percentages stay exact text. */
export interface FundValues {
  name: string;
  type: string;
  vintage: string;
  currency: string;
  target_size: string;
  management_fee: string;
  performance_fee: string;
  manager_id: string | null;
  description: string;
  [key: string]: unknown;
}

const TEXT = ['name', 'type', 'vintage', 'currency', 'target_size', 'management_fee', 'performance_fee', 'description'] as const;

/** FormData, as the web sends forms (spec §7.1): on edit an emptied field clears the value; on create empty fields are left out. */
export function fundFormData(values: FundValues, editing: boolean): FormData {
  const data = new FormData();
  if (editing) data.append('_method', 'PATCH');
  for (const field of TEXT) {
    const value = values[field].trim();
    if (value || editing) data.append(field, value);
  }
  if (values.manager_id || editing) data.append('manager_id', values.manager_id ?? '');
  return data;
}

export const saveFund = (values: FundValues, fund?: Fund) =>
  api<{ data: Fund }>(fund ? `/api/funds/${fund.id}` : '/api/funds', { method: 'POST', body: fundFormData(values, Boolean(fund)) });
