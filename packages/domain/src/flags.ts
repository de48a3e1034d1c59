/** Feature flags of spec §3 in both naming forms: the public-settings field and the client name. */
export const FEATURE_FLAGS = {
  funds_enabled: 'enableFunds',
  compliance_test_enabled: 'enableComplianceTest',
  compliance_test_requires_categorisation_approval: 'enableComplianceRequiresCategorisation',
  user_screening_enabled: 'enableScreening',
  tax_enabled: 'enableTax',
  nominee_enabled: 'enableNominee',
  ca_use_intl_check: 'enableInternationalAml',
  hide_bank_details: 'enableHideBank',
  hide_bank_details_admin: 'enableHideBankAdmin',
  hide_payment_reference: 'enableHidePayee',
  market_sounding_enabled: 'enableMarketSounding',
  investor_categorisation_popups_enabled: 'enableInvestorTypePopup',
  investment_terms_enabled: 'termsConditions',
  invite_on_register: 'inviteOnRegister',
  risk_warning_enabled: 'enableRiskWarning',
  financial_promotion_exceptions_enabled: 'enableFinancialPromotionExceptions',
  intl_bank_details_enabled: 'enableInternationalBank',
  default_investor_associates: 'enableDefaultInvestorAssociates',
  organisation_links_enabled: 'enableOrganisationLinks',
  // Not in the spec's table: the cap-table tabs of existing investments (docs/decisions/0013).
  cap_table_enabled: 'enableCapTable',
  // Not in the spec's table, which names the settings pages as feature-flagged (decision 0027).
  investment_categories_enabled: 'enableInvestmentCategories',
  investment_characters_enabled: 'enableInvestmentCharacters',
  // Spec §2.2 funds: "portfolio-analysis (feature-flagged)"; the spec's table does not name it (decision 0052).
  portfolio_analysis_enabled: 'enablePortfolioAnalysis',
} as const;

export type PublicFlagName = keyof typeof FEATURE_FLAGS;

/** What each flag does, as Settings › Features explains it. */
export const FLAG_DESCRIPTIONS: Record<PublicFlagName, string> = {
  funds_enabled: 'Shows the Funds area: funds, their net asset values, ledgers and portfolios.',
  compliance_test_enabled: 'Investors must pass the appropriateness test before they can invest.',
  compliance_test_requires_categorisation_approval:
    'Investors take the appropriateness test only after staff have approved their investor category.',
  user_screening_enabled: 'Screens investors against sanctions and politically-exposed-person lists during onboarding.',
  tax_enabled: 'Records tax relief (EIS, SEIS) on investments and asks investors for their tax details.',
  nominee_enabled: 'Lets investments be held through nominees, with the Nominees list for staff.',
  ca_use_intl_check: 'Uses the international identity check for investors who live outside the UK.',
  hide_bank_details: 'Hides the bank details on the payment instructions investors see.',
  hide_bank_details_admin: "Hides investors' bank details from staff.",
  hide_payment_reference: 'Hides the payment reference on the payment instructions investors see.',
  market_sounding_enabled: 'Investors accept the market-sounding notice before they see an opportunity that requires it.',
  investor_categorisation_popups_enabled: 'Asks investors to declare their investor category in a pop-up when they sign in.',
  investment_terms_enabled: "Investors accept the opportunity's terms and conditions before they invest.",
  invite_on_register: 'Registration sends an e-mail invitation to choose a password instead of asking for one on the form.',
  risk_warning_enabled: 'Shows the risk warning banner to investors, and allows unlimited appropriateness test attempts.',
  financial_promotion_exceptions_enabled: 'Investors declare the financial promotion exemption that applies to them.',
  intl_bank_details_enabled: 'Asks for international bank details (IBAN and SWIFT/BIC) as well as UK ones.',
  default_investor_associates: "New investors get the firm's default owner and adviser.",
  organisation_links_enabled: 'Investors may ask to act for an organisation, and staff review their applications.',
  cap_table_enabled: 'Shows the Cap Table and Cap Table Performance tabs on existing investments.',
  investment_categories_enabled: 'Opportunities carry an investment category chosen from the Investment Categories list in Settings.',
  investment_characters_enabled: 'Opportunities carry an investment character chosen from the Investment Characters list in Settings.',
  portfolio_analysis_enabled: 'Shows the Portfolio analysis tab of each fund: its investments by industry and by stage.',
};

/**
 * The value of each flag that was never switched (absent from the stored settings). Flags are off
 * unless they name a page that existed before it became switchable: deployments that never saw the
 * switch keep the page (decision 0052).
 */
const ON_BY_DEFAULT: readonly PublicFlagName[] = ['portfolio_analysis_enabled'];
export const FLAG_DEFAULTS = Object.fromEntries(
  (Object.keys(FEATURE_FLAGS) as PublicFlagName[]).map((name) => [name, ON_BY_DEFAULT.includes(name)]),
) as Record<PublicFlagName, boolean>;
export type ClientFlagName = (typeof FEATURE_FLAGS)[PublicFlagName];
export type ClientFlags = Record<ClientFlagName, boolean>;

export const PUBLIC_FLAG_NAMES = Object.keys(FEATURE_FLAGS) as PublicFlagName[];

/** Spec §5: flags arrive as booleans, numbers or '1'/'0' strings; '1' means true, '0' false. */
export function toBoolean(value: unknown): boolean {
  if (typeof value === 'string') return value === '1' || value.toLowerCase() === 'true';
  return Boolean(value);
}

/** One flag read from stored or public settings: a missing (or null) value is the flag's default. */
export function flagValue(values: Partial<Record<string, unknown>>, name: PublicFlagName): boolean {
  const value = values[name];
  return value === undefined || value === null ? FLAG_DEFAULTS[name] : toBoolean(value);
}

/** Maps a public-settings object onto the client flag names; a missing flag takes its default. */
export function toClientFlags(publicSettings: Partial<Record<string, unknown>>): ClientFlags {
  const flags = {} as ClientFlags;
  for (const name of PUBLIC_FLAG_NAMES) flags[FEATURE_FLAGS[name]] = flagValue(publicSettings, name);
  return flags;
}
