import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AnalysisGroup,
  can,
  type Fund,
  type FundFigures,
  type FundPositions,
  type LedgerEntry,
  type LedgerKind,
  type Nav,
  type PortfolioAnalysis,
  type PositionFigures,
} from '@platform/domain';
import { api, type Page } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useFeature } from '../../../app/settings';
import { toQuery, useListQuery, type ListParams } from '../../../app/use-list-query';

export type { AnalysisGroup, Fund, FundFigures, LedgerEntry, Nav, PortfolioAnalysis, PositionFigures };

export const fundKeys = {
  all: ['funds'] as const,
  one: (id: number | string) => ['funds', 'one', String(id)] as const,
  navs: (id: number | string) => ['funds', 'navs', String(id)] as const,
  positions: (id: number | string) => ['funds', 'positions', String(id)] as const,
  analysis: (id: number | string) => ['funds', 'analysis', String(id)] as const,
};

/** One page of funds with their manager and figures (latest NAV, paid in, multiples). */
export function useFundList(params: ListParams) {
  return useQuery({
    queryKey: ['funds', 'list', params],
    queryFn: () => api<Page<Fund>>('/api/funds', { query: { ...toQuery({ ...params, include: 'manager' }), append: 'figures' } }),
    placeholderData: keepPreviousData,
  });
}

export function useFund(id: number | string) {
  return useQuery({ queryKey: fundKeys.one(id), queryFn: () => api<{ data: Fund }>(`/api/funds/${id}`).then((r) => r.data) });
}

/** Every NAV of a fund, oldest first, for the chart and the table (a fund strikes a few a year). */
export function useNavs(fundId: number) {
  return useQuery({
    queryKey: fundKeys.navs(fundId),
    queryFn: async () => {
      const navs: Nav[] = [];
      for (let page = 1; ; page++) {
        const result = await api<Page<Nav>>('/api/net-asset-values', {
          query: { 'filter[fund_id]': fundId, sort: 'date', per_page: 100, page },
        });
        navs.push(...result.data);
        if (page >= result.meta.last_page) return navs;
      }
    },
  });
}

export function usePositions(fundId: number) {
  return useQuery({
    queryKey: fundKeys.positions(fundId),
    queryFn: () => api<FundPositions>(`/api/funds/${fundId}/positions`),
  });
}

export function useLedgerList(params: ListParams) {
  return useListQuery<LedgerEntry>('ledgers', { ...params, include: 'investor' });
}

export function usePortfolioAnalysis(fundId: number) {
  return useQuery({
    queryKey: fundKeys.analysis(fundId),
    queryFn: () => api<{ data: PortfolioAnalysis }>(`/api/funds/${fundId}/portfolio-analysis`).then((r) => r.data),
  });
}

/** Any write to a fund, its NAVs or ledgers refreshes every view of funds. */
export function useFundAction<Input, Output = unknown>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: fundKeys.all }), client.invalidateQueries({ queryKey: ['ledgers'] })]),
  });
}

export const deleteFund = (id: number) => api<void>(`/api/funds/${id}`, { method: 'DELETE' });
/** The add-NAV form's values; units in issue left empty are taken from the ledgers. */
export interface NavValues extends Record<string, unknown> {
  date: string;
  nav: string;
  units_in_issue: string;
}

/** What the add-NAV form sends (`createNavBody`). */
export const navBody = (fundId: number, v: NavValues) => ({
  fund_id: fundId,
  date: v.date,
  nav: v.nav.trim(),
  units_in_issue: v.units_in_issue.trim() || undefined,
});

export const createNav = (body: ReturnType<typeof navBody>) => api<{ data: Nav }>('/api/net-asset-values', { method: 'POST', body });
export const deleteNav = (id: number) => api<void>(`/api/net-asset-values/${id}`, { method: 'DELETE' });
/** The record-entry form's values (`createLedgerBody` with the fund added). */
export interface EntryValues extends Record<string, unknown> {
  investor_id: string | null;
  kind: LedgerKind;
  date: string;
  amount: string;
  units: string;
  reference: string;
}

export const ledgerBody = (fundId: number, values: EntryValues) => ({ fund_id: fundId, ...values });

/** The edit-entry form's values (`updateLedgerBody`). */
export interface EntryEditValues extends Record<string, unknown> {
  date: string;
  amount: string;
  units: string;
  reference: string;
  notes: string;
}

/** What the edit-entry form sends: entered units only when changed, since units derived from a NAV follow the date and amount. */
export function ledgerEditFields(entry: LedgerEntry, v: EntryEditValues): Record<string, string> {
  const fields: Record<string, string> = { date: v.date, amount: v.amount.trim(), reference: v.reference.trim(), notes: v.notes.trim() };
  const inUnits = entry.kind === 'subscription' || entry.kind === 'redemption';
  if (inUnits && v.units.trim() !== (entry.units ?? '')) fields.units = v.units.trim();
  return fields;
}

export const createLedger = (body: ReturnType<typeof ledgerBody>, idempotencyKey: string) =>
  api<{ data: LedgerEntry }>('/api/ledgers', { method: 'POST', body, idempotencyKey });
export const deleteLedger = (id: number) => api<void>(`/api/ledgers/${id}`, { method: 'DELETE' });

/**
 * Funds to choose from in a form (a fund investment's fund): only when the funds area is on and the
 * role may list funds; otherwise the form shows the current fund by name.
 */
export function useFundOptions() {
  const user = useCurrentUser();
  const enabled = useFeature('enableFunds') && can(user?.role_id, 'funds', 'index');
  return useQuery({
    queryKey: ['funds', 'options'],
    queryFn: () => api<Page<Fund>>('/api/funds', { query: { per_page: 100, sort: 'name' } }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}
/** FormData, as the web sends edits (spec §7.1): an emptied field is sent empty, and so cleared. */
export function updateLedger(id: number, fields: Record<string, string>) {
  const body = new FormData();
  body.append('_method', 'PATCH');
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return api<{ data: LedgerEntry }>(`/api/ledgers/${id}`, { method: 'POST', body });
}
