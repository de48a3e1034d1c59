import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import {
  createKpiBody,
  createKpiValueBody,
  dataOf,
  fileBody,
  holdingKpisSchema,
  idParams,
  type KpiFrequency,
  KPI_GRID_LIST,
  KPI_FREQUENCIES,
  kpiPeriodKey,
  KPIS_LIST,
  kpiCategoryBody,
  kpiCategorySchema,
  kpiCompanySchema,
  kpiGridRowSchema,
  kpiSchema,
  kpiValueSchema,
  kpiValuesQuery,
  listQuery,
  pageOf,
  updateKpiBody,
  updateKpiValueBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { investmentOpportunities, kpiCategories, kpis, kpiValues } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound } from '../../platform/errors';
import { type ExportColumn, exportFormat, sendExport, packedIds, unpackIds } from '../../platform/export';
import { authorize, investorOnly, requireInvestor, requireUser } from '../../platform/guards';
import { containsFilter, idsFilter, oneOfFilter } from '../../platform/list-filters';
import { listResource, type ListResource, paginate, parseListQuery } from '../../platform/list-query';
import { registerResource } from '../../platform/resource';
import { holdsVisibly } from '../pre-emption';
import {
  assertCategoryEmpty,
  assertCategoryExists,
  assertFrequencyFree,
  findKpiCategory,
  findLiveKpi,
  findLiveValue,
  type GridRow,
  gridRows,
  KPI_COMPANY_STATUSES,
  listKpiCategories,
  listValues,
  loadHoldingKpis,
  onDuplicate,
  presentGrid,
  presentKpis,
  presentValue,
  resolveNewValue,
  trimDecimal,
} from './service';

const KPIS_RESOURCE = listResource(KPIS_LIST, {
  filters: {
    search: containsFilter(kpis.name),
    category_id: idsFilter('category_id', kpis.categoryId),
    frequency: oneOfFilter('frequency', kpis.frequency, KPI_FREQUENCIES),
    investor_visible: (v) => eq(kpis.investorVisible, v === '1' || v === 'true'),
  },
  sorts: { name: kpis.name, created_at: kpis.createdAt },
  defaultSort: 'name',
});

const GRID_RESOURCE = listResource(KPI_GRID_LIST, {
  filters: {
    category_id: idsFilter('category_id', kpis.categoryId),
    kpi_id: idsFilter('kpi_id', kpiValues.kpiId),
    opportunity_id: idsFilter('opportunity_id', kpiValues.opportunityId),
    frequency: oneOfFilter('frequency', kpis.frequency, KPI_FREQUENCIES),
    search: containsFilter(investmentOpportunities.name),
  },
  sorts: { company: investmentOpportunities.name, kpi: kpis.name },
  defaultSort: 'company',
});
const GRID_EXPORT_RESOURCE: ListResource = { ...GRID_RESOURCE, params: ['format'] };

interface ExportLine {
  id: number;
  company: string;
  kpi: string;
  unit: string;
  frequency: KpiFrequency;
  periodStart: string;
  value: string;
  currency: string;
}
const EXPORT_COLUMNS: ReadonlyArray<ExportColumn<ExportLine>> = [
  { header: 'Company', value: (r) => r.company },
  { header: 'KPI', value: (r) => r.kpi },
  { header: 'Unit', value: (r) => r.unit },
  { header: 'Period', value: (r) => kpiPeriodKey(r.frequency, r.periodStart) },
  { header: 'Value', value: (r) => trimDecimal(r.value), kind: 'units' },
  { header: 'Currency', value: (r) => (r.unit === 'currency' ? r.currency : null) },
];

/**
 * KPIs (spec §2.2, decision 0026), permission event 'kpis': categories and definitions (settings
 * kpi-category and kpis), values per existing investment and period, the portfolio grid and its
 * export, and the investor's charts of their holding's investor-visible KPIs.
 */
export function registerKpiRoutes(app: App, { db, clock }: AppContext) {
  const guard = (action: Parameters<typeof authorize>[1]) => authorize('kpis', action);

  registerResource(app, {
    path: '/api/kpi-categories',
    item: kpiCategorySchema,
    guard,
    list: { query: listQuery({ name: 'kpi-categories', filters: [], sorts: [] }), paged: false, run: () => listKpiCategories(db) },
    show: { run: (_request, id) => findKpiCategory(db, id) },
    create: {
      body: kpiCategoryBody,
      async run(request, input) {
        const row = await db
          .transaction(async (tx) => {
            const [created] = await tx.insert(kpiCategories).values({ name: input.name }).returning();
            await recordActivity(tx, { request, action: 'created', subjectType: 'kpi_category', subjectId: created.id, after: created });
            return created;
          })
          .catch(onDuplicate('name', 'There is already a category of this name.'));
        return findKpiCategory(db, row.id);
      },
    },
    update: {
      body: kpiCategoryBody,
      async run(request, id, input) {
        const before = await findKpiCategory(db, id);
        await db
          .transaction(async (tx) => {
            const [after] = await tx
              .update(kpiCategories)
              .set({ name: input.name, updatedAt: clock.now() })
              .where(eq(kpiCategories.id, id))
              .returning();
            await recordActivity(tx, { request, action: 'updated', subjectType: 'kpi_category', subjectId: id, before, after });
          })
          .catch(onDuplicate('name', 'There is already a category of this name.'));
        return findKpiCategory(db, id);
      },
    },
    remove: {
      async run(request, id) {
        await assertCategoryEmpty(db, id);
        await db.transaction(async (tx) => {
          const [after] = await tx.update(kpiCategories).set({ deletedAt: clock.now() }).where(eq(kpiCategories.id, id)).returning();
          await recordActivity(tx, { request, action: 'deleted', subjectType: 'kpi_category', subjectId: id, after });
        });
      },
    },
  });

  async function loadKpi(id: number) {
    const row = await findLiveKpi(db, id);
    if (!row) throw notFound('KPI');
    return row;
  }
  const presentOne = async (id: number) => (await presentKpis(db, [await loadKpi(id)]))[0];
  const duplicateKpi = onDuplicate('name', 'There is already a KPI of this name.');

  registerResource(app, {
    path: '/api/kpis',
    item: kpiSchema,
    guard,
    list: {
      query: listQuery(KPIS_LIST),
      paged: true,
      run(request, raw) {
        const query = parseListQuery(raw, KPIS_RESOURCE);
        query.orderBy.push(asc(kpis.id));
        const where = and(isNull(kpis.deletedAt), query.where);
        return paginate(
          db.select().from(kpis).where(where).$dynamic(),
          db.select({ total: count() }).from(kpis).where(where).$dynamic(),
          query,
          request,
          (rows: Array<typeof kpis.$inferSelect>) => presentKpis(db, rows),
        );
      },
    },
    show: { run: (_request, id) => presentOne(id) },
    create: {
      body: createKpiBody,
      async run(request, input) {
        await assertCategoryExists(db, input.category_id);
        const row = await db
          .transaction(async (tx) => {
            const [created] = await tx
              .insert(kpis)
              .values({
                name: input.name,
                categoryId: input.category_id,
                unit: input.unit,
                frequency: input.frequency,
                investorVisible: input.investor_visible,
              })
              .returning();
            await recordActivity(tx, { request, action: 'created', subjectType: 'kpi', subjectId: created.id, after: created });
            return created;
          })
          .catch(duplicateKpi);
        return presentOne(row.id);
      },
    },
    update: {
      body: updateKpiBody,
      async run(request, id, input) {
        const before = await loadKpi(id);
        if (input.category_id !== undefined) await assertCategoryExists(db, input.category_id);
        await assertFrequencyFree(db, before, input.frequency);
        await db
          .transaction(async (tx) => {
            const [after] = await tx
              .update(kpis)
              .set({
                name: input.name,
                categoryId: input.category_id,
                unit: input.unit,
                frequency: input.frequency,
                investorVisible: input.investor_visible,
                updatedAt: clock.now(),
              })
              .where(eq(kpis.id, id))
              .returning();
            await recordActivity(tx, { request, action: 'updated', subjectType: 'kpi', subjectId: id, before, after });
          })
          .catch(duplicateKpi);
        return presentOne(id);
      },
    },
    remove: {
      async run(request, id) {
        const before = await loadKpi(id);
        await db.transaction(async (tx) => {
          const [after] = await tx.update(kpis).set({ deletedAt: clock.now() }).where(eq(kpis.id, id)).returning();
          await recordActivity(tx, { request, action: 'deleted', subjectType: 'kpi', subjectId: id, before, after });
        });
      },
    },
  });

  const duplicateValue = onDuplicate('period', 'There is already a value for this period: change it instead.');

  registerResource(app, {
    path: '/api/kpi-values',
    item: kpiValueSchema,
    guard,
    list: {
      query: kpiValuesQuery,
      paged: false,
      run(_request, query) {
        const opportunityIds = query['filter[opportunity_id]'];
        const kpiIds = query['filter[kpi_id]'];
        if (!opportunityIds && !kpiIds)
          throw new AppError('bad_request', 'Give filter[opportunity_id] or filter[kpi_id]: the values of some companies or KPIs.');
        return listValues(db, { opportunityIds, kpiIds });
      },
    },
    create: {
      body: createKpiValueBody,
      async run(request, input) {
        const { kpi, opportunityId, periodStart } = await resolveNewValue(db, input);
        const row = await db
          .transaction(async (tx) => {
            const [created] = await tx
              .insert(kpiValues)
              .values({
                kpiId: kpi.id,
                opportunityId,
                periodStart,
                value: input.value,
                note: input.note ?? null,
                createdBy: requireUser(request).id,
              })
              .returning();
            await recordActivity(tx, {
              request,
              action: 'kpi_value_added',
              subjectType: 'opportunity',
              subjectId: opportunityId,
              after: created,
            });
            return created;
          })
          .catch(duplicateValue);
        return presentValue(row, kpi.frequency);
      },
    },
    update: {
      body: updateKpiValueBody,
      async run(request, id, input) {
        const before = await findLiveValue(db, id);
        const after = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(kpiValues)
            .set({ value: input.value, note: input.note === undefined ? before.value.note : input.note, updatedAt: clock.now() })
            .where(eq(kpiValues.id, id))
            .returning();
          await recordActivity(tx, {
            request,
            action: 'kpi_value_changed',
            subjectType: 'opportunity',
            subjectId: row.opportunityId,
            before: before.value,
            after: row,
          });
          return row;
        });
        return presentValue(after, before.frequency);
      },
    },
    remove: {
      async run(request, id) {
        const before = await findLiveValue(db, id);
        await db.transaction(async (tx) => {
          const [after] = await tx.update(kpiValues).set({ deletedAt: clock.now() }).where(eq(kpiValues.id, id)).returning();
          await recordActivity(tx, {
            request,
            action: 'kpi_value_deleted',
            subjectType: 'opportunity',
            subjectId: after.opportunityId,
            before: before.value,
          });
        });
      },
    },
  });

  /** The companies that report KPIs (existing investments), for the grid's filter and the chart. */
  app.get(
    '/api/reports/kpis/companies',
    { schema: { response: { 200: dataOf(kpiCompanySchema.array()) } }, onRequest: guard('index') },
    async () => ({
      data: await db
        .select({
          id: investmentOpportunities.id,
          name: investmentOpportunities.name,
          company_name: investmentOpportunities.companyName,
          currency: investmentOpportunities.currency,
        })
        .from(investmentOpportunities)
        .where(and(isNull(investmentOpportunities.deletedAt), inArray(investmentOpportunities.status, KPI_COMPANY_STATUSES)))
        .orderBy(asc(investmentOpportunities.name), asc(investmentOpportunities.id)),
    }),
  );

  /** The portfolio grid: one row per company and KPI, its values period by period. */
  app.get(
    '/api/reports/kpis',
    { schema: { querystring: listQuery(KPI_GRID_LIST), response: { 200: pageOf(kpiGridRowSchema) } }, onRequest: guard('index') },
    async (request) => {
      const query = parseListQuery(request.query, GRID_RESOURCE);
      query.orderBy.push(asc(kpiValues.opportunityId), asc(kpiValues.kpiId));
      const { rows, total } = gridRows(db, query.where);
      return paginate(rows, total, query, request, (page: GridRow[]) => presentGrid(db, page));
    },
  );

  app.get(
    '/api/reports/kpis/export',
    {
      schema: { querystring: listQuery({ ...KPI_GRID_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: guard('index'),
    },
    async (request, reply) => {
      const raw = request.query;
      const query = parseListQuery(raw, GRID_EXPORT_RESOURCE);
      const where = and(isNull(kpiValues.deletedAt), isNull(kpis.deletedAt), isNull(investmentOpportunities.deletedAt), query.where);
      return sendExport(request, reply, exportFormat(raw), {
        filename: 'kpis',
        sheet: 'KPIs',
        columns: EXPORT_COLUMNS,
        orderedIds: async () =>
          unpackIds(
            await db
              .select({
                ids: packedIds(kpiValues.id, [
                  ...query.orderBy,
                  asc(kpiValues.opportunityId),
                  asc(kpiValues.kpiId),
                  asc(kpiValues.periodStart),
                ]),
              })
              .from(kpiValues)
              .innerJoin(kpis, eq(kpis.id, kpiValues.kpiId))
              .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, kpiValues.opportunityId))
              .where(where),
          ),
        loadBatch: (ids) =>
          db
            .select({
              id: kpiValues.id,
              company: investmentOpportunities.name,
              kpi: kpis.name,
              unit: kpis.unit,
              frequency: kpis.frequency,
              periodStart: kpiValues.periodStart,
              value: kpiValues.value,
              currency: investmentOpportunities.currency,
            })
            .from(kpiValues)
            .innerJoin(kpis, eq(kpis.id, kpiValues.kpiId))
            .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, kpiValues.opportunityId))
            .where(and(inArray(kpiValues.id, ids), isNull(kpiValues.deletedAt))),
      });
    },
  );

  /** The investor's own holding: charts of its investor-visible KPIs; any other company is a 404. */
  app.get(
    '/api/my/portfolio/:id/kpis',
    { schema: { params: idParams, response: { 200: dataOf(holdingKpisSchema) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      if (!(await holdsVisibly(db, user.id, request.params.id))) throw notFound('holding');
      return { data: await loadHoldingKpis(db, request.params.id) };
    },
  );
}
