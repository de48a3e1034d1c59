import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import type { MyOrganisation, MyOrganisationDetail, OrganisationApplication } from '@platform/domain';

/** Query keys of the investor's side: their own organisations and applications. */
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
    queryFn: () => api<{ data: MyOrganisationDetail }>(`/api/my/organisations/${id}`).then((r) => r.data),
  });
}

export function useMyApplications(enabled: boolean) {
  return useQuery({
    queryKey: keys.applications,
    queryFn: () => api<{ data: OrganisationApplication[] }>('/api/my/organisation-applications').then((r) => r.data),
    enabled,
  });
}

/** The application form's values; the supporting document goes as `file` beside `organisationApplicationBody`'s fields. */
export interface ApplyValues extends Record<string, unknown> {
  name: string;
  type: string | null;
  company_number: string;
  role: string | null;
  file: File | null;
}

export function applicationFormData(values: ApplyValues): FormData {
  const data = new FormData();
  data.append('name', values.name.trim());
  if (values.type) data.append('type', values.type);
  if (values.company_number.trim()) data.append('company_number', values.company_number.trim());
  if (values.role) data.append('role', values.role);
  if (values.file) data.append('file', values.file);
  return data;
}

export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api<{ data: OrganisationApplication }>('/api/my/organisation-applications', { method: 'POST', body: form }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.applications }),
  });
}
