import { Role } from '@platform/domain';
import { useListQuery, type ListParams } from '../../../app/use-list-query';

export interface InvestorRow {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  accepted_terms_version: number;
  last_login_at: string | null;
  created_at: string;
}

/** Investors are users with the investor role (spec §6, role 5). */
export function useInvestors(params: Omit<ListParams, 'filters'> & { filters: Record<string, string | undefined> }) {
  return useListQuery<InvestorRow>('users', { ...params, filters: { ...params.filters, role_id: String(Role.User) } });
}
