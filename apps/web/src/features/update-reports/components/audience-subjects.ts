import { useFundOptions } from '../../funds';
import { useExistingInvestments } from '../api/update-reports';

/**
 * The companies (existing investments) and funds something can be about, for one searchable select
 * whose values are 'company:12' or 'fund:3' — an update's subject, a library folder's holders.
 */
export function useAudienceSubjects() {
  const companies = useExistingInvestments();
  const fundOptions = useFundOptions();
  return [
    { group: 'Companies', items: (companies.data ?? []).map((c) => ({ value: `company:${c.id}`, label: c.company_name })) },
    { group: 'Funds', items: (fundOptions.data ?? []).map((f) => ({ value: `fund:${f.id}`, label: f.name })) },
  ].filter((g) => g.items.length);
}

/** A subject select's value as the API's `opportunity_id` and `fund_id`. */
export function subjectIds(value: string | null): { opportunity_id: number | null; fund_id: number | null } {
  const [kind, id] = value?.split(':') ?? [];
  return { opportunity_id: kind === 'company' ? Number(id) : null, fund_id: kind === 'fund' ? Number(id) : null };
}
