import { z } from 'zod';
import {
  APPROPRIATENESS_BANK_MODES,
  INVESTOR_CATEGORIES,
  type InvestorCategory,
  isExemptionCategory,
  RISK_WARNING_NAME_PLACEHOLDER,
} from '../compliance';
import { requiredText } from './fields';
import { TERMS_FORMATS } from './settings';

/**
 * Settings › Investor (spec §2.2; decision 0031): the categorisation statements, the terms, the
 * personalised risk warning, the market-sounding description and the appropriateness test's rules.
 * Each page saves its own part; staff with `settings_investor_type` (the test: `settings_compliance`).
 */
const configuredStatementSchema = z.object({
  label: z.string(),
  summary: z.string(),
  statement: z.string(),
  /** The Financial Promotion Order exemption's statement, for the categories that are one; else null. */
  exemption_statement: z.string().nullable(),
});

const byCategory = <S extends z.ZodType>(schema: S) =>
  Object.fromEntries(INVESTOR_CATEGORIES.map((c) => [c, schema])) as Record<InvestorCategory, S>;

export const appropriatenessRulesSchema = z.object({
  bank_mode: z.enum(APPROPRIATENESS_BANK_MODES),
  /** Share of right answers needed, percent. */
  pass_mark: z.number().int(),
  /** Tries an investor gets; 0 is unlimited (spec §4). */
  tries_allowed: z.number().int(),
  retry_wait_hours: z.number().int(),
  /** Questions drawn for each attempt; null: every question of the bank. */
  questions_per_attempt: z.number().int().nullable(),
});
export type AppropriatenessRules = z.infer<typeof appropriatenessRulesSchema>;

export const investorSettingsSchema = z.object({
  category_statements: z.object(byCategory(configuredStatementSchema)),
  financial_promotion_exceptions_enabled: z.boolean(),
  terms_format: z.enum(TERMS_FORMATS),
  terms_text: z.string(),
  terms_version: z.number().int(),
  /** The personalised warning with `{name}` where the investor's name goes. */
  risk_warning_template: z.string(),
  /** The longer text behind 'Take 2 mins to learn more.' (sanitised HTML). */
  risk_warning_text: z.string(),
  risk_warning_version: z.number().int(),
  market_sounding_description: z.string(),
  appropriateness: appropriatenessRulesSchema,
  updated_at: z.string(),
});
export type InvestorSettings = z.infer<typeof investorSettingsSchema>;

/** Half of a UTF-16 pair on its own: text no database or JSON column can hold. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** A required text of these settings, refused with its message when it is not well-formed Unicode. */
const settingsText = (max: number, message: string) =>
  requiredText(max, message).refine((text) => !LONE_SURROGATE.test(text), 'Remove the characters that cannot be stored.');

const statementText = (what: string) => settingsText(20_000, `Enter the ${what}.`);

const statementInput = z
  .strictObject({
    label: settingsText(120, 'Enter the category name.'),
    summary: settingsText(2000, 'Enter the summary.'),
    statement: statementText('statement'),
    exemption_statement: statementText('exemption statement').optional(),
  })
  .partial();

export const updateCategoryStatementsBody = z
  .strictObject({ statements: z.strictObject(byCategory(statementInput)).partial() })
  .superRefine((body, ctx) => {
    for (const [category, statement] of Object.entries(body.statements)) {
      if (statement?.exemption_statement !== undefined && !isExemptionCategory(category as InvestorCategory))
        ctx.addIssue({
          code: 'custom',
          path: ['statements', category, 'exemption_statement'],
          message: 'Only high net worth and sophisticated investors declare an exemption.',
        });
    }
  });
export type UpdateCategoryStatementsInput = z.infer<typeof updateCategoryStatementsBody>;

/** The terms as text (rich, sanitised by the server) or the address of the firm's own page. */
export const updateInvestorTermsBody = z.strictObject({
  terms_format: z.enum(TERMS_FORMATS, { message: 'Choose text or url.' }),
  terms_text: settingsText(200_000, 'Enter the terms, or their address.'),
});
export type UpdateInvestorTermsInput = z.infer<typeof updateInvestorTermsBody>;

export const updateRiskWarningBody = z.strictObject({
  risk_warning_template: settingsText(1000, 'Enter the risk warning.').refine(
    (text) => text.includes(RISK_WARNING_NAME_PLACEHOLDER),
    `Put ${RISK_WARNING_NAME_PLACEHOLDER} where the investor's name goes.`,
  ),
  risk_warning_text: settingsText(50_000, 'Enter the text behind "Take 2 mins to learn more."'),
});
export type UpdateRiskWarningInput = z.infer<typeof updateRiskWarningBody>;

export const updateMarketSoundingBody = z.strictObject({
  market_sounding_description: settingsText(50_000, 'Enter the description investors read before they accept.'),
});

const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ message }).int(message).min(min, message).max(max, message);

export const updateAppropriatenessRulesBody = z.strictObject({
  bank_mode: z.enum(APPROPRIATENESS_BANK_MODES, { message: 'Choose one bank or the two FCA banks.' }),
  pass_mark: wholeNumber(1, 100, 'Enter a pass mark from 1 to 100 (%).'),
  tries_allowed: wholeNumber(0, 9999, 'Enter the tries allowed, 0 for unlimited.'),
  retry_wait_hours: wholeNumber(0, 24 * 365, 'Enter the hours to wait, up to 8760.'),
  questions_per_attempt: z.preprocess(
    (value) => (value === '' ? null : value),
    wholeNumber(1, 200, 'Enter how many questions to draw (1 to 200), or leave it empty for all.').nullable(),
  ),
});
export type UpdateAppropriatenessRulesInput = z.infer<typeof updateAppropriatenessRulesBody>;
