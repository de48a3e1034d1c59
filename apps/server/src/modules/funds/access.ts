import type { Action } from '@platform/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { authorize, behindFeature, investorOnly } from '../../platform/guards';
import { flagOn, loadSettings } from '../../shared/settings';

/**
 * Funds exist only while the `funds_enabled` flag is on (spec §3 enableFunds): with it off, every
 * fund, NAV and ledger route answers 404 as if it were not there — after authentication, so the
 * flag is not announced to visitors, and before the permission check, so no role learns more than
 * another. Fund investments ("companies", /api/companies) are not behind the flag: the spec lists
 * them under Investments with their own permission event, unflagged.
 */
export async function assertFundsEnabled(db: Db) {
  if (!flagOn(await loadSettings(db), 'funds_enabled')) throw new AppError('not_found', 'Funds are not enabled.');
}

/**
 * Portfolio analysis is feature-flagged within funds (spec §2.2, `portfolio_analysis_enabled`, on
 * unless switched off): with the flag off its route answers 404, as the funds flag does for the area.
 */
export async function assertPortfolioAnalysisEnabled(db: Db) {
  const row = await loadSettings(db);
  if (!flagOn(row, 'funds_enabled') || !flagOn(row, 'portfolio_analysis_enabled'))
    throw new AppError('not_found', 'Portfolio analysis is not enabled.');
}

/** Staff fund routes: permission event 'funds' (spec §6). */
export function authorizeFunds(db: Db, action: Action, assertEnabled = assertFundsEnabled) {
  return behindFeature(() => assertEnabled(db), authorize('funds', action));
}

/** The investor portal's fund pages: the signed-in investor, funds on. */
export function investorFunds(db: Db) {
  return behindFeature(() => assertFundsEnabled(db), investorOnly);
}
