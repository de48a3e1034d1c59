import { and, asc, eq, isNull } from 'drizzle-orm';
import { parse as parseCsv } from 'csv-parse/sync';
import { Role } from '@platform/domain';
import { fundInvestments, funds, ledgers, netAssetValues, pipelineDeals, pipelines, pipelineStages, settings } from '../db/schema';
import { loadSettings, SETTINGS_ID } from '../shared/settings';
import { createUser, type TestApp } from './harness';

/** Factories for the deal-flow and fund tests: rows straight into the database, positions dense. */

export async function setFundsEnabled(t: TestApp, enabled: boolean) {
  const current = await loadSettings(t.db);
  await t.db
    .update(settings)
    .set({ flags: { ...current.flags, funds_enabled: enabled } })
    .where(eq(settings.id, SETTINGS_ID));
}

export async function createPipelineWithStages(t: TestApp, name: string, stageNames: string[]) {
  const [pipeline] = await t.db.insert(pipelines).values({ name }).returning();
  const stages = stageNames.length
    ? await t.db
        .insert(pipelineStages)
        .values(stageNames.map((stage, position) => ({ pipelineId: pipeline.id, name: stage, position })))
        .returning()
    : [];
  return { pipeline, stages };
}

/** Appends deals to a stage in the order given. */
export async function createDeals(
  t: TestApp,
  stage: { id: number; pipelineId: number },
  names: string[],
  extra: Partial<typeof pipelineDeals.$inferInsert> = {},
) {
  const existing = await dealOrder(t, stage.id);
  if (!names.length) return [];
  return t.db
    .insert(pipelineDeals)
    .values(
      names.map((companyName, i) => ({
        pipelineId: stage.pipelineId,
        stageId: stage.id,
        position: existing.length + i,
        companyName,
        ...extra,
      })),
    )
    .returning();
}

/** The company names of a stage's live deals in position order, asserting the positions are 0..n-1. */
export async function dealOrder(t: TestApp, stageId: number): Promise<string[]> {
  const rows = await t.db
    .select({ name: pipelineDeals.companyName, position: pipelineDeals.position })
    .from(pipelineDeals)
    .where(and(eq(pipelineDeals.stageId, stageId), isNull(pipelineDeals.deletedAt)))
    .orderBy(asc(pipelineDeals.position));
  rows.forEach((row, i) => {
    if (row.position !== i) throw new Error(`stage ${stageId}: position ${row.position} at index ${i} — positions are not dense`);
  });
  return rows.map((r) => r.name);
}

export async function createFund(t: TestApp, overrides: Partial<typeof funds.$inferInsert> = {}) {
  const [fund] = await t.db
    .insert(funds)
    .values({ name: 'Test Fund', type: 'EIS', vintage: 2021, currency: 'GBP', targetSize: '5000000.00', ...overrides })
    .returning();
  return fund;
}

export async function createInvestor(t: TestApp, name = 'Fund Investor') {
  return createUser(t.ctx, { name, roleId: Role.User });
}

export async function addLedgerEntry(t: TestApp, values: typeof ledgers.$inferInsert) {
  const [row] = await t.db.insert(ledgers).values(values).returning();
  return row;
}

export async function addNav(t: TestApp, values: typeof netAssetValues.$inferInsert) {
  const [row] = await t.db.insert(netAssetValues).values(values).returning();
  return row;
}

export async function addFundInvestment(t: TestApp, values: typeof fundInvestments.$inferInsert) {
  const [row] = await t.db.insert(fundInvestments).values(values).returning();
  return row;
}

/** A CSV export read back as one object per row keyed by header (the BOM dropped). */
export function parseCsvExport(body: string): Array<Record<string, string>> {
  return parseCsv(body, { bom: true, columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
}
