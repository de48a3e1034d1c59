import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyHolders, OwnershipChoice } from '@platform/domain';
import { api } from '../../../app/api-client';

/**
 * Whole-ownership choices (decision 0054): the investor's own at /api/whole-ownership-choices, or,
 * given an investor id, the ones staff keep on that investor's record.
 */
export type { OwnershipChoice };

const baseOf = (investorId?: number) => (investorId ? `/api/users/${investorId}/whole-ownership-choices` : '/api/whole-ownership-choices');
const keyOf = (investorId?: number) => ['ownership-choices', investorId ?? 'mine'] as const;

export function useOwnershipChoices(investorId?: number) {
  return useQuery({
    queryKey: keyOf(investorId),
    queryFn: () => api<{ data: OwnershipChoice[] }>(baseOf(investorId)).then((r) => r.data),
  });
}

/** The holders the investor may name in a choice: their organisations, method accounts and the nominees offered. */
export function useHolderOptions(investorId?: number) {
  return useQuery({
    queryKey: investorId ? ['holders', investorId] : ['my-holders'],
    queryFn: () => api<{ data: MyHolders }>(investorId ? `/api/users/${investorId}/holders` : '/api/my/holders').then((r) => r.data),
  });
}

export type OwnershipChoiceBody = Record<string, unknown>;

/** Saves, makes default and deletes choices, refreshing the list after each. */
export function useOwnershipChoiceActions(investorId?: number) {
  const client = useQueryClient();
  const base = baseOf(investorId);
  const onSuccess = () => void client.invalidateQueries({ queryKey: keyOf(investorId) });
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: number; body: OwnershipChoiceBody }) =>
      api<{ data: OwnershipChoice }>(id ? `${base}/${id}` : base, { method: id ? 'PATCH' : 'POST', body }).then((r) => r.data),
    onSuccess,
  });
  const makeDefault = useMutation({
    mutationFn: (id: number) => api<{ data: OwnershipChoice }>(`${base}/${id}/default`, { method: 'POST' }).then((r) => r.data),
    onSuccess,
  });
  const remove = useMutation({ mutationFn: (id: number) => api(`${base}/${id}`, { method: 'DELETE' }), onSuccess });
  return { save, makeDefault, remove };
}
