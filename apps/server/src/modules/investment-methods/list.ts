import { and, count, eq, inArray, isNull, or } from 'drizzle-orm';
import { INVESTMENT_METHOD_TYPE_LABELS, INVESTMENT_METHOD_TYPES, type InvestmentMethodType } from '@platform/domain';
import type { Db } from '../../db/client';
import { contacts, investmentMethodEntities, investmentMethods, users } from '../../db/schema';
import type { ExportColumn } from '../../platform/export';
import { containsFilter, idList, oneOfFilter } from '../../platform/list-filters';
import type { ListResource } from '../../platform/list-query';

export type MethodRow = typeof investmentMethods.$inferSelect;
export type EntityRow = typeof investmentMethodEntities.$inferSelect;

export const METHOD_FIELDS = ['name', 'type', 'provider', 'description', 'entities_count', 'created_at', 'updated_at'] as const;

export const METHODS_RESOURCE: ListResource = {
  name: 'investment_methods',
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
  fields: METHOD_FIELDS,
};

export const ENTITIES_RESOURCE: ListResource = {
  name: 'investment_method_entities',
  filters: {
    user_id: (value) => inArray(investmentMethodEntities.userId, idList('user_id', value)),
    contact_id: (value) => inArray(investmentMethodEntities.contactId, idList('contact_id', value)),
    reference: containsFilter(investmentMethodEntities.reference),
  },
  sorts: { reference: investmentMethodEntities.reference, created_at: investmentMethodEntities.createdAt },
  defaultSort: '-created_at',
};

const typeLabel = (type: string) => INVESTMENT_METHOD_TYPE_LABELS[type as InvestmentMethodType] ?? type;

/** Live accounts per method, for a page of methods. */
async function entityCounts(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .select({ id: investmentMethodEntities.investmentMethodId, total: count() })
    .from(investmentMethodEntities)
    .where(and(inArray(investmentMethodEntities.investmentMethodId, ids), isNull(investmentMethodEntities.deletedAt)))
    .groupBy(investmentMethodEntities.investmentMethodId);
  return new Map(rows.map((r) => [r.id, Number(r.total)]));
}

export async function presentMethods(db: Db, rows: MethodRow[]) {
  const counts = await entityCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    type_label: typeLabel(row.type),
    provider: row.provider,
    description: row.description,
    entities_count: counts.get(row.id) ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** An account with a method, named: an investor's, or a lead's before they become one. */
export async function presentEntities(db: Db, rows: EntityRow[]) {
  const ids = (pick: (r: EntityRow) => number | null) => [...new Set(rows.map(pick).filter((id): id is number => id != null))];
  const [userIds, contactIds] = [ids((r) => r.userId), ids((r) => r.contactId)];
  const [people, leads] = await Promise.all([
    userIds.length ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, userIds)) : [],
    contactIds.length
      ? db.select({ id: contacts.id, name: contacts.name, email: contacts.email }).from(contacts).where(inArray(contacts.id, contactIds))
      : [],
  ]);
  const userById = new Map(people.map((p) => [p.id, p]));
  const contactById = new Map(leads.map((p) => [p.id, p]));
  return rows.map((row) => ({
    id: row.id,
    investment_method_id: row.investmentMethodId,
    holder_kind: row.contactId != null ? ('lead' as const) : ('investor' as const),
    user_id: row.userId,
    user: row.userId != null ? (userById.get(row.userId) ?? null) : null,
    contact_id: row.contactId,
    contact: row.contactId != null ? (contactById.get(row.contactId) ?? null) : null,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
  }));
}

export interface MethodExportRow {
  id: number;
  name: string;
  type: string;
  provider: string | null;
  accounts: number;
  createdAt: Date;
}

export const METHOD_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<MethodExportRow>> = [
  { header: 'ID', value: (r) => String(r.id), kind: 'integer' },
  { header: 'Name', value: (r) => r.name },
  { header: 'Type', value: (r) => typeLabel(r.type) },
  { header: 'Provider', value: (r) => r.provider },
  { header: 'Accounts', value: (r) => String(r.accounts), kind: 'integer' },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
];

export async function methodExportRows(db: Db, ids: number[]): Promise<MethodExportRow[]> {
  const rows = await db
    .select({
      id: investmentMethods.id,
      name: investmentMethods.name,
      type: investmentMethods.type,
      provider: investmentMethods.provider,
      createdAt: investmentMethods.createdAt,
    })
    .from(investmentMethods)
    .where(and(inArray(investmentMethods.id, ids), isNull(investmentMethods.deletedAt)));
  const counts = await entityCounts(db, ids);
  return rows.map((r) => ({ ...r, accounts: counts.get(r.id) ?? 0 }));
}

export const entityOf = (methodId: number, entityId: number) =>
  and(
    eq(investmentMethodEntities.id, entityId),
    eq(investmentMethodEntities.investmentMethodId, methodId),
    isNull(investmentMethodEntities.deletedAt),
  );
