import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  type CreateKpiValueInput,
  type HoldingKpis,
  type Kpi,
  type KpiCategory,
  type KpiFrequency,
  type KpiGridRow,
  type KpiValue,
  KPI_PERIOD_EXAMPLES,
  kpiPeriodKey,
  kpiPeriodStart,
  OpportunityStatus,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentOpportunities, kpiCategories, kpis, kpiValues } from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';

/** Existing investments (Completed, Matured) are the companies that report KPIs. */
export const KPI_COMPANY_STATUSES = [OpportunityStatus.Completed, OpportunityStatus.Matured];

const PERIOD_WORDS: Record<KpiFrequency, string> = { monthly: 'a month', quarterly: 'a quarter', annual: 'a year' };

/** How to write a period of a frequency, for a field's or a row's error. */
export const periodHint = (frequency: KpiFrequency) => `Enter ${PERIOD_WORDS[frequency]} such as ${KPI_PERIOD_EXAMPLES[frequency]}.`;

type KpiRow = typeof kpis.$inferSelect;
type ValueRow = typeof kpiValues.$inferSelect;

const uniqueViolation = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Turns a unique-index violation into a field error; anything else goes on. */
export function onDuplicate(field: string, message: string) {
  return (error: unknown): never => {
    if (uniqueViolation(error)) throw validationError({ [field]: [message] });
    throw error;
  };
}

// ——— Categories ———

export async function listKpiCategories(db: Db): Promise<KpiCategory[]> {
  const rows = await db
    .select({ id: kpiCategories.id, name: kpiCategories.name, kpiCount: count(kpis.id) })
    .from(kpiCategories)
    .leftJoin(kpis, and(eq(kpis.categoryId, kpiCategories.id), isNull(kpis.deletedAt)))
    .where(isNull(kpiCategories.deletedAt))
    .groupBy(kpiCategories.id)
    .orderBy(asc(kpiCategories.name));
  return rows.map((r) => ({ id: r.id, name: r.name, kpi_count: Number(r.kpiCount) }));
}

export async function findKpiCategory(db: Db, id: number): Promise<KpiCategory> {
  const found = (await listKpiCategories(db)).find((c) => c.id === id);
  if (!found) throw notFound('KPI category');
  return found;
}

/** A category still holding KPIs cannot go: they would lose their category. */
export async function assertCategoryEmpty(db: Db, id: number) {
  const category = await findKpiCategory(db, id);
  if (category.kpi_count > 0) throw new AppError('conflict', 'This category still has KPIs: move or delete them first.');
}

// ——— Definitions ———

export function presentKpi(row: KpiRow, categoryName: string): Kpi {
  return {
    id: row.id,
    name: row.name,
    category: { id: row.categoryId, name: categoryName },
    unit: row.unit,
    frequency: row.frequency,
    investor_visible: row.investorVisible,
    created_at: row.createdAt.toISOString(),
  };
}

export async function presentKpis(db: Db, rows: KpiRow[]): Promise<Kpi[]> {
  const ids = [...new Set(rows.map((r) => r.categoryId))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: kpiCategories.id, name: kpiCategories.name }).from(kpiCategories).where(inArray(kpiCategories.id, ids))).map(
          (c) => [c.id, c.name],
        )
      : [],
  );
  return rows.map((r) => presentKpi(r, names.get(r.categoryId) ?? ''));
}

export async function findLiveKpi(db: Db, id: number): Promise<KpiRow | undefined> {
  const [row] = await db
    .select()
    .from(kpis)
    .where(and(eq(kpis.id, id), isNull(kpis.deletedAt)));
  return row;
}

/** A category named in a form must exist: otherwise a field error. */
export async function assertCategoryExists(db: Db, id: number) {
  const [row] = await db
    .select({ id: kpiCategories.id })
    .from(kpiCategories)
    .where(and(eq(kpiCategories.id, id), isNull(kpiCategories.deletedAt)));
  if (!row) throw validationError({ category_id: ['Choose a category.'] });
}

/** Values already entered fix a KPI's frequency: their periods would change meaning. */
export async function assertFrequencyFree(db: Db, kpi: KpiRow, frequency: KpiFrequency | undefined) {
  if (!frequency || frequency === kpi.frequency) return;
  const [used] = await db
    .select({ id: kpiValues.id })
    .from(kpiValues)
    .where(and(eq(kpiValues.kpiId, kpi.id), isNull(kpiValues.deletedAt)))
    .limit(1);
  if (used) throw validationError({ frequency: ['Values are recorded for this KPI: its frequency cannot change.'] });
}

// ——— Values ———

export function presentValue(row: ValueRow, frequency: KpiFrequency): KpiValue {
  return {
    id: row.id,
    kpi_id: row.kpiId,
    opportunity_id: row.opportunityId,
    period: kpiPeriodKey(frequency, row.periodStart),
    period_start: row.periodStart,
    value: trimDecimal(row.value),
    note: row.note,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** numeric(24,6) reads back with six places: '1250.500000' is shown and sent as '1250.5'. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/** What a new value is for: its KPI, its company and its period, each a field error when wrong. */
export async function resolveNewValue(db: Db, input: Pick<CreateKpiValueInput, 'kpi_id' | 'opportunity_id' | 'period'>) {
  const kpi = await findLiveKpi(db, Number(input.kpi_id));
  const [company] = await db
    .select({ id: investmentOpportunities.id })
    .from(investmentOpportunities)
    .where(
      and(
        eq(investmentOpportunities.id, Number(input.opportunity_id)),
        isNull(investmentOpportunities.deletedAt),
        inArray(investmentOpportunities.status, KPI_COMPANY_STATUSES),
      ),
    );
  const errors: Record<string, string[]> = {};
  if (!kpi) errors.kpi_id = ['Choose a KPI.'];
  if (!company) errors.opportunity_id = ['Choose an existing investment.'];
  const periodStart = kpi ? kpiPeriodStart(kpi.frequency, input.period) : null;
  if (kpi && !periodStart) errors.period = [periodHint(kpi.frequency)];
  if (!kpi || !company || !periodStart) throw validationError(errors);
  return { kpi, opportunityId: company.id, periodStart };
}

export async function findLiveValue(db: Db, id: number) {
  const [row] = await db
    .select({ value: kpiValues, frequency: kpis.frequency })
    .from(kpiValues)
    .innerJoin(kpis, eq(kpis.id, kpiValues.kpiId))
    .where(and(eq(kpiValues.id, id), isNull(kpiValues.deletedAt)));
  if (!row) throw notFound('KPI value');
  return row;
}

export async function listValues(db: Db, filters: { opportunityIds?: number[]; kpiIds?: number[] }): Promise<KpiValue[]> {
  const rows = await db
    .select({ value: kpiValues, frequency: kpis.frequency })
    .from(kpiValues)
    .innerJoin(kpis, eq(kpis.id, kpiValues.kpiId))
    .where(
      and(
        isNull(kpiValues.deletedAt),
        isNull(kpis.deletedAt),
        filters.opportunityIds ? inArray(kpiValues.opportunityId, filters.opportunityIds) : undefined,
        filters.kpiIds ? inArray(kpiValues.kpiId, filters.kpiIds) : undefined,
      ),
    )
    .orderBy(asc(kpis.name), asc(kpiValues.opportunityId), asc(kpiValues.periodStart));
  return rows.map((r) => presentValue(r.value, r.frequency));
}

// ——— The grid ———

/** One grid row per (company, KPI) with values; `where` holds the list's filters. */
export function gridRows(db: Db, where: SQL | undefined) {
  const condition = and(isNull(kpiValues.deletedAt), isNull(kpis.deletedAt), isNull(investmentOpportunities.deletedAt), where);
  const rows = db
    .select({
      opportunityId: kpiValues.opportunityId,
      kpiId: kpiValues.kpiId,
      name: investmentOpportunities.name,
      companyName: investmentOpportunities.companyName,
      currency: investmentOpportunities.currency,
      kpiName: kpis.name,
      unit: kpis.unit,
      frequency: kpis.frequency,
    })
    .from(kpiValues)
    .innerJoin(kpis, eq(kpis.id, kpiValues.kpiId))
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, kpiValues.opportunityId))
    .where(condition)
    .groupBy(
      kpiValues.opportunityId,
      kpiValues.kpiId,
      investmentOpportunities.name,
      investmentOpportunities.companyName,
      investmentOpportunities.currency,
      kpis.name,
      kpis.unit,
      kpis.frequency,
    )
    .$dynamic();
  const total = db
    .select({ total: sql<number>`count(distinct (${kpiValues.opportunityId}, ${kpiValues.kpiId}))` })
    .from(kpiValues)
    .innerJoin(kpis, eq(kpis.id, kpiValues.kpiId))
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, kpiValues.opportunityId))
    .where(condition)
    .$dynamic();
  return { rows, total };
}

export type GridRow = Awaited<ReturnType<ReturnType<typeof gridRows>['rows']['execute']>>[number];

export async function presentGrid(db: Db, rows: GridRow[]): Promise<KpiGridRow[]> {
  if (!rows.length) return [];
  const values = await db
    .select({ opportunityId: kpiValues.opportunityId, kpiId: kpiValues.kpiId, periodStart: kpiValues.periodStart, value: kpiValues.value })
    .from(kpiValues)
    .where(
      and(
        isNull(kpiValues.deletedAt),
        inArray(kpiValues.opportunityId, [...new Set(rows.map((r) => r.opportunityId))]),
        inArray(kpiValues.kpiId, [...new Set(rows.map((r) => r.kpiId))]),
      ),
    )
    .orderBy(asc(kpiValues.periodStart));
  return rows.map((r) => ({
    key: `${r.opportunityId}-${r.kpiId}`,
    opportunity: { id: r.opportunityId, name: r.name, company_name: r.companyName, currency: r.currency },
    kpi: { id: r.kpiId, name: r.kpiName, unit: r.unit, frequency: r.frequency },
    values: values
      .filter((v) => v.opportunityId === r.opportunityId && v.kpiId === r.kpiId)
      .map((v) => ({ period: kpiPeriodKey(r.frequency, v.periodStart), period_start: v.periodStart, value: trimDecimal(v.value) })),
  }));
}

// ——— The investor's holding ———

/** The investor-visible KPIs of one company, each with its values in period order. */
export async function loadHoldingKpis(db: Db, opportunityId: number): Promise<HoldingKpis> {
  const [company] = await db
    .select()
    .from(investmentOpportunities)
    .where(and(eq(investmentOpportunities.id, opportunityId), isNull(investmentOpportunities.deletedAt)));
  if (!company) throw notFound('holding');
  const rows = await db
    .select({ value: kpiValues, kpi: kpis, category: kpiCategories.name })
    .from(kpiValues)
    .innerJoin(kpis, eq(kpis.id, kpiValues.kpiId))
    .innerJoin(kpiCategories, eq(kpiCategories.id, kpis.categoryId))
    .where(
      and(eq(kpiValues.opportunityId, opportunityId), isNull(kpiValues.deletedAt), isNull(kpis.deletedAt), eq(kpis.investorVisible, true)),
    )
    .orderBy(asc(kpiCategories.name), asc(kpis.name), asc(kpiValues.periodStart));
  const byKpi = new Map<number, HoldingKpis['kpis'][number]>();
  for (const r of rows) {
    let entry = byKpi.get(r.kpi.id);
    if (!entry) {
      entry = { id: r.kpi.id, name: r.kpi.name, category: r.category, unit: r.kpi.unit, frequency: r.kpi.frequency, values: [] };
      byKpi.set(r.kpi.id, entry);
    }
    entry.values.push({
      period: kpiPeriodKey(r.kpi.frequency, r.value.periodStart),
      period_start: r.value.periodStart,
      value: trimDecimal(r.value.value),
    });
  }
  return { opportunity_id: company.id, name: company.name, currency: company.currency, kpis: [...byKpi.values()] };
}
