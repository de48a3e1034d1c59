import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Categorisation, Identity, InvestorCategory, MyCategorisation, PublicDocument, SupportContact, User } from '@platform/domain';
import { api, type Page } from '../../../app/api-client';
import { currentUserQuery } from '../../../app/session';

/** The investor's own record as /api/users/{id} presents it to them. */
export type MyDetails = User;

export const myDetailsKey = (id: number) => ['my-details', id] as const;

export function useMyDetails(id: number | undefined) {
  return useQuery({
    queryKey: myDetailsKey(id ?? 0),
    enabled: Boolean(id),
    queryFn: () => api<{ data: MyDetails }>(`/api/users/${id}`).then((r) => r.data),
  });
}

/** Sent as a form with `_method=PATCH` (spec §7.1), so an emptied field is cleared rather than dropped. */
export function useUpdateMyDetails(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, string>) => {
      const form = new FormData();
      form.append('_method', 'PATCH');
      for (const [key, value] of Object.entries(values)) form.append(key, value);
      return api<{ data: MyDetails }>(`/api/users/${id}`, { method: 'POST', body: form }).then((r) => r.data);
    },
    onSuccess: (data) => {
      client.setQueryData(myDetailsKey(id), data);
      void client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}

export type { Categorisation, IdentityDocument } from '@platform/domain';

export const myCategorisationKey = ['my-categorisation'] as const;

export function useMyCategorisation() {
  return useQuery({
    queryKey: myCategorisationKey,
    queryFn: () => api<MyCategorisation>('/api/my/categorisation'),
  });
}

export function useDeclareCategorisation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { category: InvestorCategory; declaration: Record<string, unknown> }) =>
      api<{ data: Categorisation }>('/api/my/categorisation', {
        method: 'POST',
        body: { category: input.category, declaration: JSON.stringify(input.declaration) },
      }).then((r) => r.data),
    onSuccess: () => void client.invalidateQueries({ queryKey: myCategorisationKey }),
  });
}

export function useMyIdentity() {
  return useQuery({
    queryKey: ['my-identity'],
    queryFn: () => api<{ data: Identity }>('/api/my/identity').then((r) => r.data),
  });
}

export function useUploadIdentityDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; name: string; kind?: string; issuing_country?: string }) => {
      const form = new FormData();
      form.append('file', input.file);
      if (input.name) form.append('name', input.name);
      if (input.kind) form.append('kind', input.kind);
      if (input.issuing_country) form.append('issuing_country', input.issuing_country);
      return api('/api/my/identity-documents', { method: 'POST', body: form });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['my-identity'] }),
  });
}

export function useMyDocuments() {
  return useQuery({
    queryKey: ['my-documents'],
    queryFn: () =>
      api<Page<PublicDocument>>('/api/my/documents', { query: { per_page: 100, type: 'record,onboarding,statement' } }).then((r) => r.data),
  });
}

export type ContactValues = {
  subject: string;
  message: string;
  file: File | null;
};

/** The "Contact us" form as sent: the texts, and the attachment in the field `file` when there is one. */
export function contactFormData(values: ContactValues): FormData {
  const data = new FormData();
  data.append('subject', values.subject);
  data.append('message', values.message);
  if (values.file) data.append('file', values.file);
  return data;
}

/** Sends a message to the firm's support team (spec §7.5 /api/support/contact). */
export function useContactSupport() {
  return useMutation({
    mutationFn: (values: ContactValues) =>
      api<{ data: SupportContact }>('/api/support/contact', { method: 'POST', body: contactFormData(values) }).then((r) => r.data),
  });
}
