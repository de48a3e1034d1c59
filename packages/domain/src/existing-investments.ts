import { canAny } from './permissions';
import { Role } from './roles';

/**
 * The tabs of an opportunity's staff page (spec §2.2). Live opportunities (statuses 1–4) and
 * existing investments (5–6) share the page; cap-table tabs come with the `cap_table_enabled` flag.
 */
export const OPPORTUNITY_TABS = [
  'performance',
  'details',
  'key-information',
  'transactions',
  'cap-table',
  'cap-table-performance',
  'pre-emption',
  'invitations',
  'discussions',
  'documents',
  'notes-calls-tasks',
  'kpis',
  'terms',
  'perks',
  'tax-relief',
] as const;
export type OpportunityTab = (typeof OPPORTUNITY_TABS)[number];

const EXISTING_ONLY: readonly OpportunityTab[] = ['performance', 'cap-table', 'cap-table-performance', 'pre-emption', 'kpis', 'tax-relief'];
const LIVE_ONLY: readonly OpportunityTab[] = ['invitations'];
const CAP_TABLE: readonly OpportunityTab[] = ['cap-table', 'cap-table-performance'];

/**
 * Spec §2.2/§6: the Investment Manager sees neither the Performance nor the Notes tabs of existing
 * items. Returns and the cap table's returns are performance; the Transactions tab is hidden from
 * them on the investment side (live and existing) but not on investor-side records, whose investors
 * they manage (docs/decisions/0013).
 */
const HIDDEN_FROM_ROLE: Partial<Record<number, { existing: readonly OpportunityTab[]; live: readonly OpportunityTab[] }>> = {
  [Role.InvestmentManager]: {
    existing: ['performance', 'cap-table-performance', 'notes-calls-tasks', 'transactions'],
    live: ['transactions'],
  },
};

/** Whether a role sees a tab of an opportunity page; the server refuses what is hidden here (403). */
export function mayViewOpportunityTab(
  roleId: number | null | undefined,
  tab: OpportunityTab,
  options: { existing: boolean; capTable: boolean; tax?: boolean },
): boolean {
  if (options.existing ? LIVE_ONLY.includes(tab) : EXISTING_ONLY.includes(tab)) return false;
  if (CAP_TABLE.includes(tab) && !options.capTable) return false;
  // Tax relief comes with `tax_enabled` (decision 0060).
  if (tab === 'tax-relief' && !options.tax) return false;
  // The KPIs tab is the company's KPI values: for the roles that may read KPIs (decision 0026).
  // Without a role the question is whether the page exists at all.
  if (tab === 'kpis' && roleId != null && !canAny(roleId, 'kpis')) return false;
  const hidden = roleId == null ? undefined : HIDDEN_FROM_ROLE[roleId];
  return !(hidden && (options.existing ? hidden.existing : hidden.live).includes(tab));
}
