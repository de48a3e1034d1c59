import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import type { Organisation, OrganisationApplication } from './organisations';

/** The investor's side (server: modules/organisations/my-organisations.ts), always their own records. */
export interface MyOrganisation extends Omit<Organisation, 'users_count'> {
  my_role: string | null;
  my_role_label: string | null;
  investments?: Array<{
    id: number;
    opportunity: string;
    amount: string;
    currency: string;
    status: string;
    status_label: string;
    created_at: string;
  }>;
}

const keys = { organisations: ['my', 'organisations'] as const, applications: ['my', 'organisation-applications'] as const };

export function useMyOrganisations() {
  return useQuery({
    queryKey: keys.organisations,
    queryFn: () => api<{ data: MyOrganisation[] }>('/api/my/organisations').then((r) => r.data),
  });
}

export function useMyOrganisation(id: string) {
  return useQuery({
    queryKey: [...keys.organisations, id],
    queryFn: () => api<{ data: MyOrganisation }>(`/api/my/organisations/${id}`).then((r) => r.data),
  });
}

export function useMyApplications(enabled: boolean) {
  return useQuery({
    queryKey: keys.applications,
    queryFn: () => api<{ data: OrganisationApplication[] }>('/api/my/organisation-applications').then((r) => r.data),
    enabled,
  });
}

export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api<{ data: OrganisationApplication }>('/api/my/organisation-applications', { method: 'POST', body: form }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.applications }),
  });
}
