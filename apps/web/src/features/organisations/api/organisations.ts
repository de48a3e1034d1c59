import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORGANISATION_ROLE_LABELS, ORGANISATION_ROLES, ORGANISATION_TYPE_LABELS, ORGANISATION_TYPES } from '@platform/domain';
import { api } from '../../../app/api-client';

/** Server: modules/organisations/presenter.ts. */
export interface LinkedUser {
  id: number;
  name: string;
  email: string;
  role: string | null;
  role_label: string | null;
  linked_at: string;
}

export interface Organisation {
  id: number;
  name: string;
  type: string;
  type_label: string;
  company_number: string | null;
  country: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  users_count: number;
  created_at: string;
  updated_at: string;
}

export interface OrganisationApplication {
  id: number;
  user_id: number;
  organisation_id: number | null;
  name: string;
  type: string;
  type_label: string;
  company_number: string | null;
  role: string;
  role_label: string;
  status: 'pending' | 'approved' | 'rejected';
  status_label: string;
  reason: string | null;
  decided_at: string | null;
  created_at: string;
  user?: { id: number; name: string; email: string } | null;
  document?: { id: number; name: string; download_url: string } | null;
  organisation?: { id: number; name: string } | null;
  decided_by?: { id: number; name: string } | null;
}

export const ORGANISATION_TYPE_OPTIONS = ORGANISATION_TYPES.map((value) => ({ value, label: ORGANISATION_TYPE_LABELS[value] }));
export const ORGANISATION_ROLE_OPTIONS = ORGANISATION_ROLES.map((value) => ({ value, label: ORGANISATION_ROLE_LABELS[value] }));
export const APPLICATION_STATUS_COLOURS = { pending: 'orange', approved: 'teal', rejected: 'red' } as const;

const linksKey = (id: number) => ['organisations', 'links', id] as const;

export function useLinkedUsers(organisationId: number) {
  return useQuery({
    queryKey: linksKey(organisationId),
    queryFn: () => api<{ data: LinkedUser[] }>(`/api/organisations/${organisationId}/users`).then((r) => r.data),
  });
}

/** Link, change the role of, or unlink a person; the organisation's views refresh. */
export function useLinkWrite(organisationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ method, userId, body }: { method: 'POST' | 'PATCH' | 'DELETE'; userId?: number; body?: Record<string, unknown> }) =>
      api(`/api/organisations/${organisationId}/users${userId ? `/${userId}` : ''}`, { method, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['organisations'] }),
  });
}

export const applicationKeys = {
  all: ['organisation-applications'] as const,
  one: (id: string | number) => ['organisation-applications', 'one', String(id)] as const,
};

export function useApplication(id: string | number) {
  return useQuery({
    queryKey: applicationKeys.one(id),
    queryFn: () => api<{ data: OrganisationApplication }>(`/api/organisation-applications/${id}`).then((r) => r.data),
  });
}

/** Approve or reject; applications and organisations refresh (an approval may create one). */
export function useDecision(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, body }: { decision: 'approve' | 'reject'; body: Record<string, unknown> }) =>
      api<{ data: OrganisationApplication }>(`/api/organisation-applications/${id}/${decision}`, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: applicationKeys.all }), client.invalidateQueries({ queryKey: ['organisations'] })]),
  });
}
