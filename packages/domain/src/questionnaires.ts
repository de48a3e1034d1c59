import { z } from 'zod';
import { accountNumberInput, bicInput, ibanInput, sortCodeInput } from './bank-details';
import { INVESTOR_CATEGORIES } from './compliance';

/**
 * Questionnaires staff keep for an investor or a lead (spec §2.2 registration-form, fact-find,
 * risk-profile, investor-consent, and a lead's category): one answer set per subject and form,
 * validated here so the form and the server agree field by field.
 */
export const QUESTIONNAIRE_FORMS = ['registration', 'fact_find', 'risk_profile', 'consent', 'category'] as const;
export type QuestionnaireForm = (typeof QUESTIONNAIRE_FORMS)[number];

/** Who answers are kept for: an investor (a user) or a lead (a contact). */
export const QUESTIONNAIRE_SUBJECTS = ['user', 'contact'] as const;
export type QuestionnaireSubject = (typeof QUESTIONNAIRE_SUBJECTS)[number];

/** An investor's category lives in the compliance module; only leads keep one as a questionnaire. */
export const QUESTIONNAIRE_FORMS_BY_SUBJECT: Record<QuestionnaireSubject, readonly QuestionnaireForm[]> = {
  user: ['registration', 'fact_find', 'risk_profile', 'consent'],
  contact: ['registration', 'fact_find', 'risk_profile', 'consent', 'category'],
};

/** The admin sub-page of each form (spec §2.2 route names). */
export const QUESTIONNAIRE_PAGES: Record<QuestionnaireForm, string> = {
  registration: 'registration-form',
  fact_find: 'fact-find',
  risk_profile: 'risk-profile',
  consent: 'investor-consent',
  category: 'category',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
/** Empty text is kept as null: a blank field means "not known yet", never "". */
const optionalText = (max: number) => z.preprocess((v) => (v === '' ? null : v), text(max).nullable()).optional();
const optionalDate = z
  .preprocess((v) => (v === '' ? null : v), z.string().trim().refine(isIsoDate, 'Enter a date as YYYY-MM-DD.').nullable())
  .optional();
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? null : v), z.enum(values, { message }).nullable()).optional();
const optionalMoney = z
  .preprocess(
    (v) => (v === '' ? null : typeof v === 'number' ? String(v) : v),
    z
      .string()
      .trim()
      .regex(/^\d{1,15}(\.\d{1,2})?$/, 'Enter an amount such as 85000 or 85000.00.')
      .nullable(),
  )
  .optional();
const optionalBoolean = z
  .preprocess(
    (v) => (v === '' ? null : v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
    z.boolean({ message: 'Choose yes or no.' }).nullable(),
  )
  .optional();

/* Registration form */

export const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Prof'] as const;
/** HMRC National Insurance number: two prefix letters (not D F I Q U V; O not second), six digits, A–D. */
export const NI_NUMBER = /^(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/;
export const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;

/** Bank detail fields, left out of what staff see and send when enableHideBankAdmin is on. */
export const BANK_FIELDS = ['bank_account_name', 'bank_sort_code', 'bank_account_number', 'bank_iban', 'bank_bic'] as const;

export const registrationSchema = z
  .strictObject({
    title: optionalEnum(TITLES, `Choose one of ${TITLES.join(', ')}.`),
    first_name: optionalText(100),
    last_name: optionalText(100),
    date_of_birth: optionalDate,
    nationality: optionalText(80),
    phone: optionalText(40),
    address_line1: optionalText(200),
    address_line2: optionalText(200),
    city: optionalText(100),
    postcode: optionalText(12),
    country: optionalText(80),
    tax_residence: optionalText(80),
    ni_number: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() || null : v),
        z.string().regex(NI_NUMBER, 'Enter a National Insurance number such as AB123456C.').nullable(),
      )
      .optional(),
    utr: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') || null : v),
        z
          .string()
          .regex(/^\d{10}$/, 'A UTR has 10 digits.')
          .nullable(),
      )
      .optional(),
    us_person: optionalBoolean,
    bank_account_name: optionalText(120),
    bank_sort_code: sortCodeInput,
    bank_account_number: accountNumberInput,
    bank_iban: ibanInput,
    bank_bic: bicInput,
  })
  .superRefine((value, ctx) => {
    if (value.date_of_birth && value.date_of_birth > new Date().toISOString().slice(0, 10)) {
      ctx.addIssue({ code: 'custom', path: ['date_of_birth'], message: 'The date of birth cannot be in the future.' });
    }
    const uk = !value.country || /^(uk|gb|united kingdom|great britain|england|scotland|wales|northern ireland)$/i.test(value.country);
    if (value.postcode && uk && !UK_POSTCODE.test(value.postcode))
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'Enter a UK postcode such as SW1A 1AA.' });
  });

/* Fact-find */

export const EMPLOYMENT_STATUSES = ['employed', 'self_employed', 'director', 'retired', 'not_working', 'student'] as const;
export const EXPERIENCE_LEVELS = ['none', 'limited', 'moderate', 'extensive'] as const;
export const OBJECTIVES = ['capital_growth', 'income', 'tax_relief', 'diversification', 'impact'] as const;
export const TIME_HORIZONS = ['under_3', '3_to_5', '5_to_10', 'over_10'] as const;

export const QUESTIONNAIRE_OPTION_LABELS: Record<string, string> = {
  employed: 'Employed',
  self_employed: 'Self-employed',
  director: 'Company director',
  retired: 'Retired',
  not_working: 'Not working',
  student: 'Student',
  none: 'None',
  limited: 'Limited (one or two investments)',
  moderate: 'Moderate (a few a year)',
  extensive: 'Extensive (regular investor)',
  capital_growth: 'Capital growth',
  income: 'Income',
  tax_relief: 'Tax relief (EIS/SEIS)',
  diversification: 'Diversification',
  impact: 'Social or environmental impact',
  under_3: 'Under 3 years',
  '3_to_5': '3 to 5 years',
  '5_to_10': '5 to 10 years',
  over_10: 'Over 10 years',
};

export const factFindSchema = z.strictObject({
  employment_status: optionalEnum(EMPLOYMENT_STATUSES, 'Choose an employment status.'),
  occupation: optionalText(120),
  annual_income: optionalMoney,
  net_assets: optionalMoney,
  liquid_assets: optionalMoney,
  investment_experience: optionalEnum(EXPERIENCE_LEVELS, 'Choose a level of experience.'),
  unlisted_investments: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z.coerce.number().int('Enter a whole number.').min(0, 'Enter 0 or more.').max(10000).nullable(),
    )
    .optional(),
  eis_seis_experience: optionalBoolean,
  objectives: z
    .array(z.enum(OBJECTIVES, { message: 'Choose from the listed objectives.' }))
    .max(OBJECTIVES.length)
    .optional(),
  time_horizon: optionalEnum(TIME_HORIZONS, 'Choose a time horizon.'),
  high_risk_percentage: z
    .preprocess((v) => (v === '' ? null : v), z.coerce.number().min(0, 'Enter 0 to 100.').max(100, 'Enter 0 to 100.').nullable())
    .optional(),
  notes: optionalText(5000),
});

/* Risk profile: a short scored questionnaire giving a band */

export interface RiskQuestion {
  key: string;
  question: string;
  options: ReadonlyArray<{ value: string; label: string; score: number }>;
}

export const RISK_QUESTIONS: readonly RiskQuestion[] = [
  {
    key: 'loss_reaction',
    question: 'An investment falls 30% in a year. What would you do?',
    options: [
      { value: 'sell_all', label: 'Sell everything', score: 1 },
      { value: 'sell_some', label: 'Sell some of it', score: 2 },
      { value: 'hold', label: 'Hold and wait', score: 3 },
      { value: 'buy_more', label: 'Invest more', score: 4 },
    ],
  },
  {
    key: 'capacity_for_loss',
    question: 'If you lost all the money you put into early-stage companies, how would your lifestyle change?',
    options: [
      { value: 'severely', label: 'Severely', score: 1 },
      { value: 'noticeably', label: 'Noticeably', score: 2 },
      { value: 'slightly', label: 'Slightly', score: 3 },
      { value: 'not_at_all', label: 'Not at all', score: 4 },
    ],
  },
  {
    key: 'liquidity_need',
    question: 'How likely are you to need this money back within five years?',
    options: [
      { value: 'very_likely', label: 'Very likely', score: 1 },
      { value: 'possibly', label: 'Possibly', score: 2 },
      { value: 'unlikely', label: 'Unlikely', score: 3 },
      { value: 'no', label: 'I will not need it', score: 4 },
    ],
  },
  {
    key: 'return_preference',
    question: 'Which describes what you want from investing?',
    options: [
      { value: 'protect', label: 'Protect what I have', score: 1 },
      { value: 'steady', label: 'Steady growth with small ups and downs', score: 2 },
      { value: 'growth', label: 'Higher growth, accepting large swings', score: 3 },
      { value: 'maximum', label: 'The highest return, accepting I may lose it all', score: 4 },
    ],
  },
  {
    key: 'knowledge',
    question: 'How well do you understand unlisted shares, dilution and illiquidity?',
    options: [
      { value: 'not', label: 'Not at all', score: 1 },
      { value: 'basic', label: 'The basics', score: 2 },
      { value: 'good', label: 'Well', score: 3 },
      { value: 'expert', label: 'Professionally', score: 4 },
    ],
  },
  {
    key: 'portion',
    question: 'What share of your investable assets would go into high-risk investments?',
    options: [
      { value: 'over_25', label: 'More than 25%', score: 1 },
      { value: '10_to_25', label: '10% to 25%', score: 2 },
      { value: '5_to_10', label: '5% to 10%', score: 3 },
      { value: 'under_5', label: 'Less than 5%', score: 4 },
    ],
  },
];

export const RISK_BANDS = ['cautious', 'balanced', 'growth', 'adventurous'] as const;
export type RiskBand = (typeof RISK_BANDS)[number];
export const RISK_BAND_LABELS: Record<RiskBand, string> = {
  cautious: 'Cautious',
  balanced: 'Balanced',
  growth: 'Growth',
  adventurous: 'Adventurous',
};

export interface RiskResult {
  score: number;
  max: number;
  band: RiskBand;
}

/** Total of the chosen options' scores and its band (quartiles of the possible range, 6–24). */
export function scoreRiskProfile(answers: Record<string, string | null | undefined>): RiskResult | null {
  let score = 0;
  for (const question of RISK_QUESTIONS) {
    const option = question.options.find((o) => o.value === answers[question.key]);
    if (!option) return null;
    score += option.score;
  }
  const max = RISK_QUESTIONS.length * 4;
  const band: RiskBand = score <= 10 ? 'cautious' : score <= 15 ? 'balanced' : score <= 20 ? 'growth' : 'adventurous';
  return { score, max, band };
}

export const riskProfileSchema = z.strictObject(
  Object.fromEntries(
    RISK_QUESTIONS.map((q) => [q.key, z.enum(q.options.map((o) => o.value) as [string, ...string[]], { message: 'Choose an answer.' })]),
  ) as Record<string, z.ZodEnum<Record<string, string>>>,
);

/* Consent */

export const CONSENTS = [
  { key: 'data_processing', label: 'Processing of personal data for onboarding and dealing (UK GDPR)', required: true },
  { key: 'electronic_communications', label: 'Documents and notices by e-mail and the portal', required: false },
  { key: 'marketing_email', label: 'News of investment opportunities by e-mail', required: false },
  { key: 'marketing_phone', label: 'News of investment opportunities by phone', required: false },
  { key: 'third_party_sharing', label: 'Sharing details with investee companies and their registrars', required: false },
] as const;
export type ConsentKey = (typeof CONSENTS)[number]['key'];

const consentEntry = z
  .strictObject({ given: z.boolean({ message: 'Say whether consent was given.' }), date: optionalDate })
  .superRefine((value, ctx) => {
    if (value.given && !value.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Enter the date consent was given.' });
  });

export const consentSchema = z.strictObject(
  Object.fromEntries(CONSENTS.map((c) => [c.key, consentEntry.optional()])) as Record<ConsentKey, z.ZodOptional<typeof consentEntry>>,
);

/* A lead's category (an investor's own declaration lives in the compliance module) */

export const contactCategorySchema = z.strictObject({
  category: z.enum(INVESTOR_CATEGORIES, { message: 'Choose a category.' }),
  declared_on: z.string().trim().refine(isIsoDate, 'Enter a date as YYYY-MM-DD.'),
  evidence: optionalText(2000),
});

export const QUESTIONNAIRE_SCHEMAS = {
  registration: registrationSchema,
  fact_find: factFindSchema,
  risk_profile: riskProfileSchema,
  consent: consentSchema,
  category: contactCategorySchema,
} as const satisfies Record<QuestionnaireForm, z.ZodType>;

export type QuestionnaireAnswers<F extends QuestionnaireForm> = z.infer<(typeof QUESTIONNAIRE_SCHEMAS)[F]>;
