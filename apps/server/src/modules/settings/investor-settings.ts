import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  type AppropriatenessBankMode,
  configuredCategoryStatements,
  INVESTOR_CATEGORIES,
  dataOf,
  type InvestorSettings,
  investorSettingsSchema,
  type UpdateAppropriatenessRulesInput,
  type UpdateCategoryStatementsInput,
  type UpdateInvestorTermsInput,
  type UpdateRiskWarningInput,
  updateAppropriatenessRulesBody,
  updateCategoryStatementsBody,
  updateInvestorTermsBody,
  updateMarketSoundingBody,
  updateRiskWarningBody,
  DEFAULT_RISK_WARNING_TEMPLATE,
  type TermsFormat,
} from '@platform/domain';
import type { z } from 'zod';
import { settings } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { App, AppContext } from '../../platform/context';
import { authorize } from '../../platform/guards';
import { flagOn, loadSettings, SETTINGS_ID, type SettingsRow } from '../../shared/settings';
import { sanitizeRichText } from '../../platform/sanitize';
import { announceSettingsChange, termsTextOf, termsVersionAfter } from './service';

/** Settings › Investor as its pages show it (decision 0031). */
export function presentInvestorSettings(row: SettingsRow): InvestorSettings {
  return {
    category_statements: configuredCategoryStatements(row.categoryStatements),
    financial_promotion_exceptions_enabled: flagOn(row, 'financial_promotion_exceptions_enabled'),
    terms_format: row.termsFormat as TermsFormat,
    terms_text: row.termsText,
    terms_version: row.termsVersion,
    risk_warning_template: row.riskWarningTemplate ?? DEFAULT_RISK_WARNING_TEMPLATE,
    risk_warning_text: row.riskWarningText ?? '',
    risk_warning_version: row.riskWarningVersion,
    market_sounding_description: row.marketSoundingDescription ?? '',
    appropriateness: {
      bank_mode: row.appropriatenessBankMode as AppropriatenessBankMode,
      pass_mark: row.appropriatenessPassMark,
      tries_allowed: row.complianceTries,
      retry_wait_hours: row.appropriatenessWaitHours,
      questions_per_attempt: row.appropriatenessQuestionsPerAttempt,
    },
    updated_at: row.updatedAt.toISOString(),
  };
}

type SettingsChange = Partial<typeof settings.$inferInsert>;

/** The changes each page makes to the settings row, from the settings as they stand. */
const changes = {
  categories: (current: SettingsRow, input: UpdateCategoryStatementsInput): SettingsChange => {
    const merged = { ...current.categoryStatements };
    for (const category of INVESTOR_CATEGORIES) {
      const statement = input.statements[category];
      if (statement) merged[category] = { ...merged[category], ...statement };
    }
    return { categoryStatements: merged };
  },
  /** A change of the terms raises their version, so every investor accepts them again. */
  terms: (current: SettingsRow, input: UpdateInvestorTermsInput): SettingsChange => {
    const termsText = termsTextOf(input.terms_text, input.terms_format) ?? '';
    return { termsFormat: input.terms_format, termsText, termsVersion: termsVersionAfter(current, termsText, input.terms_format) };
  },
  /** A change of the warning raises its version; acknowledgements keep the version and text read. */
  riskWarning: (current: SettingsRow, input: UpdateRiskWarningInput): SettingsChange => {
    const riskWarningText = sanitizeRichText(input.risk_warning_text);
    const template = input.risk_warning_template;
    const changed =
      template !== (current.riskWarningTemplate ?? DEFAULT_RISK_WARNING_TEMPLATE) || riskWarningText !== current.riskWarningText;
    return { riskWarningTemplate: template, riskWarningText, riskWarningVersion: current.riskWarningVersion + (changed ? 1 : 0) };
  },
  marketSounding: (_current: SettingsRow, input: z.output<typeof updateMarketSoundingBody>): SettingsChange => ({
    marketSoundingDescription: sanitizeRichText(input.market_sounding_description),
  }),
  appropriateness: (_current: SettingsRow, input: UpdateAppropriatenessRulesInput): SettingsChange => ({
    appropriatenessBankMode: input.bank_mode,
    appropriatenessPassMark: input.pass_mark,
    complianceTries: input.tries_allowed,
    appropriatenessWaitHours: input.retry_wait_hours,
    appropriatenessQuestionsPerAttempt: input.questions_per_attempt,
  }),
};

/**
 * Settings › Investor (spec §2.2): each page's PATCH (or the form's POST) changes its part of the
 * settings row in a transaction with its activity entry, then tells signed-in pages to reload.
 */
export function registerInvestorSettingsRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const response = { 200: dataOf(investorSettingsSchema) };

  async function save<I>(request: FastifyRequest, input: I, change: (current: SettingsRow, input: I) => SettingsChange) {
    const updated = await db.transaction(async (tx) => {
      const current = await loadSettings(tx);
      const values = change(current, input);
      const [row] = await tx
        .update(settings)
        .set({ ...values, updatedAt: clock.now() })
        .where(eq(settings.id, SETTINGS_ID))
        .returning();
      const before = Object.fromEntries(Object.keys(values).map((key) => [key, current[key as keyof SettingsRow]]));
      await recordActivity(tx, { request, action: 'updated', subjectType: 'settings', subjectId: SETTINGS_ID, before, after: values });
      return row;
    });
    await announceSettingsChange(ctx);
    return { data: presentInvestorSettings(updated) };
  }

  app.get('/api/investor-settings', { schema: { response }, onRequest: authorize('settings_investor_type', 'show') }, async () => ({
    data: presentInvestorSettings(await loadSettings(db)),
  }));

  const editor = authorize('settings_investor_type', 'update');
  /** One page's save: PATCH (or the form's POST) of its body, turned into a change by `change`. */
  function page<S extends z.ZodType>(
    path: string,
    body: S,
    change: (current: SettingsRow, input: z.output<S>) => SettingsChange,
    onRequest = editor,
  ) {
    app.route({
      method: ['PATCH', 'POST'],
      url: `/api/investor-settings/${path}`,
      schema: { body, response },
      onRequest,
      handler: (request) => save(request, request.body as z.output<S>, change),
    });
  }

  page('categories', updateCategoryStatementsBody, changes.categories);
  page('terms', updateInvestorTermsBody, changes.terms);
  page('risk-warning', updateRiskWarningBody, changes.riskWarning);
  page('market-sounding', updateMarketSoundingBody, changes.marketSounding);
  page('appropriateness-test', updateAppropriatenessRulesBody, changes.appropriateness, authorize('settings_compliance', 'update'));
}
