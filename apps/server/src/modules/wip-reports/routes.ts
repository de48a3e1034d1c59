import { dataOf, fileBody, type WipItem, wipExportQuery, wipReportQuery, wipReportSchema } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { type ExportColumn, sendExport } from '../../platform/export';
import { authorize } from '../../platform/guards';
import { loadWipReport, type WipFilters } from './service';

const filtersOf = (query: { 'filter[owner_id]'?: number; 'filter[pipeline_id]'?: number }): WipFilters => ({
  ownerId: query['filter[owner_id]'],
  pipelineId: query['filter[pipeline_id]'],
});

/** One exported line: the item with its group and its place in the file. */
type WipLine = WipItem & { id: number; group: string };

const COLUMNS: ReadonlyArray<ExportColumn<WipLine>> = [
  { header: 'Group', value: (r) => r.group },
  { header: 'Type', value: (r) => (r.kind === 'deal' ? 'Deal' : 'Opportunity') },
  { header: 'Name', value: (r) => r.name },
  { header: 'Company', value: (r) => r.company_name },
  { header: 'Pipeline', value: (r) => r.pipeline?.name ?? null },
  { header: 'Amount', value: (r) => r.amount, kind: 'money' },
  { header: 'Amount is', value: (r) => r.amount_kind },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Owner', value: (r) => r.owner?.name ?? null },
  { header: 'Days in stage', value: (r) => String(r.days_in_stage), kind: 'integer' },
  { header: 'Next task', value: (r) => r.next_task?.title ?? null },
  { header: 'Next task due', value: (r) => r.next_task?.due_date ?? null },
  { header: 'Last activity', value: (r) => r.last_activity_at },
];

/**
 * The WIP report (spec §2.2 /admin/reports/wip; permission event 'wip_reports', action index):
 * open deals and opportunities with their stage, money, owner and next step, and its export.
 */
export function registerWipReportRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/reports/wip',
    { schema: { querystring: wipReportQuery, response: { 200: dataOf(wipReportSchema) } }, onRequest: authorize('wip_reports', 'index') },
    async (request) => ({ data: await loadWipReport(db, filtersOf(request.query), clock.now()) }),
  );

  app.get(
    '/api/reports/wip/export',
    { schema: { querystring: wipExportQuery, response: { 200: fileBody } }, onRequest: authorize('wip_reports', 'index') },
    async (request, reply) => {
      const report = await loadWipReport(db, filtersOf(request.query), clock.now());
      const lines: WipLine[] = report.groups.flatMap((g) =>
        g.items.map((item) => ({ ...item, group: g.pipeline ? `${g.pipeline.name}: ${g.label}` : g.label })),
      );
      const numbered = lines.map((line, index) => ({ ...line, id: index }));
      return sendExport(request, reply, request.query.format ?? 'csv', {
        filename: 'wip-report',
        sheet: 'WIP',
        columns: COLUMNS,
        orderedIds: async () => numbered.map((line) => line.id),
        loadBatch: async (ids) => ids.map((id) => numbered[id]),
      });
    },
  );
}
