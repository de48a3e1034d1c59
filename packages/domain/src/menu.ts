import type { ClientFlagName } from './flags';
import { can, canAny, type PermissionEvent } from './permissions';
import type { TermKey } from './terminology';

export interface MenuLink {
  /** Terminology key naming the link, or a fixed label. */
  term?: TermKey;
  label?: string;
  path: string;
  event: PermissionEvent;
  flag?: ClientFlagName;
}

export interface MenuArea {
  key: 'overview' | 'investments' | 'funds' | 'investors' | 'insider_register' | 'reports';
  term: TermKey;
  links: MenuLink[];
  /** 'Create' actions offered for the area. */
  create: MenuLink[];
  /** A page of the area's own that its entry opens instead of its first link (it lists the links the role may open). */
  landing?: string;
}

/**
 * The admin side menu of spec §2.2 in order. An area is shown when the role may open at least
 * one of its links; the area's entry goes to its landing page, or else to the first such link.
 */
export const ADMIN_MENU: readonly MenuArea[] = [
  {
    key: 'overview',
    term: 'overview',
    links: [{ term: 'overview', path: '/admin', event: 'overview' }],
    create: [],
  },
  {
    key: 'investments',
    term: 'investments',
    links: [
      { term: 'dealOpportunities', path: '/admin/investments/deals', event: 'deals' },
      { term: 'LiveOpportunities', path: '/admin/investments/opportunities', event: 'live_opportunities' },
      { term: 'ExistingOpportunities', path: '/admin/investments/existing', event: 'existing_opportunities' },
      { term: 'fundOpportunities', path: '/admin/investments/companies', event: 'fund_opportunities' },
      { label: 'Cash calls', path: '/admin/cash-calls', event: 'cash_calls' },
      { label: 'Payments', path: '/admin/payments', event: 'cash_calls' },
    ],
    create: [
      { label: 'New deal', path: '/admin/investments/deals/new-deal', event: 'deals' },
      { label: 'New opportunity', path: '/admin/investments/opportunities/new-opportunity', event: 'live_opportunities' },
      { label: 'New fund investment', path: '/admin/investments/companies/new-company', event: 'fund_opportunities' },
    ],
  },
  {
    key: 'funds',
    term: 'funds',
    links: [{ term: 'funds', path: '/admin/funds', event: 'funds', flag: 'enableFunds' }],
    create: [{ label: 'New fund', path: '/admin/funds/new-fund', event: 'funds', flag: 'enableFunds' }],
  },
  {
    key: 'investors',
    term: 'investors',
    links: [
      { term: 'investors', path: '/admin/investors', event: 'investors' },
      { term: 'contacts', path: '/admin/investors/contacts', event: 'investors' },
      { term: 'organisations', path: '/admin/investors/organisations', event: 'investors' },
      {
        label: 'Organisation Applications',
        path: '/admin/investors/organisation-applications',
        event: 'investors',
        flag: 'enableOrganisationLinks',
      },
      { term: 'altInvestmentMethods', path: '/admin/investors/investment-methods', event: 'investors' },
      { term: 'nominees', path: '/admin/investors/nominees', event: 'investors', flag: 'enableNominee' },
      { label: 'Screening', path: '/admin/investors/screening', event: 'screening', flag: 'enableScreening' },
    ],
    create: [
      { label: 'New investor', path: '/admin/investors/new-investor', event: 'investors' },
      { label: 'New contact', path: '/admin/investors/contacts/new-contact', event: 'investors' },
      { label: 'New organisation', path: '/admin/investors/organisations/new-organisation', event: 'investors' },
      { label: 'New investment method', path: '/admin/investors/investment-methods/new-method', event: 'investors' },
      { label: 'New nominee', path: '/admin/investors/nominees/new-nominee', event: 'investors', flag: 'enableNominee' },
    ],
  },
  {
    key: 'insider_register',
    term: 'insiderRegister',
    links: [
      { term: 'marketSoundingAcceptance', path: '/admin/insider-register', event: 'insider_register' },
      { label: 'PA Deals', path: '/admin/insider-register/pa-deals', event: 'insider_register' },
    ],
    create: [{ label: 'New PA deal', path: '/admin/insider-register/pa-deals/create', event: 'insider_register' }],
  },
  {
    key: 'reports',
    term: 'reports',
    landing: '/admin/reports',
    links: [
      { term: 'kpis', path: '/admin/reports/kpis', event: 'kpis' },
      { term: 'kpiPortfolio', path: '/admin/reports/kpi-portfolio', event: 'portfolio_kpis' },
      { term: 'updateReports', path: '/admin/reports/updates', event: 'update_reports' },
      // The firm's document library: publishing documents to investors, as updates publish news (decision 0064).
      { label: 'Library', path: '/admin/reports/library', event: 'update_reports' },
      { term: 'wipReports', path: '/admin/reports/wip', event: 'wip_reports' },
    ],
    create: [{ label: 'New update', path: '/admin/reports/new-update', event: 'update_reports' }],
  },
];

/** Settings pages and the permission each needs; shown from the account menu. */
export const SETTINGS_LINKS: readonly MenuLink[] = [
  { label: 'Branding', path: '/admin/settings/account', event: 'settings_branding' },
  { label: 'Pipelines', path: '/admin/settings/account/pipelines', event: 'settings_pipelines' },
  { label: 'User Management', path: '/admin/settings/account/admin-accounts', event: 'settings_users' },
  { label: 'Features', path: '/admin/settings/account/features', event: 'settings_features' },
  { label: 'Accounting', path: '/admin/settings/integrations/accounting', event: 'settings_features' },
  { label: 'API Tokens', path: '/admin/settings/integrations/api-tokens', event: 'settings_integrations' },
  { label: 'Triggers', path: '/admin/settings/integrations/triggers', event: 'settings_integrations' },
  { label: 'Terminology', path: '/admin/settings/terminology', event: 'settings_branding' },
  { label: 'Custom Attributes', path: '/admin/settings/attributes', event: 'settings_attributes' },
  { label: 'Industries', path: '/admin/settings/industries', event: 'settings_industries' },
  { label: 'Investment Types', path: '/admin/settings/investment-types', event: 'settings_types' },
  { label: 'Investment Sub-types', path: '/admin/settings/investment-sub-types', event: 'settings_sub_types' },
  { label: 'Investment Round Types', path: '/admin/settings/investment-round-types', event: 'settings_types' },
  {
    label: 'Investment Categories',
    path: '/admin/settings/investment-categories',
    event: 'settings_types',
    flag: 'enableInvestmentCategories',
  },
  {
    label: 'Investment Characters',
    path: '/admin/settings/investment-characters',
    event: 'settings_types',
    flag: 'enableInvestmentCharacters',
  },
  { label: 'KPI Categories', path: '/admin/settings/kpi-category', event: 'kpis' },
  { label: 'KPIs', path: '/admin/settings/kpis', event: 'kpis' },
  { label: 'Investor Settings', path: '/admin/settings/investor', event: 'settings_investor_type' },
  { label: 'Lead Statuses', path: '/admin/settings/investor/lead-status', event: 'settings_investor_type' },
  { label: 'Portfolio Tables', path: '/admin/settings/investor/portfolio', event: 'settings_investor_type' },
  { label: 'Portfolio Figures', path: '/admin/settings/investor/portfolio-stats', event: 'settings_investor_type' },
  { label: 'Sign-up Documents', path: '/admin/settings/investor/sign-up-documents', event: 'settings_investor_type' },
  { label: 'Membership Plans', path: '/admin/settings/membership-plans', event: 'cash_calls' },
  { label: 'Password Management', path: '/admin/settings/security', event: 'settings_users' },
];

type FlagReader = (flag: ClientFlagName) => boolean;

function linkVisible(roleId: number, link: MenuLink, flag: FlagReader): boolean {
  return canAny(roleId, link.event) && (!link.flag || flag(link.flag));
}

export interface VisibleArea extends MenuArea {
  href: string;
}

/** The menu a role sees: areas with at least one visible link, each pointing at its first one. */
export function visibleMenu(roleId: number, flag: FlagReader): VisibleArea[] {
  const areas: VisibleArea[] = [];
  for (const area of ADMIN_MENU) {
    const links = area.links.filter((link) => linkVisible(roleId, link, flag));
    if (links.length === 0) continue;
    const create = area.create.filter((link) => can(roleId, link.event, 'create') && (!link.flag || flag(link.flag)));
    areas.push({ ...area, links, create, href: area.landing ?? links[0].path });
  }
  return areas;
}

/** Where a staff member lands after login: the first page of the first area they may open. */
export function firstAdminPath(roleId: number, flag: FlagReader): string | null {
  return visibleMenu(roleId, flag)[0]?.href ?? null;
}

export function visibleSettings(roleId: number, flag: FlagReader): MenuLink[] {
  return SETTINGS_LINKS.filter((link) => linkVisible(roleId, link, flag));
}
