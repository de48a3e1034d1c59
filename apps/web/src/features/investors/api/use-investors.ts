import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AppropriatenessStateName,
  type BulkDeleteInvitationsResult,
  type Invitation,
  type MessageBody,
  type Owner,
  type Person,
  Role,
  type User,
} from '@platform/domain';
import { api, type Page } from '../../../app/api-client';
import { useListQuery, type ListParams } from '../../../app/use-list-query';

/** An investor as GET /api/users presents one: a user of role 5, whose answer always carries the investor fields. */
export type Investor = User & Required<Pick<User, 'kyc_status'>>;

export type InvestorRow = Investor;

export interface InvestorFilters {
  search?: string;
  category?: string;
  kyc_status?: string;
  owner_id?: string;
  appropriateness?: AppropriatenessStateName | string;
}

const INVESTOR_FILTER = String(Role.User);

/** Investors are users with the investor role (spec §6, role 5). */
export function useInvestors(params: Omit<ListParams, 'filters'> & { filters: InvestorFilters & Record<string, string | undefined> }) {
  return useListQuery<Investor>('users', { ...params, include: 'owner', filters: investorFilters(params.filters) });
}

/** The users list's filters narrowed to investors: for the list and for its export. */
export function investorFilters<T extends InvestorFilters>(filters: T) {
  return { ...filters, role_id: INVESTOR_FILTER };
}

export function useInvestor(id: string | number) {
  return useQuery({
    queryKey: ['users', 'one', String(id)],
    queryFn: () => api<{ data: Investor }>(`/api/users/${id}`, { query: { include: 'owner,attributeValues' } }).then((r) => r.data),
  });
}

/** Staff who may own investors (relationship managers). */
export function useOwners(enabled = true) {
  return useQuery({
    queryKey: ['users', 'owners'],
    queryFn: () => api<{ data: Owner[] }>('/api/users/owners').then((r) => r.data),
    staleTime: 60_000,
    enabled,
  });
}

/** A change to investors: every list and page of users is refreshed after it. */
export function useInvestorAction<Input, Output>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['users'] }),
        client.invalidateQueries({ queryKey: ['invitations'] }),
        client.invalidateQueries({ queryKey: ['records', 'activity'] }),
      ]),
  });
}

export const deleteInvestor = (id: number) => api<void>(`/api/users/${id}`, { method: 'DELETE' });
export const deleteInvestorForGood = (id: number) => api<void>(`/api/users/${id}/unsafe`, { method: 'DELETE' });
export const resetAppropriateness = (id: number) => api<unknown>(`/api/users/${id}/reset-appropriateness-test`, { method: 'POST' });
export const sendInvitation = (id: number) =>
  api<MessageBody>('/api/users/resend-set-password-email', { method: 'POST', body: { user_id: id } });

export function useInvitations(page: number) {
  return useListQuery<Invitation>('invitations', { page, perPage: 25, sort: '-created_at', filters: {} });
}

export const bulkDeleteInvitations = (ids: number[]) =>
  api<BulkDeleteInvitationsResult>('/api/invitations/bulk-delete', { method: 'POST', body: { ids } });

export type { Invitation, Owner, Page, Person };
