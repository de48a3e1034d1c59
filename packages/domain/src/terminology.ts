/**
 * Configurable wording (spec §3). Each key is a label a customer may rename through the
 * `navigation` branding field; the value is the default shown when they have not.
 */
export const TERMINOLOGY_DEFAULTS = {
  investments: 'Investments',
  investors: 'Investors',
  insiderRegister: 'Insider Register',
  reports: 'Reports',
  dealOpportunities: 'Deals',
  LiveOpportunities: 'Live Opportunities',
  ExistingOpportunities: 'Existing Investments',
  fundOpportunities: 'Fund Investments',
  contacts: 'Contacts',
  organisations: 'Organisations',
  altInvestmentMethods: 'Investment Methods',
  kpis: 'KPIs',
  kpiPortfolio: 'Portfolio KPIs',
  updateReports: 'Update Reports',
  wipReports: 'WIP Reports',
  industry: 'Industry',
  investorRegistrationForm: 'Registration Form',
  investorRiskProfile: 'Risk Profile',
  marketSoundingAcceptance: 'Market Sounding Acceptance',
  pageTitle: 'Investor Platform',
  overview: 'Overview',
  portfolio: 'Portfolio',
  news: 'News',
  profile: 'Profile',
  funds: 'Funds',
  nominees: 'Nominees',
  cashCall: 'Cash Call',
  awaitingPayment: 'Awaiting Payment',
  paymentReceived: 'Payment Received',
  reserveAllocation: 'Reserve An Allocation',
  reservedAllocations: 'My Reserved Allocations',
  roleSuperAdmin: 'Super Admin',
  roleEntrepreneur: 'Entrepreneur',
  roleInvestmentCommittee: 'Investment Committee',
  roleUser: 'User',
  roleCustodian: 'Custodian',
  roleSupport: 'Support',
  roleCreator: 'Creator',
  roleInvestmentManager: 'Investment Manager',
  roleFundManager: 'Fund Manager',
  roleAdviser: 'Adviser',
  columnInvestment: 'Investment',
  columnCompany: 'Company',
  columnStatus: 'Status',
  columnInvested: 'Invested',
  columnShares: 'Shares',
  columnSharePrice: 'Share price',
  columnCurrentValue: 'Current value',
  columnRealised: 'Realised',
  columnGain: 'Gain',
  columnMultiple: 'Multiple',
  columnFund: 'Fund',
  columnUnits: 'Units',
  columnPaidIn: 'Paid in',
  columnDistributions: 'Distributions',
} as const;

export type TermKey = keyof typeof TERMINOLOGY_DEFAULTS;
export type Terminology = Record<TermKey, string>;

export const TERM_KEYS = Object.keys(TERMINOLOGY_DEFAULTS) as TermKey[];

/** Longest label a customer may give; menus and table headers stay readable. */
export const TERM_MAX_LENGTH = 60;

/** Why a label cannot be saved, or null when it can: text, not too long, and no markup. */
export function termLabelProblem(label: unknown): string | null {
  if (typeof label !== 'string') return 'Enter the label as text.';
  if (label.trim().length > TERM_MAX_LENGTH) return `Keep the label to ${TERM_MAX_LENGTH} characters or fewer.`;
  if (/[<>]/.test(label)) return 'Labels are plain text: remove the < and > characters.';
  return null;
}

export interface TermGroup {
  /** The page's path segment under /admin/settings/terminology (spec §2.2). */
  slug: 'navigation' | 'opportunities' | 'roles' | 'investor' | 'portfolio-columns' | 'funds';
  title: string;
  description: string;
  keys: readonly TermKey[];
}

/** The six terminology pages of spec §2.2; every label belongs to exactly one. */
export const TERM_GROUPS: readonly TermGroup[] = [
  {
    slug: 'navigation',
    title: 'Navigation',
    description: 'The product name in browser tabs and e-mails, and the menu entries of both the admin side and the investor portal.',
    keys: [
      'pageTitle',
      'overview',
      'investments',
      'portfolio',
      'news',
      'profile',
      'investors',
      'insiderRegister',
      'reports',
      'kpis',
      'kpiPortfolio',
      'updateReports',
      'wipReports',
    ],
  },
  {
    slug: 'opportunities',
    title: 'Opportunities',
    description: 'How deals and investment opportunities are named on lists, pages and the investor portal.',
    keys: [
      'dealOpportunities',
      'LiveOpportunities',
      'ExistingOpportunities',
      'industry',
      'reserveAllocation',
      'reservedAllocations',
      'marketSoundingAcceptance',
    ],
  },
  {
    slug: 'roles',
    title: 'Roles',
    description: 'The names of the roles shown on User Management, the account menu and error pages. Permissions do not change.',
    keys: [
      'roleSuperAdmin',
      'roleEntrepreneur',
      'roleInvestmentCommittee',
      'roleUser',
      'roleCustodian',
      'roleSupport',
      'roleCreator',
      'roleInvestmentManager',
      'roleFundManager',
      'roleAdviser',
    ],
  },
  {
    slug: 'investor',
    title: 'Investor',
    description: 'The records kept about investors and the ways they hold investments.',
    keys: ['contacts', 'organisations', 'altInvestmentMethods', 'nominees', 'investorRegistrationForm', 'investorRiskProfile'],
  },
  {
    slug: 'portfolio-columns',
    title: 'Portfolio columns',
    description:
      "The default names of the investor portfolio's columns and headline figures. A portfolio table may still rename a column for itself.",
    keys: [
      'columnInvestment',
      'columnCompany',
      'columnStatus',
      'columnInvested',
      'columnShares',
      'columnSharePrice',
      'columnCurrentValue',
      'columnRealised',
      'columnGain',
      'columnMultiple',
      'columnFund',
      'columnUnits',
      'columnPaidIn',
      'columnDistributions',
    ],
  },
  {
    slug: 'funds',
    title: 'Funds',
    description: 'Funds, fund investments and the stages of a cash call.',
    keys: ['funds', 'fundOpportunities', 'cashCall', 'awaitingPayment', 'paymentReceived'],
  },
];

const ROLE_TERMS: Record<number, TermKey> = {
  1: 'roleSuperAdmin',
  2: 'roleEntrepreneur',
  3: 'roleInvestmentCommittee',
  5: 'roleUser',
  7: 'roleCustodian',
  8: 'roleSupport',
  9: 'roleCreator',
  10: 'roleInvestmentManager',
  11: 'roleFundManager',
  12: 'roleAdviser',
};

/** A role's name in the customer's wording; null for an unknown role id. */
export function roleLabel(terms: Terminology, roleId: number): string | null {
  const key = ROLE_TERMS[roleId];
  return key ? terms[key] : null;
}

/**
 * Reads the `navigation` JSON text of the branding settings and fills every label the customer
 * left out (or wrote empty) with its default. Malformed JSON falls back to the defaults.
 */
export function resolveTerminology(navigation: string | Record<string, unknown> | null | undefined): Terminology {
  let custom: Record<string, unknown> = {};
  if (typeof navigation === 'string' && navigation.trim()) {
    try {
      const parsed: unknown = JSON.parse(navigation);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) custom = parsed as Record<string, unknown>;
    } catch {
      custom = {};
    }
  } else if (navigation && typeof navigation === 'object') {
    custom = navigation;
  }
  const terms = { ...TERMINOLOGY_DEFAULTS } as Terminology;
  for (const key of TERM_KEYS) {
    const value = custom[key];
    if (typeof value === 'string' && value.trim()) terms[key] = value.trim();
  }
  return terms;
}
