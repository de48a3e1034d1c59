import { desc } from 'drizzle-orm';
import {
  dataOf,
  idParams,
  listQuery,
  MARKET_SOUNDING_ACCEPTANCES_LIST,
  type MarketSoundingAcceptance,
  marketSoundingAcceptanceSchema,
  marketSoundingAcceptedSchema,
  marketSoundingSchema,
  pageOf,
} from '@platform/domain';
import { marketSoundingAcceptances } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { App, AppContext } from '../../platform/context';
import { authorize, investorOnly, requireInvestor } from '../../platform/guards';
import { paginate, parseListQuery } from '../../platform/list-query';
import { findVisibleOpportunity, marketSoundingPending } from '../../shared/opportunity-visibility';
import { loadSettings } from '../../shared/settings';
import { recordWallCrossing } from '../insider-register';
import { MARKET_SOUNDING_ACCEPTANCES_RESOURCE } from './list';
import { type MarketSoundingAcceptanceRow, presentMarketSoundingAcceptance } from './presenter';
import { countMarketSoundingAcceptances, marketSoundingAcceptanceRows, recordMarketSoundingAcceptance } from './market-sounding';

/**
 * Market sounding (spec §2.3 /investor/investments/market-sounding/{id}): the investor reads the
 * configured description and accepts before the opportunity's content is shown to them; staff list
 * the acceptances in the insider register.
 */
export function registerMarketSoundingRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  app.get(
    '/api/market-sounding/:id',
    { schema: { params: idParams, response: { 200: dataOf(marketSoundingSchema) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const row = await findVisibleOpportunity(db, user.id, request.params.id);
      const settings = await loadSettings(db);
      return {
        data: {
          opportunity_id: row.id,
          slug: row.slug,
          description: settings.marketSoundingDescription ?? '',
          accepted: !(await marketSoundingPending(db, user.id, row)),
        },
      };
    },
  );

  app.post(
    '/api/market-sounding/:id/accept',
    {
      schema: { params: idParams, response: { 200: dataOf(marketSoundingAcceptedSchema) } },
      onRequest: investorOnly,
    },
    async (request) => {
      const user = requireInvestor(request);
      const row = await findVisibleOpportunity(db, user.id, request.params.id);
      const settings = await loadSettings(db);
      const entry = await recordMarketSoundingAcceptance(db, {
        opportunityId: row.id,
        userId: user.id,
        disclosedText: settings.marketSoundingDescription ?? '',
        opportunityName: row.name,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 255) ?? null,
        acceptedAt: clock.now(),
      });
      if (entry) {
        await recordWallCrossing(db, {
          opportunity: row,
          user,
          source: 'market_sounding',
          disclosedText: entry.disclosedText,
          acceptanceId: entry.id,
          now: entry.acceptedAt,
        });
        await recordActivity(db, {
          request,
          action: 'market_sounding_accepted',
          subjectType: 'opportunity',
          subjectId: row.id,
          after: { acceptance_id: entry.id },
        });
      }
      return { data: { accepted: true as const, slug: row.slug } };
    },
  );

  /** The insider register's market-sounding list (spec §2.2 /admin/insider-register). */
  app.get(
    '/api/market-sounding-acceptances',
    {
      schema: { querystring: listQuery(MARKET_SOUNDING_ACCEPTANCES_LIST), response: { 200: pageOf(marketSoundingAcceptanceSchema) } },
      onRequest: authorize('insider_register', 'index'),
    },
    async (request) => {
      const query = parseListQuery(request.query, MARKET_SOUNDING_ACCEPTANCES_RESOURCE);
      query.orderBy.push(desc(marketSoundingAcceptances.id));
      return paginate<MarketSoundingAcceptanceRow, MarketSoundingAcceptance>(
        marketSoundingAcceptanceRows(db, query.where),
        countMarketSoundingAcceptances(db, query.where),
        query,
        request,
        (rows) => rows.map(presentMarketSoundingAcceptance),
      );
    },
  );
}
