import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallLog, Note, RecordSubjectType, Task } from '@platform/domain';
import { api, type Page } from '../../../app/api-client';

/** Notes, call logs, tasks and documents of one business record (server: modules/records); their types are the contract's. */
export type { CallLog, Note, Task };

export type RecordResource = 'notes' | 'call-logs' | 'tasks' | 'documents';
export interface Subject {
  type: RecordSubjectType;
  id: number;
}

const key = (resource: RecordResource, subject: Subject) => ['records', resource, subject.type, subject.id] as const;

/** `filters` narrows the list further (`{ folder_id: 3 }`); a write to the record refreshes every such list. */
export function useRecords<T>(
  resource: RecordResource,
  subject: Subject,
  sort = '-created_at',
  filters: Record<string, string | number> = {},
) {
  return useQuery({
    queryKey: [...key(resource, subject), sort, filters],
    queryFn: () =>
      api<Page<T>>(`/api/${resource}`, {
        query: {
          'filter[subject_type]': subject.type,
          'filter[subject_id]': subject.id,
          ...Object.fromEntries(Object.entries(filters).map(([name, value]) => [`filter[${name}]`, value])),
          sort,
          per_page: 100,
        },
      }).then((r) => r.data),
  });
}

/** A write on one of the record's lists; the list refreshes after. */
export function useRecordWrite(resource: RecordResource, subject: Subject) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path = '', method = 'POST', body }: { path?: string; method?: string; body?: Record<string, unknown> | FormData }) =>
      api(`/api/${resource}${path}`, {
        method,
        body: body instanceof FormData || !body || path ? body : { subject_type: subject.type, subject_id: subject.id, ...body },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(resource, subject) }),
  });
}
