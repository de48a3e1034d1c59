import { useQuery } from '@tanstack/react-query';
import { can, Role, ROLE_IDS, type User } from '@platform/domain';
import { api, type Page } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import type { Deal, KeyDate } from './deals';
import { DEAL_INCLUDES } from './deals';

/** The form's values in the server's names (`createDealBody`, `updateDealBody`); money stays exact text. */
export interface DealValues {
  pipeline_id: string | null;
  stage_id: string | null;
  company_name: string;
  owner_id: string | null;
  source: string;
  amount_sought: string;
  pre_money_valuation: string;
  currency: string;
  industry: string;
  summary: string;
  key_information: string;
  performance_notes: string;
  key_dates: KeyDate[];
  [key: string]: unknown;
}

const TEXT = [
  'company_name',
  'source',
  'amount_sought',
  'pre_money_valuation',
  'currency',
  'industry',
  'summary',
  'key_information',
  'performance_notes',
] as const;

/**
 * FormData, as the web sends forms (spec §7.1): an empty field clears the value on edit; on create
 * empty fields are left out. Key dates travel as JSON text.
 */
export function dealFormData(values: DealValues, editing: boolean): FormData {
  const data = new FormData();
  if (editing) data.append('_method', 'PATCH');
  else if (values.pipeline_id) data.append('pipeline_id', values.pipeline_id);
  if (values.stage_id) data.append('stage_id', values.stage_id);
  for (const field of TEXT) {
    const value = values[field].trim();
    if (value || editing) data.append(field, value);
  }
  if (values.owner_id || editing) data.append('owner_id', values.owner_id ?? '');
  data.append('key_dates', JSON.stringify(values.key_dates.map((d) => ({ label: d.label.trim(), date: d.date }))));
  return data;
}

export const saveDeal = (values: DealValues, deal?: Deal) =>
  deal
    ? api<{ data: Deal }>(`/api/pipeline-deals/${deal.id}`, {
        method: 'POST',
        body: dealFormData(values, true),
        query: { include: DEAL_INCLUDES },
      })
    : api<{ data: Deal }>('/api/pipeline-deals', { method: 'POST', body: dealFormData(values, false), query: { include: DEAL_INCLUDES } });

const STAFF_ROLES = ROLE_IDS.filter((id) => id !== Role.User).join(',');

/** Staff who may own a deal; roles that cannot list users see only the current owner. */
export function useStaff() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['users', 'staff'],
    queryFn: () =>
      api<Page<User>>('/api/users', { query: { 'filter[role_id]': STAFF_ROLES, per_page: 100, sort: 'name' } }).then((r) => r.data),
    enabled: can(user?.role_id, 'investors', 'index'),
    staleTime: 60_000,
  });
}
