import type { ClientFlagName } from './flags';
import { can, type PermissionEvent } from './permissions';
import { opportunityAdminPath } from './statuses';

/**
 * The kinds of record the staff search (`/api/search`) looks through, in the order their groups
 * are shown, each with the permission event a role needs ('show') and any feature flag.
 */
export const SEARCH_KINDS = [
  'investors',
  'contacts',
  'organisations',
  'deals',
  'opportunities',
  'existing_investments',
  'companies',
  'funds',
  'documents',
  'update_reports',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  investors: 'Investors',
  contacts: 'Contacts',
  organisations: 'Organisations',
  deals: 'Deals',
  opportunities: 'Opportunities',
  existing_investments: 'Existing investments',
  companies: 'Companies',
  funds: 'Funds',
  documents: 'Documents',
  update_reports: 'Updates',
};

/** Documents answer to their record's area instead (see `RECORD_SUBJECTS`). */
export const SEARCH_KIND_ACCESS: Record<Exclude<SearchKind, 'documents'>, { event: PermissionEvent; flag?: ClientFlagName }> = {
  investors: { event: 'investors' },
  contacts: { event: 'investors' },
  organisations: { event: 'investors' },
  deals: { event: 'deals' },
  opportunities: { event: 'live_opportunities' },
  existing_investments: { event: 'existing_opportunities' },
  companies: { event: 'fund_opportunities' },
  funds: { event: 'funds', flag: 'enableFunds' },
  update_reports: { event: 'update_reports' },
};

/** The fewest characters a search needs: one letter would match most of the book. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_DEFAULT_PER_KIND = 5;
export const SEARCH_MAX_PER_KIND = 20;

/** The kinds a role may search: those whose records it may open ('show'), with their flag on. */
export function searchableKinds(roleId: number, flag: (name: ClientFlagName) => boolean): Array<Exclude<SearchKind, 'documents'>> {
  return (Object.keys(SEARCH_KIND_ACCESS) as Array<Exclude<SearchKind, 'documents'>>).filter((kind) => {
    const access = SEARCH_KIND_ACCESS[kind];
    return can(roleId, access.event, 'show') && (!access.flag || flag(access.flag));
  });
}

/**
 * The staff page of a business record, by the type it is logged and attached under (activity log,
 * records' subjects). Opportunities open by status; null for a type with no page of its own.
 */
export function recordAdminPath(type: string, id: number, opportunityStatus?: number | null): string | null {
  switch (type) {
    case 'investor':
    case 'user':
      return `/admin/investors/${id}/details`;
    case 'contact':
      return `/admin/investors/contacts/${id}/details`;
    case 'organisation':
      return `/admin/investors/organisations/${id}/details`;
    case 'investment_method':
      return `/admin/investors/investment-methods/${id}/details`;
    case 'nominee':
      return `/admin/investors/nominees/${id}`;
    case 'pipeline_deal':
      return `/admin/investments/deals/${id}/edit`;
    case 'opportunity':
      return opportunityStatus == null ? null : opportunityAdminPath(id, opportunityStatus);
    case 'company':
    case 'fund_investment':
      return `/admin/investments/companies/${id}/details`;
    case 'fund':
      return `/admin/funds/${id}/details`;
    case 'update_report':
      return `/admin/reports/updates/${id}/details`;
    case 'library':
      return '/admin/reports/library';
    default:
      return null;
  }
}
