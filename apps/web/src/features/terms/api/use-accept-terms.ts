import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client';

/** Spec §7.1: the user update as form data with a PATCH override, carrying the accepted version. */
export function useAcceptTerms(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => {
      const form = new FormData();
      form.append('_method', 'PATCH');
      form.append('accepted_terms_version', String(version));
      return api(`/api/users/${userId}`, { method: 'POST', body: form });
    },
    // Promotions the old terms held back (decision 0031) are fetched again with everything else.
    onSuccess: () => client.invalidateQueries(),
  });
}
