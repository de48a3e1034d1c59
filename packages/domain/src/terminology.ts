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
} as const;

export type TermKey = keyof typeof TERMINOLOGY_DEFAULTS;
export type Terminology = Record<TermKey, string>;

export const TERM_KEYS = Object.keys(TERMINOLOGY_DEFAULTS) as TermKey[];

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
