import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { CURRENCIES, type FundFigures, FUNDS_LIST } from '@platform/domain';
import type { Db } from '../../db/client';
import { funds, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import { containsFilter, idsFilter, oneOfFilter } from '../../platform/list-filters';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';
import { fundFiguresFor } from './figures';

/** The funds list and its export share these filters and sorts. */
export const FUNDS_RESOURCE = listResource(FUNDS_LIST, {
  filters: {
    search: containsFilter(funds.name),
    type: (v) =>
      inArray(
        funds.type,
        v.split(',').map((s) => s.trim()),
      ),
    vintage: (v) => {
      if (!/^\d{4}$/.test(v)) throw new AppError('bad_request', 'filter[vintage] must be a year.');
      return eq(funds.vintage, Number(v));
    },
    currency: oneOfFilter('currency', funds.currency, CURRENCIES),
    manager_id: idsFilter('manager_id', funds.managerId),
  },
  sorts: { name: funds.name, type: funds.type, vintage: funds.vintage, target_size: funds.targetSize, created_at: funds.createdAt },
  defaultSort: 'name',
});

export const FUNDS_EXPORT_RESOURCE: ListResource = { ...FUNDS_RESOURCE, params: ['format', 'as_of'] };

export const liveFunds = (where: SQL | undefined) => and(isNull(funds.deletedAt), where);

interface FundExportRow {
  id: number;
  name: string;
  type: string;
  vintage: number;
  currency: string;
  targetSize: string | null;
  managementFee: string | null;
  performanceFee: string | null;
  manager: string | null;
  figures: FundFigures | undefined;
}

const COLUMNS: ReadonlyArray<ExportColumn<FundExportRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Name', value: (r) => r.name },
  { header: 'Type', value: (r) => r.type },
  { header: 'Vintage', value: (r) => String(r.vintage), kind: 'integer' },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Target size', value: (r) => r.targetSize, kind: 'money' },
  { header: 'Management fee %', value: (r) => r.managementFee, kind: 'units' },
  { header: 'Performance fee %', value: (r) => r.performanceFee, kind: 'units' },
  { header: 'Manager', value: (r) => r.manager },
  { header: 'Latest NAV date', value: (r) => r.figures?.latest_nav?.date ?? null },
  { header: 'Latest NAV', value: (r) => r.figures?.latest_nav?.nav ?? null, kind: 'money' },
  { header: 'NAV per unit', value: (r) => r.figures?.latest_nav?.nav_per_unit ?? null, kind: 'units' },
  { header: 'Units issued', value: (r) => r.figures?.units_issued ?? null, kind: 'units' },
  { header: 'Paid in', value: (r) => r.figures?.paid_in ?? null, kind: 'money' },
  { header: 'Distributions', value: (r) => r.figures?.distributions ?? null, kind: 'money' },
  { header: 'Redemptions', value: (r) => r.figures?.redemptions ?? null, kind: 'money' },
  { header: 'DPI', value: (r) => r.figures?.dpi ?? null },
  { header: 'TVPI', value: (r) => r.figures?.tvpi ?? null },
];

export function fundsExport(db: Db, query: ListQuery, asOf: string): ExportSpec<FundExportRow> {
  return {
    filename: 'funds',
    sheet: 'Funds',
    columns: COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(funds.id, [...query.orderBy, asc(funds.id)]) })
          .from(funds)
          .where(liveFunds(query.where)),
      ),
    loadBatch: async (ids) => {
      const [rows, figures] = await Promise.all([
        db
          .select({
            id: funds.id,
            name: funds.name,
            type: funds.type,
            vintage: funds.vintage,
            currency: funds.currency,
            targetSize: funds.targetSize,
            managementFee: funds.managementFee,
            performanceFee: funds.performanceFee,
            manager: users.name,
          })
          .from(funds)
          .leftJoin(users, eq(users.id, funds.managerId))
          .where(and(inArray(funds.id, ids), isNull(funds.deletedAt))),
        fundFiguresFor(db, ids, asOf),
      ]);
      return rows.map((row) => ({ ...row, figures: figures.get(row.id) }));
    },
  };
}
