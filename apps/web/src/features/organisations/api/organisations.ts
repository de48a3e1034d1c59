import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type LinkedUser,
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_ROLES,
  ORGANISATION_TYPE_LABELS,
  ORGANISATION_TYPES,
  type StaffOrganisationApplication,
} from '@platform/domain';
import { api } from '../../../app/api-client';

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

/** The link form's values (`linkUserBody`): the investor picked and their role. */
export interface LinkValues extends Record<string, unknown> {
  user_id: string | null;
  role: string | null;
}

export const linkBody = (v: LinkValues) => ({ user_id: v.user_id ? Number(v.user_id) : undefined, role: v.role ?? undefined });

export const applicationKeys = {
  all: ['organisation-applications'] as const,
  one: (id: string | number) => ['organisation-applications', 'one', String(id)] as const,
};

export function useApplication(id: string | number) {
  return useQuery({
    queryKey: applicationKeys.one(id),
    queryFn: () => api<{ data: StaffOrganisationApplication }>(`/api/organisation-applications/${id}`).then((r) => r.data),
  });
}

/** The approval form's values (`approveApplicationBody`): an organisation on file, if staff pick one, and the role. */
export interface ApproveValues extends Record<string, unknown> {
  organisation_id: string | null;
  role: string | null;
}

export const approveBody = (v: ApproveValues) => ({
  organisation_id: v.organisation_id ? Number(v.organisation_id) : undefined,
  role: v.role ?? undefined,
});

/** The rejection form's values (`rejectApplicationBody`). */
export interface RejectValues extends Record<string, unknown> {
  reason: string;
}

export const rejectBody = (v: RejectValues) => ({ reason: v.reason.trim() });

/** Approve or reject; applications and organisations refresh (an approval may create one). */
export function useDecision(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, body }: { decision: 'approve' | 'reject'; body: Record<string, unknown> }) =>
      api<{ data: StaffOrganisationApplication }>(`/api/organisation-applications/${id}/${decision}`, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: applicationKeys.all }), client.invalidateQueries({ queryKey: ['organisations'] })]),
  });
}
