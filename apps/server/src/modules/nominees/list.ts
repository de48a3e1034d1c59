import { and, asc, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { NOMINEES_LIST } from '@platform/domain';
import type { Db } from '../../db/client';
import { nominees } from '../../db/schema';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import { containsFilter } from '../../platform/list-filters';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';
import type { NomineeRow } from './presenter';

/** Nominees not deleted, narrowed by a list's filters. */
export const liveNominees = (where?: SQL) => and(isNull(nominees.deletedAt), where);

export const NOMINEES_RESOURCE = listResource(NOMINEES_LIST, {
  filters: {
    search: (value) => {
      const name = containsFilter(nominees.name)(value);
      const number = containsFilter(nominees.companyNumber)(value);
      return name && number ? or(name, number) : undefined;
    },
  },
  sorts: { name: nominees.name, created_at: nominees.createdAt },
  defaultSort: 'name',
});

/** The export takes the list's filters and sorts, and its format. */
export const NOMINEES_EXPORT_RESOURCE: ListResource = { ...NOMINEES_RESOURCE, params: ['format'] };

const EXPORT_COLUMNS: ReadonlyArray<ExportColumn<NomineeRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Name', value: (r) => r.name },
  { header: 'Company number', value: (r) => r.companyNumber },
  { header: 'Email', value: (r) => r.email },
  { header: 'Address', value: (r) => r.address },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
];

export function nomineesExport(db: Db, query: ListQuery): ExportSpec<NomineeRow> {
  return {
    filename: 'nominees',
    sheet: 'Nominees',
    columns: EXPORT_COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(nominees.id, [...query.orderBy, asc(nominees.id)]) })
          .from(nominees)
          .where(liveNominees(query.where)),
      ),
    loadBatch: (ids) =>
      db
        .select()
        .from(nominees)
        .where(liveNominees(inArray(nominees.id, ids))),
  };
}
