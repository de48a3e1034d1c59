import { and, asc, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { INVESTMENT_METHOD_TYPES, INVESTMENT_METHODS_LIST, METHOD_ACCOUNTS_LIST } from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentMethodEntities, investmentMethods } from '../../db/schema';
import { type ExportColumn, type ExportSpec, packedIds, unpackIds } from '../../platform/export';
import { containsFilter, idsFilter, oneOfFilter } from '../../platform/list-filters';
import { listResource, type ListQuery, type ListResource } from '../../platform/list-query';
import { accountCounts, typeLabel } from './presenter';

/** Methods not deleted, narrowed by a list's filters. */
export const liveMethods = (where?: SQL) => and(isNull(investmentMethods.deletedAt), where);

export const METHODS_RESOURCE = listResource(INVESTMENT_METHODS_LIST, {
  filters: {
    search: (value) => {
      const name = containsFilter(investmentMethods.name)(value);
      const provider = containsFilter(investmentMethods.provider)(value);
      return name && provider ? or(name, provider) : undefined;
    },
    type: oneOfFilter('type', investmentMethods.type, INVESTMENT_METHOD_TYPES),
  },
  sorts: { name: investmentMethods.name, type: investmentMethods.type, created_at: investmentMethods.createdAt },
  defaultSort: 'name',
});

/** The export takes the list's filters and sorts, and its format. */
export const METHODS_EXPORT_RESOURCE: ListResource = { ...METHODS_RESOURCE, params: ['format'] };

export const ACCOUNTS_RESOURCE = listResource(METHOD_ACCOUNTS_LIST, {
  filters: {
    user_id: idsFilter('user_id', investmentMethodEntities.userId),
    contact_id: idsFilter('contact_id', investmentMethodEntities.contactId),
    reference: containsFilter(investmentMethodEntities.reference),
  },
  sorts: { reference: investmentMethodEntities.reference, created_at: investmentMethodEntities.createdAt },
  defaultSort: '-created_at',
});

interface MethodExportRow {
  id: number;
  name: string;
  type: string;
  provider: string | null;
  accounts: number;
  createdAt: Date;
}

const EXPORT_COLUMNS: ReadonlyArray<ExportColumn<MethodExportRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Name', value: (r) => r.name },
  { header: 'Type', value: (r) => typeLabel(r.type) },
  { header: 'Provider', value: (r) => r.provider },
  { header: 'Accounts', value: (r) => String(r.accounts), kind: 'integer' },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
];

/** The methods list as CSV or Excel, with each method's number of live accounts. */
export function methodsExport(db: Db, query: ListQuery): ExportSpec<MethodExportRow> {
  return {
    filename: 'investment-methods',
    sheet: 'Investment methods',
    columns: EXPORT_COLUMNS,
    orderedIds: async () =>
      unpackIds(
        await db
          .select({ ids: packedIds(investmentMethods.id, [...query.orderBy, asc(investmentMethods.id)]) })
          .from(investmentMethods)
          .where(liveMethods(query.where)),
      ),
    loadBatch: async (ids) => {
      const [rows, counts] = await Promise.all([
        db
          .select({
            id: investmentMethods.id,
            name: investmentMethods.name,
            type: investmentMethods.type,
            provider: investmentMethods.provider,
            createdAt: investmentMethods.createdAt,
          })
          .from(investmentMethods)
          .where(liveMethods(inArray(investmentMethods.id, ids))),
        accountCounts(db, ids),
      ]);
      return rows.map((r) => ({ ...r, accounts: counts.get(r.id) ?? 0 }));
    },
  };
}
