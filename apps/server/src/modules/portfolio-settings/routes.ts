import {
  columnsOutsideTable,
  dataOf,
  idParams,
  portfolioLayoutSchema,
  portfolioStatsSchema,
  portfolioTable,
  portfolioTableSchema,
  savePortfolioColumnsBody,
  savePortfolioStatsBody,
} from '@platform/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import { notFound, validationError } from '../../platform/errors';
import { authorize, investorOnly } from '../../platform/guards';
import { announceSettingsChange } from '../settings';
import { portfolioLayout, presentStats, presentTable, presentTables, saveColumns, saveStats } from './service';

const tableOf = (id: number) => {
  const table = portfolioTable(id);
  if (!table) throw notFound('portfolio table');
  return table;
};

/**
 * Investor portfolio settings (spec §2.2 investor portfolio, portfolio/{id}, portfolio-stats):
 * `/api/portfolio-tables` with each table's column options and chosen columns, and
 * `/api/portfolio-stats`, for staff with `settings_investor_type` (Super Admin and Support);
 * `/api/my/portfolio-layout` for the investor's pages. A change reaches open pages at once.
 */
export function registerPortfolioSettingsRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;

  app.get(
    '/api/portfolio-tables',
    { schema: { response: { 200: dataOf(z.array(portfolioTableSchema)) } }, onRequest: authorize('settings_investor_type', 'index') },
    async () => ({ data: await presentTables(db) }),
  );

  app.get(
    '/api/portfolio-tables/:id',
    {
      schema: { params: idParams, response: { 200: dataOf(portfolioTableSchema) } },
      onRequest: authorize('settings_investor_type', 'show'),
    },
    async (request) => ({ data: await presentTable(db, tableOf(request.params.id)) }),
  );

  app.put(
    '/api/portfolio-tables/:id/columns',
    {
      schema: { params: idParams, body: savePortfolioColumnsBody, response: { 200: dataOf(portfolioTableSchema) } },
      onRequest: authorize('settings_investor_type', 'update'),
    },
    async (request) => {
      const table = tableOf(request.params.id);
      const outside = columnsOutsideTable(table.id, request.body.columns);
      if (Object.keys(outside).length > 0) throw validationError(outside);
      await saveColumns(db, request, table, request.body.columns, clock.now());
      await announceSettingsChange(ctx);
      return { data: await presentTable(db, table) };
    },
  );

  /** Back to the table's default columns. */
  app.delete(
    '/api/portfolio-tables/:id/columns',
    {
      schema: { params: idParams, response: { 200: dataOf(portfolioTableSchema) } },
      onRequest: authorize('settings_investor_type', 'update'),
    },
    async (request) => {
      const table = tableOf(request.params.id);
      await saveColumns(db, request, table, null, clock.now());
      await announceSettingsChange(ctx);
      return { data: await presentTable(db, table) };
    },
  );

  app.get(
    '/api/portfolio-stats',
    { schema: { response: { 200: dataOf(portfolioStatsSchema) } }, onRequest: authorize('settings_investor_type', 'show') },
    async () => ({ data: await presentStats(db) }),
  );

  app.put(
    '/api/portfolio-stats',
    {
      schema: { body: savePortfolioStatsBody, response: { 200: dataOf(portfolioStatsSchema) } },
      onRequest: authorize('settings_investor_type', 'update'),
    },
    async (request) => {
      await saveStats(db, request, request.body.stats, clock.now());
      await announceSettingsChange(ctx);
      return { data: await presentStats(db) };
    },
  );

  app.get(
    '/api/my/portfolio-layout',
    { schema: { response: { 200: dataOf(portfolioLayoutSchema) } }, onRequest: investorOnly },
    async () => ({ data: await portfolioLayout(db) }),
  );
}
