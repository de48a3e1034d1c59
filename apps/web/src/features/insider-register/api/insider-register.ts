import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  cleanseInsiderProjectBody,
  correctInsiderEntryBody,
  createPaDealBody,
  executePaDealBody,
  InsiderEntry,
  InsiderProject,
  PaDeal,
  RestrictedCompany,
} from '@platform/domain';
import { api } from '../../../app/api-client';
import { useListQuery, type ListParams } from '../../../app/use-list-query';

export type { InsiderEntry, InsiderProject, PaDeal, RestrictedCompany };

/** List resources (their API paths); query keys start with them, so a write refreshes every view. */
export const ENTRIES = 'insider-register/entries';
export const PA_DEALS = 'pa-deals';
const PROJECTS = ['insider-register/projects'] as const;
const RESTRICTED = ['insider-register/restricted-list'] as const;

export const useInsiderEntries = (params: ListParams) => useListQuery<InsiderEntry>(ENTRIES, params);
export const usePaDeals = (params: ListParams) => useListQuery<PaDeal>(PA_DEALS, params);

export function useInsiderProjects() {
  return useQuery({
    queryKey: PROJECTS,
    queryFn: () => api<{ data: InsiderProject[] }>('/api/insider-register/projects').then((r) => r.data),
  });
}

export function useRestrictedList() {
  return useQuery({
    queryKey: RESTRICTED,
    queryFn: () => api<{ data: RestrictedCompany[] }>('/api/insider-register/restricted-list').then((r) => r.data),
  });
}

/** Any write to the register or PA deals refreshes all of their views. */
function useRegisterAction<Input, Output>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([[ENTRIES], [PA_DEALS], PROJECTS, RESTRICTED].map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}

export type CleanseBody = z.input<typeof cleanseInsiderProjectBody>;
export const useCleanseProject = () =>
  useRegisterAction(({ id, body }: { id: number; body: CleanseBody }) =>
    api<{ data: InsiderProject }>(`/api/insider-register/projects/${id}/cleanse`, { method: 'POST', body }),
  );

export type CorrectionBody = z.input<typeof correctInsiderEntryBody>;
export const useCorrectEntry = () =>
  useRegisterAction(({ id, body }: { id: number; body: CorrectionBody }) =>
    api<{ data: InsiderEntry }>(`/api/insider-register/entries/${id}/corrections`, { method: 'POST', body }),
  );

export type PaDealBody = z.input<typeof createPaDealBody>;
export const useRequestPaDeal = () =>
  useRegisterAction((body: PaDealBody) => api<{ data: PaDeal }>('/api/pa-deals', { method: 'POST', body }));

export const useDecidePaDeal = () =>
  useRegisterAction(({ id, decision, reason }: { id: number; decision: 'approve' | 'refuse'; reason: string }) =>
    api<{ data: PaDeal }>(`/api/pa-deals/${id}/${decision}`, { method: 'POST', body: reason ? { reason } : {} }),
  );

export type ExecuteBody = z.input<typeof executePaDealBody>;
export const useExecutePaDeal = () =>
  useRegisterAction(({ id, body }: { id: number; body: ExecuteBody }) =>
    api<{ data: PaDeal }>(`/api/pa-deals/${id}/execute`, { method: 'POST', body }),
  );

export const useAddRestrictedCompany = () =>
  useRegisterAction((body: { company_name: string; reason: string }) =>
    api<{ data: RestrictedCompany }>('/api/insider-register/restricted-list', { method: 'POST', body }),
  );

export const useRemoveRestrictedCompany = () =>
  useRegisterAction(({ id, reason }: { id: number; reason: string }) =>
    api<void>(`/api/insider-register/restricted-list/${id}/remove`, { method: 'POST', body: { reason } }),
  );
