/**
 * The two answers every page waits for before it can draw: the firm's public settings (theme,
 * words, flags) and the session. `index.html` asks for both while the code downloads (a
 * `<link rel="preload">` written by the build, apps/web/vite.config.ts), and the app's first fetches
 * of these exact addresses take those answers (docs/decisions/0046). No imports: the build reads it.
 */
export const PUBLIC_SETTINGS_PATH = '/api/public-settings/1';
export const SESSION_PATH = '/api/session';
export const USER_INCLUDES =
  'organisations,attributeValues,onboardingDocuments,owner,investmentMethodEntities.investmentMethod,leadInvestmentMethodEntities.investmentMethod,ownershipChoices';

/** The addresses as the API client writes them (its query goes through URLSearchParams too). */
export const FIRST_REQUESTS = [PUBLIC_SETTINGS_PATH, `${SESSION_PATH}?${new URLSearchParams({ include: USER_INCLUDES })}`];
