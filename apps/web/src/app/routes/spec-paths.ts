/**
 * The spec writes a record's sub-pages under `details` (spec §2.2:
 * `/admin/investors/{id}/details/transactions`, contacts, organisations and opportunities likewise);
 * the app's pages are siblings of `details` (`/admin/investors/{id}/transactions`). A link written
 * the spec's way is answered with a redirect to the app's page, keeping the query string.
 */
const SUB_PAGES = new Set([
  'transactions',
  'documents',
  'notes-calls-tasks',
  'category',
  'registration-form',
  'investment-documents',
  'fact-find',
  'risk-profile',
  'investor-consent',
  'key-information',
  'performance',
  'portfolio',
  'portfolio-analysis',
  'maturity-statuses',
  'cap-table',
  'cap-table-performance',
]);

const NESTED = /^(\/admin\/(?:[a-z-]+\/)+[^/]+)\/details\/([a-z-]+)\/?$/;

/** The app's path for a spec-form sub-page path, or null when the path is not one (`details/preview` is a page of its own). */
export function canonicalSubPagePath(pathname: string): string | null {
  const match = NESTED.exec(pathname);
  if (!match || !SUB_PAGES.has(match[2])) return null;
  return `${match[1]}/${match[2]}`;
}
