import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountingServiceName, AccountingStatus, AccountingSyncItem } from '@platform/domain';
import { api, type Page } from '../../../app/api-client';
import { type ListParams, toQuery } from '../../../app/use-list-query';

const STATUS = ['accounting'] as const;
const SYNC_ITEMS = 'accounting/sync-items';

export function useAccountingStatus() {
  return useQuery({ queryKey: STATUS, queryFn: () => api<{ data: AccountingStatus }>('/api/accounting').then((r) => r.data) });
}

/** Asks the server for the service's sign-in page and goes there; the service sends the browser back. */
export function useConnectAccounting() {
  return useMutation({
    mutationFn: (service: AccountingServiceName) =>
      api<{ data: { url: string } }>(`/api/accounting/${service}/connect`, { method: 'POST' }).then((r) => r.data.url),
    onSuccess: (url) => window.location.assign(url),
  });
}

export function useDisconnectAccounting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (service: AccountingServiceName) => api<void>(`/api/accounting/${service}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: STATUS }),
  });
}

/** The sync log, refreshed every few seconds while open: items move from pending to sent as the sync runs. */
export function useSyncItems(params: ListParams) {
  return useQuery({
    queryKey: [SYNC_ITEMS, 'list', params],
    queryFn: () => api<Page<AccountingSyncItem>>(`/api/${SYNC_ITEMS}`, { query: toQuery(params) }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((item) => item.status !== 'sent' && item.next_attempt_at) ? 5000 : false),
  });
}

export function useRetrySyncItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ data: AccountingSyncItem }>(`/api/accounting/sync-items/${id}/retry`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: [SYNC_ITEMS] }),
  });
}
