import type { FastifyRequest } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_PORTFOLIO_STATS,
  PORTFOLIO_STAT_NAMES,
  PORTFOLIO_TABLES,
  type PortfolioColumn,
  type PortfolioLayout,
  type PortfolioStat,
  type PortfolioStats,
  type PortfolioTable,
  type PortfolioTableDefinition,
  type savePortfolioColumnsBody,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { portfolioStatSettings, portfolioTableColumns } from '../../db/schema';
import { recordActivity } from '../../platform/activity';

const STATS_ID = 1;

const defaultColumns = (table: PortfolioTableDefinition): PortfolioColumn[] =>
  table.defaults.map((option, position) => ({ option, position, label: null }));

/** A table's columns as staff chose them, or its defaults while they have not. */
async function columnsOf(db: Db, table: PortfolioTableDefinition): Promise<{ columns: PortfolioColumn[]; isDefault: boolean }> {
  const rows = await db
    .select()
    .from(portfolioTableColumns)
    .where(eq(portfolioTableColumns.tableId, table.id))
    .orderBy(asc(portfolioTableColumns.position));
  if (rows.length === 0) return { columns: defaultColumns(table), isDefault: true };
  return {
    columns: rows.map((row) => ({ option: row.option as PortfolioColumn['option'], position: row.position, label: row.label })),
    isDefault: false,
  };
}

export async function presentTable(db: Db, table: PortfolioTableDefinition): Promise<PortfolioTable> {
  const { columns, isDefault } = await columnsOf(db, table);
  return {
    id: table.id,
    key: table.key,
    name: table.name,
    description: table.description,
    options: [...table.options],
    columns,
    is_default: isDefault,
  };
}

export const presentTables = (db: Db) => Promise.all(PORTFOLIO_TABLES.map((table) => presentTable(db, table)));

/**
 * Replaces a table's columns with the ordered choice (options already checked against the
 * table), recorded in the activity log; an empty choice goes back to the defaults.
 */
export async function saveColumns(
  db: Db,
  request: FastifyRequest,
  table: PortfolioTableDefinition,
  columns: z.output<typeof savePortfolioColumnsBody>['columns'] | null,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await columnsOf(tx, table);
    await tx.delete(portfolioTableColumns).where(eq(portfolioTableColumns.tableId, table.id));
    if (columns)
      await tx
        .insert(portfolioTableColumns)
        .values(
          columns.map((column, position) => ({ tableId: table.id, option: column.option, position, label: column.label, updatedAt: now })),
        );
    await recordActivity(tx, {
      request,
      action: columns ? 'columns_changed' : 'columns_reset',
      subjectType: 'portfolio_table',
      subjectId: table.id,
      before: before.columns,
      after: columns ?? defaultColumns(table),
    });
  });
}

async function chosenStats(db: Db): Promise<{ stats: PortfolioStat[]; isDefault: boolean }> {
  const [row] = await db.select().from(portfolioStatSettings).where(eq(portfolioStatSettings.id, STATS_ID));
  return row ? { stats: row.stats as PortfolioStat[], isDefault: false } : { stats: [...DEFAULT_PORTFOLIO_STATS], isDefault: true };
}

export async function presentStats(db: Db): Promise<PortfolioStats> {
  const { stats, isDefault } = await chosenStats(db);
  return { stats, options: [...PORTFOLIO_STAT_NAMES], is_default: isDefault };
}

/** Sets the headline figures investors see, in order (none is a valid choice), recorded in the activity log. */
export async function saveStats(db: Db, request: FastifyRequest, stats: PortfolioStat[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await chosenStats(tx);
    await tx
      .insert(portfolioStatSettings)
      .values({ id: STATS_ID, stats, updatedAt: now })
      .onConflictDoUpdate({ target: portfolioStatSettings.id, set: { stats, updatedAt: now } });
    await recordActivity(tx, {
      request,
      action: 'updated',
      subjectType: 'portfolio_stats',
      subjectId: STATS_ID,
      before: before.stats,
      after: stats,
    });
  });
}

/** What the investor's overview and portfolio follow. */
export async function portfolioLayout(db: Db): Promise<PortfolioLayout> {
  const tables = await presentTables(db);
  return {
    tables: tables.map(({ id, key, columns }) => ({ id, key, columns })),
    stats: (await chosenStats(db)).stats,
  };
}
