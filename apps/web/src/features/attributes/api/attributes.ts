import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attribute, AttributeMode, AttributeSubjectType, AttributeType, PresentedAttributeValue } from '@platform/domain';
import { api, type Page } from '../../../app/api-client';

export type { Attribute } from '@platform/domain';

/** A record's value of one attribute, as `include=attributeValues` presents it. */
export type AttributeValueEntry = PresentedAttributeValue;

/** Every live attribute of investors ('user') or contacts ('contact'), in their order. */
export function useAttributes(subjectType: AttributeSubjectType) {
  return useQuery({
    queryKey: ['attributes', subjectType],
    queryFn: () =>
      api<Page<Attribute>>('/api/attributes', { query: { 'filter[subject_type]': subjectType, per_page: 100, sort: 'position' } }).then(
        (r) => r.data,
      ),
    staleTime: 60_000,
  });
}

export function useAttribute(id: string) {
  return useQuery({
    queryKey: ['attributes', 'one', id],
    queryFn: () => api<{ data: Attribute }>(`/api/attributes/${id}`).then((r) => r.data),
  });
}

export interface AttributeDraft {
  name: string;
  subject_type?: AttributeSubjectType;
  type: AttributeType;
  options: string[];
  mode: AttributeMode;
  description: string;
  position?: number | string;
  [key: string]: unknown;
}

export const saveAttribute = (draft: AttributeDraft, id?: number) =>
  id
    ? api<{ data: Attribute }>(`/api/attributes/${id}`, {
        method: 'PATCH',
        body: { ...draft, subject_type: undefined, description: draft.description ?? '' },
      })
    : api<{ data: Attribute }>('/api/attributes', { method: 'POST', body: draft });

export const deleteAttribute = (id: number) => api<void>(`/api/attributes/${id}`, { method: 'DELETE' });

/** A write to the definitions; every list of them is refreshed after. */
export function useAttributeAction<Input, Output>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => client.invalidateQueries({ queryKey: ['attributes'] }) });
}
