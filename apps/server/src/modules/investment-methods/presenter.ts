import { and, count, inArray, isNull } from 'drizzle-orm';
import {
  INVESTMENT_METHOD_TYPE_LABELS,
  type InvestmentMethod,
  type InvestmentMethodType,
  type MethodAccount,
  type MyMethodAccount,
  type UserMethodAccount,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { contacts, investmentMethodEntities, type investmentMethods, users } from '../../db/schema';

export type MethodRow = typeof investmentMethods.$inferSelect;
export type AccountRow = typeof investmentMethodEntities.$inferSelect;

export const typeLabel = (type: string) => INVESTMENT_METHOD_TYPE_LABELS[type as InvestmentMethodType] ?? type;

/** Live accounts per method, for a page of methods. */
export async function accountCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: investmentMethodEntities.investmentMethodId, total: count() })
    .from(investmentMethodEntities)
    .where(and(inArray(investmentMethodEntities.investmentMethodId, ids), isNull(investmentMethodEntities.deletedAt)))
    .groupBy(investmentMethodEntities.investmentMethodId);
  return new Map(rows.map((r) => [r.id, Number(r.total)]));
}

export async function presentMethods(db: Db, rows: MethodRow[]): Promise<InvestmentMethod[]> {
  const counts = await accountCounts(
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

export async function presentMethod(db: Db, row: MethodRow): Promise<InvestmentMethod> {
  const [method] = await presentMethods(db, [row]);
  return method;
}

/** Accounts with a method, named: an investor's, or a lead's before they become one. */
export async function presentAccounts(db: Db, rows: AccountRow[]): Promise<MethodAccount[]> {
  const ids = (pick: (r: AccountRow) => number | null) => [...new Set(rows.map(pick).filter((id): id is number => id != null))];
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
    holder_kind: row.contactId != null ? 'lead' : 'investor',
    user_id: row.userId,
    user: row.userId != null ? (userById.get(row.userId) ?? null) : null,
    contact_id: row.contactId,
    contact: row.contactId != null ? (contactById.get(row.contactId) ?? null) : null,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
  }));
}

export async function presentAccount(db: Db, row: AccountRow): Promise<MethodAccount> {
  const [account] = await presentAccounts(db, [row]);
  return account;
}

/** The investor's own account, with the method it is with. */
export function presentMyAccount({ account, method }: { account: AccountRow; method: MethodRow }): MyMethodAccount {
  return {
    id: account.id,
    reference: account.reference,
    method: { id: method.id, name: method.name, type: method.type, type_label: typeLabel(method.type), provider: method.provider },
    created_at: account.createdAt.toISOString(),
  };
}

/** An account as a user is presented with it (`include=investmentMethodEntities[.investmentMethod]`). */
export function presentUserAccount(
  { account, method }: { account: AccountRow; method: MethodRow },
  withMethod: boolean,
): UserMethodAccount {
  return {
    id: account.id,
    investment_method_id: method.id,
    reference: account.reference,
    created_at: account.createdAt.toISOString(),
    ...(withMethod ? { investment_method: { id: method.id, name: method.name, type: method.type, provider: method.provider } } : {}),
  };
}
