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

/** An address as the API client writes it (its query goes through URLSearchParams too). */
const address = (path: string, query?: Record<string, string>) => (query ? `${path}?${new URLSearchParams(query)}` : path);

export const FIRST_REQUESTS = [PUBLIC_SETTINGS_PATH, address(SESSION_PATH, { include: USER_INCLUDES })];

/** The first pages the notification bell and the investor's investments ask for. */
export const NOTIFICATIONS_PAGE = { per_page: '50' };
export const MY_INVESTMENTS_PAGE = { per_page: '100', sort: '-created_at' };

/**
 * The data a signed-in page asks for as it first draws, by the page's path. The build writes this
 * to `.vite/page-requests.json`, and the server names them in a `Link: rel=preload` header of that
 * page's HTML when the request carries a session, so they download with the page's code instead of
 * after it has run (docs/decisions/0074).
 */
export const PAGE_REQUESTS: Record<string, readonly string[]> = {
  '/investor': [
    address('/api/notifications/user/unread'),
    address('/api/notifications/user', NOTIFICATIONS_PAGE),
    address('/api/my/portfolio'),
    address('/api/my/portfolio-layout'),
    address('/api/my/investments', MY_INVESTMENTS_PAGE),
  ],
};
