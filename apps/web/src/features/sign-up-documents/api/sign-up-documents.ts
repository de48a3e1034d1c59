import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvestorOnboardingDocument, OnboardingDocument, SignUpDocument } from '@platform/domain';
import { api } from '../../../app/api-client';
import { currentUserQuery, useCurrentUser } from '../../../app/session';
import { publicSettingsQuery } from '../../../app/settings';

const staffKey = ['sign-up-documents'] as const;

export function useSignUpDocuments() {
  return useQuery({
    queryKey: staffKey,
    queryFn: () => api<{ data: SignUpDocument[] }>('/api/sign-up-documents').then((r) => r.data),
  });
}

/** What a document form sends: a new file (on edit, the next version) only when one is chosen. */
export type SignUpDocumentForm = {
  title: string;
  description: string;
  requires_acceptance: boolean;
  audience: string[];
  file: File | null;
};

function formData(values: SignUpDocumentForm, method?: 'PATCH'): FormData {
  const body = new FormData();
  if (method) body.append('_method', method);
  body.append('title', values.title);
  body.append('description', values.description);
  body.append('requires_acceptance', values.requires_acceptance ? 'true' : 'false');
  body.append('audience', JSON.stringify(values.audience));
  if (values.file) body.append('file', values.file);
  return body;
}

/** Creates (no id) or changes a document; the lists, and the investors' pages through the settings event, follow. */
export function useSaveSignUpDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: SignUpDocumentForm }) =>
      id
        ? api(`/api/sign-up-documents/${id}`, { method: 'POST', body: formData(values, 'PATCH') })
        : api('/api/sign-up-documents', { method: 'POST', body: formData(values) }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useArchiveSignUpDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) =>
      api(`/api/sign-up-documents/${id}/${archived ? 'archive' : 'restore'}`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useReorderSignUpDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api<{ data: SignUpDocument[] }>('/api/sign-up-documents/order', { method: 'PUT', body: { ids } }),
    onSuccess: (response) => client.setQueryData(staffKey, response.data),
    onError: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}

/** Where an investor stands with each sign-up document, for staff (Onboarding Documents). */
export function useInvestorOnboardingDocuments(investorId: number) {
  return useQuery({
    queryKey: ['records', 'onboarding', investorId, 'sign-up-documents'],
    queryFn: () => api<{ data: InvestorOnboardingDocument[] }>(`/api/users/${investorId}/onboarding-documents`).then((r) => r.data),
  });
}

/**
 * The signed-in investor's sign-up documents: first as the current user was loaded with them (no
 * wait before the gate knows), then kept under the settings query's key, so a document staff
 * publish reaches open pages with the `settings.updated` event.
 */
export function useMySignUpDocuments() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: [...publicSettingsQuery.queryKey, 'my-sign-up-documents'],
    queryFn: () => api<{ data: OnboardingDocument[] }>('/api/my/sign-up-documents').then((r) => r.data),
    initialData: user?.onboarding_documents,
    staleTime: 60_000,
  });
}

export function useAcceptSignUpDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api<{ data: OnboardingDocument }>(`/api/my/sign-up-documents/${id}/accept`, { method: 'POST', body: { version } }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: [...publicSettingsQuery.queryKey, 'my-sign-up-documents'] });
      await client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      await client.invalidateQueries({ queryKey: ['my', 'investor-gates'] });
    },
  });
}
