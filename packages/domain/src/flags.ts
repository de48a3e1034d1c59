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
} as const;

export type PublicFlagName = keyof typeof FEATURE_FLAGS;
export type ClientFlagName = (typeof FEATURE_FLAGS)[PublicFlagName];
export type ClientFlags = Record<ClientFlagName, boolean>;

export const PUBLIC_FLAG_NAMES = Object.keys(FEATURE_FLAGS) as PublicFlagName[];

/** Spec §5: flags arrive as booleans, numbers or '1'/'0' strings; '1' means true, '0' false. */
export function toBoolean(value: unknown): boolean {
  if (typeof value === 'string') return value === '1' || value.toLowerCase() === 'true';
  return Boolean(value);
}

/** Maps a public-settings object onto the client flag names; missing flags are off. */
export function toClientFlags(publicSettings: Partial<Record<string, unknown>>): ClientFlags {
  const flags = {} as ClientFlags;
  for (const name of PUBLIC_FLAG_NAMES) flags[FEATURE_FLAGS[name]] = toBoolean(publicSettings[name]);
  return flags;
}
