import { APPROPRIATENESS_RETRY_WAIT_MS, COOLING_OFF_MS, UNLIMITED_COMPLIANCE_TRIES } from './constants';

/** Compliance rules of spec §4 (appropriateness test, investor categorisation), shared by server and web. */

/** FCA investor categories an investor may declare (COBS 4.12A). */
export const INVESTOR_CATEGORIES = [
  'restricted',
  'high_net_worth',
  'certified_sophisticated',
  'self_certified_sophisticated',
  'professional',
] as const;
export type InvestorCategory = (typeof INVESTOR_CATEGORIES)[number];

/** 'superseded': a pending declaration replaced by a newer one before review. */
export const CATEGORISATION_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type CategorisationStatus = (typeof CATEGORISATION_STATUSES)[number];

/** A declared category lasts this many months before the investor must declare again. */
export const CATEGORISATION_VALID_MONTHS = 12;

/** Default pass mark of the appropriateness test, in percent: every question answered correctly. */
export const DEFAULT_APPROPRIATENESS_PASS_MARK = 100;
/** Default wait after a failed attempt, in hours (spec §4, §9). */
export const DEFAULT_APPROPRIATENESS_WAIT_HOURS = APPROPRIATENESS_RETRY_WAIT_MS / 3_600_000;

/**
 * The question banks: one bank, or the two FCA banks drawn alternately on retakes — bank A on the
 * 1st, 3rd… attempt, bank B on the 2nd, 4th… (so a retake never repeats the same questions).
 */
export const APPROPRIATENESS_BANK_MODES = ['single', 'fca_alternating'] as const;
export type AppropriatenessBankMode = (typeof APPROPRIATENESS_BANK_MODES)[number];
export const COMPLIANCE_BANKS = ['a', 'b'] as const;
export type ComplianceBank = (typeof COMPLIANCE_BANKS)[number];
export const COMPLIANCE_BANK_LABELS: Record<ComplianceBank, string> = { a: 'Bank A', b: 'Bank B' };

/** The bank an investor's `attemptNumber`-th attempt (1-based, counted since the last reset) is drawn from. */
export function bankForAttempt(mode: AppropriatenessBankMode, attemptNumber: number): ComplianceBank {
  if (mode === 'single') return 'a';
  return attemptNumber % 2 === 1 ? 'a' : 'b';
}

/** A 32-bit FNV-1a hash of a text: the seed of a repeatable draw. */
function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The questions of one attempt: `perAttempt` of `ids` (all when null or not fewer), drawn by a
 * repeatable shuffle of `seed`, so the questions an investor is shown are the ones their answers are
 * checked against. The drawn ids keep the order of `ids`.
 */
export function drawQuestions(ids: readonly number[], perAttempt: number | null, seed: string): number[] {
  if (perAttempt === null || perAttempt >= ids.length) return [...ids];
  let state = hashSeed(seed);
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pool = [...ids];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const chosen = new Set(pool.slice(0, Math.max(0, perAttempt)));
  return ids.filter((id) => chosen.has(id));
}

/**
 * Tries an investor gets. With the risk warning on the test is a warning, not a gate: unlimited.
 * Otherwise the configured number; a missing, zero or negative setting means unlimited.
 */
export function allowedComplianceTries(riskWarningEnabled: boolean, configuredTries: number | null | undefined): number {
  if (riskWarningEnabled) return UNLIMITED_COMPLIANCE_TRIES;
  if (configuredTries == null || !Number.isFinite(configuredTries) || configuredTries <= 0) return UNLIMITED_COMPLIANCE_TRIES;
  return Math.floor(configuredTries);
}

export function complianceTriesUsedUp(triesUsed: number, triesAllowed: number): boolean {
  return triesUsed >= triesAllowed;
}

/** When a failed attempt lets the investor try again (`waitHours` later, 24 by default). */
export function appropriatenessRetryAt(failedAt: Date | string, waitHours = DEFAULT_APPROPRIATENESS_WAIT_HOURS): Date {
  return new Date(new Date(failedAt).getTime() + waitHours * 3_600_000);
}

/** True while the investor must still wait after a failed attempt. A passed or no attempt never waits. */
export function inAppropriatenessWait(
  lastAttempt: { passed: boolean; createdAt: Date | string } | null | undefined,
  now: Date,
  waitHours = DEFAULT_APPROPRIATENESS_WAIT_HOURS,
): boolean {
  if (!lastAttempt || lastAttempt.passed) return false;
  return now.getTime() < appropriatenessRetryAt(lastAttempt.createdAt, waitHours).getTime();
}

/** Passed when the share of correct answers reaches the pass mark (percent, 100 by default). */
export function appropriatenessPassed(score: number, total: number, passMark = DEFAULT_APPROPRIATENESS_PASS_MARK): boolean {
  return total > 0 && score * 100 >= Math.ceil(total * passMark);
}

/** Expiry of a categorisation declared at `declaredAt`. */
export function categorisationExpiresAt(declaredAt: Date): Date {
  const expires = new Date(declaredAt.getTime());
  expires.setUTCMonth(expires.getUTCMonth() + CATEGORISATION_VALID_MONTHS);
  return expires;
}

/** An approved categorisation that has not expired lets the investor invest. */
export function categorisationValid(row: { status: string; expiresAt: Date | string | null } | null | undefined, now: Date): boolean {
  if (row?.status !== 'approved') return false;
  return row.expiresAt == null || new Date(row.expiresAt).getTime() > now.getTime();
}

/** Identity checks (KYC/AML) of an investor: documents submitted by them, verified or rejected by staff. */
export const KYC_STATUSES = ['not_started', 'submitted', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const KYC_STATUS_LABELS: Record<KycStatus, string> = {
  not_started: 'Not started',
  submitted: 'Documents submitted',
  verified: 'Verified',
  rejected: 'Rejected',
};
export const IDENTITY_FOLDER = 'Identity documents';

/**
 * What an investor declares for each category (FCA COBS 4.12A and its annexes, in short): a plain
 * summary for the choice cards, and the statement they accept, kept with their declaration.
 */
export interface CategoryStatement {
  label: string;
  summary: string;
  statement: string;
}
export const INVESTOR_CATEGORY_DETAILS: Record<InvestorCategory, CategoryStatement> = {
  restricted: {
    label: 'Restricted investor',
    summary:
      'In the last 12 months you invested less than 10% of your net assets in high-risk investments, and will not do so in the next 12 months.',
    statement:
      'I make this statement so that I can receive promotional communications relating to non-readily realisable securities as a restricted investor. I declare that I qualify as a restricted investor because in the past twelve months I have not invested more than 10% of my net assets in non-readily realisable securities, and I undertake that in the next twelve months I will not invest more than 10% of my net assets in them. I accept that the investments to which the promotions will relate may expose me to a significant risk of losing all of the money or other property invested.',
  },
  high_net_worth: {
    label: 'High net worth investor',
    summary: 'You had an annual income of £100,000 or more, or net assets of £250,000 or more, in the last financial year.',
    statement:
      'I make this statement so that I can receive promotional communications which are exempt from the restriction on promotion of non-readily realisable securities. I declare that I am a certified high net worth investor because I had, throughout the financial year immediately preceding the date below, an annual income of £100,000 or more, or held, throughout that year, net assets to the value of £250,000 or more (not including my primary residence, pension or insurance benefits). I accept that the investments to which the promotions will relate may expose me to a significant risk of losing all of the money or other property invested.',
  },
  certified_sophisticated: {
    label: 'Certified sophisticated investor',
    summary: 'An authorised firm has certified in the last 3 years that you understand the risks of these investments.',
    statement:
      'I declare that I am a certified sophisticated investor for the purposes of the Financial Services and Markets Act 2000 (Financial Promotion) Order 2005. I understand that this means I can receive financial promotions that may not have been approved by a person authorised by the Financial Conduct Authority, and that the content of such promotions may not conform to rules issued by the FCA. I accept that by signing this statement I may lose significant rights, and that I may lose all of the money invested.',
  },
  self_certified_sophisticated: {
    label: 'Self-certified sophisticated investor',
    summary:
      'You have been a business angel network member, made two or more unlisted investments, worked in private equity or SME finance, or been a director of a company with £1m turnover, in the relevant period.',
    statement:
      'I declare that I am a self-certified sophisticated investor because at least one of the following applies: I have been a member of a network or syndicate of business angels for at least the last six months; I have made more than one investment in an unlisted company in the last two years; I have worked in the past two years in a professional capacity in the private equity sector or in the provision of finance for small and medium enterprises; I have been in the last two years a director of a company with an annual turnover of at least £1 million. I accept that I may lose all of the money invested.',
  },
  professional: {
    label: 'Professional client',
    summary: 'You have been assessed as a professional client by the firm (elective professional).',
    statement:
      'I confirm that I have been categorised as a professional client, that I have been warned of the protections and investor compensation rights I may lose, and that I am aware of the consequences of losing such protections.',
  },
};

/**
 * The categories that are exemptions of the Financial Promotion Order 2005 (articles 48, 50 and
 * 50A): with `financial_promotion_exceptions_enabled` their investors declare the exemption's
 * statement instead of the COBS 4.12A one (decision 0031).
 */
export const EXEMPTION_CATEGORIES = [
  'high_net_worth',
  'certified_sophisticated',
  'self_certified_sophisticated',
] as const satisfies readonly InvestorCategory[];
export type ExemptionCategory = (typeof EXEMPTION_CATEGORIES)[number];
export const isExemptionCategory = (category: InvestorCategory): category is ExemptionCategory =>
  (EXEMPTION_CATEGORIES as readonly string[]).includes(category);

export const DEFAULT_EXEMPTION_STATEMENTS: Record<ExemptionCategory, string> = {
  high_net_worth:
    'I declare that I am a certified high net worth individual for the purposes of the Financial Services and Markets Act 2000 (Financial Promotion) Order 2005 (article 48). I understand that this means I can receive financial promotions that may not have been approved by a person authorised by the Financial Conduct Authority, that the content of such promotions may not conform to rules issued by the FCA, and that I may lose significant rights and all of the property or money invested.',
  certified_sophisticated:
    'I declare that I am a certified sophisticated investor for the purposes of the Financial Services and Markets Act 2000 (Financial Promotion) Order 2005 (article 50). I understand that this means I can receive financial promotions that may not have been approved by a person authorised by the Financial Conduct Authority, that the content of such promotions may not conform to rules issued by the FCA, and that I may lose significant rights and all of the property or money invested.',
  self_certified_sophisticated:
    'I declare that I am a self-certified sophisticated investor for the purposes of the Financial Services and Markets Act 2000 (Financial Promotion) Order 2005 (article 50A). I understand that this means I can receive financial promotions that may not have been approved by a person authorised by the Financial Conduct Authority, that the content of such promotions may not conform to rules issued by the FCA, and that I may lose significant rights and all of the property or money invested.',
};

/** What the firm configures for a category: its wording, and for an exemption its FPO statement. */
export interface ConfiguredCategoryStatement extends CategoryStatement {
  exemption_statement: string | null;
}
export type CategoryStatementOverrides = Partial<Record<InvestorCategory, Partial<ConfiguredCategoryStatement>>>;

/** The firm's statements: each category's defaults with what staff changed laid over them. */
export function configuredCategoryStatements(overrides: CategoryStatementOverrides): Record<InvestorCategory, ConfiguredCategoryStatement> {
  return Object.fromEntries(
    INVESTOR_CATEGORIES.map((category) => {
      const own = overrides[category] ?? {};
      const exemption = isExemptionCategory(category) ? (own.exemption_statement ?? DEFAULT_EXEMPTION_STATEMENTS[category]) : null;
      return [category, { ...INVESTOR_CATEGORY_DETAILS[category], ...own, exemption_statement: exemption }];
    }),
  ) as Record<InvestorCategory, ConfiguredCategoryStatement>;
}

/** What an investor reads and accepts: the exemption's statement when exemptions are on, else the category's. */
export function statementsShownToInvestors(
  overrides: CategoryStatementOverrides,
  exemptionsOn: boolean,
): Record<InvestorCategory, CategoryStatement> {
  const configured = configuredCategoryStatements(overrides);
  return Object.fromEntries(
    INVESTOR_CATEGORIES.map((category) => {
      const { exemption_statement: exemption, ...shown } = configured[category];
      return [category, exemptionsOn && exemption ? { ...shown, statement: exemption } : shown];
    }),
  ) as Record<InvestorCategory, CategoryStatement>;
}

/**
 * The steps an investor takes before seeing financial promotions and investing (decisions 0028 and
 * 0031), in the order they are asked for. The server's 403 names the first one missing as its `code`.
 */
export const INVESTOR_GATES = [
  'terms_acceptance',
  'sign_up_documents',
  'categorisation_required',
  'categorisation_pending',
  'compliance_review',
  'cooling_off',
  'risk_warning',
  'appropriateness',
] as const;
export type InvestorGate = (typeof INVESTOR_GATES)[number];

/** When the PS22/10 cooling-off that starts at a first categorisation ends. */
export function coolingOffEndsAt(categorisedAt: Date | string): Date {
  return new Date(new Date(categorisedAt).getTime() + COOLING_OFF_MS);
}

/** Where the investor's name goes in the risk warning's template. */
export const RISK_WARNING_NAME_PLACEHOLDER = '{name}';
/** PS22/10's personalised risk warning, the default template. */
export const DEFAULT_RISK_WARNING_TEMPLATE =
  "{name}, this is a high-risk investment. How would you feel if you lost the money you're about to invest? Take 2 mins to learn more.";

/** The FCA's personalised risk warning (PS22/10) shown before a first investment, from the firm's template. */
export function personalisedRiskWarning(name: string, template: string | null = null): string {
  return (template || DEFAULT_RISK_WARNING_TEMPLATE).replaceAll(RISK_WARNING_NAME_PLACEHOLDER, name);
}
