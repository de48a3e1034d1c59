import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import { useListQuery, type ListParams } from '../../../app/use-list-query';
import type { Contact, ContactConversion, LeadStatus } from '@platform/domain';

export type { Contact, LeadStatus } from '@platform/domain';

export const CONTACT_INCLUDES = 'owner,lead_status,converted_user,attributeValues';
export const contactKeys = { all: ['contacts'] as const, one: (id: number | string) => ['contacts', 'one', String(id)] as const };

export function useContactList(params: ListParams) {
  return useListQuery<Contact>('contacts', { ...params, include: 'owner,lead_status' });
}

export function useContact(id: number | string) {
  return useQuery({
    queryKey: contactKeys.one(id),
    queryFn: () => api<{ data: Contact }>(`/api/contacts/${id}`, { query: { include: CONTACT_INCLUDES } }).then((r) => r.data),
  });
}

/** Any write to a contact refreshes every view of contacts (and the investors list after a conversion). */
export function useContactAction<Input, Output = unknown>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: contactKeys.all });
      await client.invalidateQueries({ queryKey: ['lead-statuses'] });
    },
  });
}

export const deleteContact = (id: number) => api<void>(`/api/contacts/${id}`, { method: 'DELETE' });

export const convertContact = ({ id, sendInvitation }: { id: number; sendInvitation: boolean }) =>
  api<{ data: ContactConversion }>(`/api/convert-contact/${id}`, {
    method: 'POST',
    body: { send_invitation: sendInvitation ? '1' : '0' },
  }).then((r) => r.data);

export function useLeadStatuses(enabled = true) {
  return useQuery({
    queryKey: ['lead-statuses'],
    queryFn: () => api<{ data: LeadStatus[] }>('/api/lead-statuses').then((r) => r.data),
    enabled,
    staleTime: 30_000,
  });
}

export function useLeadStatusAction<Input, Output = unknown>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => client.invalidateQueries({ queryKey: ['lead-statuses'] }) });
}

export const saveLeadStatus = (input: { id?: number; name?: string; position?: number }) =>
  input.id
    ? api<{ data: LeadStatus }>(`/api/lead-statuses/${input.id}`, { method: 'PATCH', body: { name: input.name, position: input.position } })
    : api<{ data: LeadStatus }>('/api/lead-statuses', { method: 'POST', body: { name: input.name } });

export const deleteLeadStatus = (id: number) => api<void>(`/api/lead-statuses/${id}`, { method: 'DELETE' });
