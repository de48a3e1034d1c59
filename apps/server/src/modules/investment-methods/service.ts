import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  Role,
  type createInvestmentMethodBody,
  type createMethodAccountBody,
  type InvestmentMethod,
  type MethodAccount,
  type updateInvestmentMethodBody,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { contacts, investmentMethodEntities, investmentMethods, investments, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import { paginate, parseListQuery, type Page } from '../../platform/list-query';
import { myInvestmentsHeld, type DeletableHolder } from '../holders';
import { ACCOUNTS_RESOURCE, liveMethods, METHODS_RESOURCE } from './list';
import { presentAccounts, presentMethods, type AccountRow, type MethodRow } from './presenter';

/** Investment methods as holders: they hold what their accounts hold; a permanent delete takes the accounts too. */
export const INVESTMENT_METHOD: DeletableHolder = {
  subject: 'investment_method',
  label: 'investment method',
  table: investmentMethods,
  heldBy: (id) => inArray(investments.investmentMethodEntityId, accountsOf(id)),
  purge: async (tx, id) => {
    await tx.delete(investmentMethodEntities).where(eq(investmentMethodEntities.investmentMethodId, id));
  },
};

/** The accounts of one method, as a subquery: investments name the account, not the method. */
function accountsOf(methodId: number) {
  return sql`(select ${investmentMethodEntities.id} from ${investmentMethodEntities} where ${investmentMethodEntities.investmentMethodId} = ${methodId})`;
}

/** Whether a live method has this id (records attached to one check it). */
export async function methodExists(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: investmentMethods.id })
    .from(investmentMethods)
    .where(liveMethods(eq(investmentMethods.id, id)));
  return rows.length > 0;
}

/** A live method; 404 otherwise. */
export async function findMethod(db: Db, id: number): Promise<MethodRow> {
  const [row] = await db
    .select()
    .from(investmentMethods)
    .where(liveMethods(eq(investmentMethods.id, id)));
  if (!row) throw notFound('investment method');
  return row;
}

/** A page of live methods. */
export function listMethods(db: Db, request: FastifyRequest, raw: Record<string, unknown>): Promise<Page<InvestmentMethod>> {
  const query = parseListQuery(raw, METHODS_RESOURCE);
  query.orderBy.push(asc(investmentMethods.id));
  const where = liveMethods(query.where);
  return paginate<MethodRow, InvestmentMethod>(
    db.select().from(investmentMethods).where(where).$dynamic(),
    db.select({ total: count() }).from(investmentMethods).where(where).$dynamic(),
    query,
    request,
    (rows) => presentMethods(db, rows),
  );
}

type MethodInput = z.output<typeof updateInvestmentMethodBody>;

/** Form input → method columns; only the fields sent are written (an edit may send a few). */
const methodColumns = (input: MethodInput) => ({
  name: input.name,
  type: input.type,
  provider: input.provider,
  description: input.description,
});

export async function createMethod(
  db: Db,
  request: FastifyRequest,
  input: z.output<typeof createInvestmentMethodBody>,
): Promise<MethodRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(investmentMethods)
      .values({ ...methodColumns(input), name: input.name })
      .returning();
    await recordActivity(tx, { request, action: 'created', subjectType: 'investment_method', subjectId: row.id, after: row });
    return row;
  });
}

export async function updateMethod(db: Db, request: FastifyRequest, id: number, input: MethodInput, now: Date): Promise<MethodRow> {
  await findMethod(db, id);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(investmentMethods).where(eq(investmentMethods.id, id)).for('update');
    if (before.deletedAt) throw notFound('investment method');
    const [row] = await tx
      .update(investmentMethods)
      .set({ ...methodColumns(input), updatedAt: now })
      .where(eq(investmentMethods.id, id))
      .returning();
    await recordActivity(tx, { request, action: 'updated', subjectType: 'investment_method', subjectId: id, before, after: row });
    return row;
  });
}

const liveAccountOf = (methodId: number, accountId: number) =>
  and(
    eq(investmentMethodEntities.id, accountId),
    eq(investmentMethodEntities.investmentMethodId, methodId),
    isNull(investmentMethodEntities.deletedAt),
  );

/** A live account of a live method, or 404. */
async function findAccount(db: Db, methodId: number, accountId: number): Promise<AccountRow> {
  await findMethod(db, methodId);
  const [row] = await db.select().from(investmentMethodEntities).where(liveAccountOf(methodId, accountId));
  if (!row) throw notFound('account');
  return row;
}

/** A page of a method's live accounts. */
export async function listAccounts(
  db: Db,
  request: FastifyRequest,
  methodId: number,
  raw: Record<string, unknown>,
): Promise<Page<MethodAccount>> {
  await findMethod(db, methodId);
  const query = parseListQuery(raw, ACCOUNTS_RESOURCE);
  query.orderBy.push(asc(investmentMethodEntities.id));
  const where = and(eq(investmentMethodEntities.investmentMethodId, methodId), isNull(investmentMethodEntities.deletedAt), query.where);
  return paginate<AccountRow, MethodAccount>(
    db.select().from(investmentMethodEntities).where(where).$dynamic(),
    db.select({ total: count() }).from(investmentMethodEntities).where(where).$dynamic(),
    query,
    request,
    (rows) => presentAccounts(db, rows),
  );
}

/** A second live account with the same reference at the same method is a typing mistake, not a new account. */
async function assertReferenceFree(db: Db, methodId: number, reference: string | null | undefined, exceptId?: number) {
  if (!reference) return;
  const rows = await db
    .select({ id: investmentMethodEntities.id })
    .from(investmentMethodEntities)
    .where(
      and(
        eq(investmentMethodEntities.investmentMethodId, methodId),
        eq(investmentMethodEntities.reference, reference),
        isNull(investmentMethodEntities.deletedAt),
      ),
    );
  if (rows.some((r) => r.id !== exceptId))
    throw validationError({ reference: ['Another account with this method already has this reference.'] });
}

async function liveInvestor(db: Db, userId: number) {
  const [person] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.roleId, Role.User), isNull(users.deletedAt)));
  if (!person) throw validationError({ user_id: ['Choose an investor: this person could not be found.'] });
  return person.id;
}

/** A lead's account waits for them to become an investor; one already converted takes the investor's. */
async function openLead(db: Db, contactId: number) {
  const [lead] = await db
    .select({ id: contacts.id, convertedUserId: contacts.convertedUserId })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), isNull(contacts.deletedAt)));
  if (!lead) throw validationError({ contact_id: ['Choose a lead: this one could not be found.'] });
  if (lead.convertedUserId) throw validationError({ contact_id: ['This lead is an investor now: add the investor instead.'] });
  return lead.id;
}

/** Adds an investor's (or a lead's) account with a method, logged on the method. */
export async function addAccount(
  db: Db,
  request: FastifyRequest,
  methodId: number,
  input: z.output<typeof createMethodAccountBody>,
): Promise<AccountRow> {
  await findMethod(db, methodId);
  const holder =
    input.user_id != null ? { userId: await liveInvestor(db, input.user_id) } : { contactId: await openLead(db, input.contact_id!) };
  await assertReferenceFree(db, methodId, input.reference);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(investmentMethodEntities)
      .values({ investmentMethodId: methodId, ...holder, reference: input.reference ?? null })
      .returning();
    await recordActivity(tx, { request, action: 'entity_added', subjectType: 'investment_method', subjectId: methodId, after: created });
    return created;
  });
}

/** Changes the reference of a live account, logged on the method. */
export async function updateAccount(
  db: Db,
  request: FastifyRequest,
  methodId: number,
  entityId: number,
  reference: string | null,
  now: Date,
): Promise<AccountRow> {
  await findAccount(db, methodId, entityId);
  await assertReferenceFree(db, methodId, reference, entityId);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(investmentMethodEntities).where(eq(investmentMethodEntities.id, entityId)).for('update');
    const [after] = await tx
      .update(investmentMethodEntities)
      .set({ reference, updatedAt: now })
      .where(eq(investmentMethodEntities.id, entityId))
      .returning();
    await recordActivity(tx, { request, action: 'entity_updated', subjectType: 'investment_method', subjectId: methodId, before, after });
    return after;
  });
}

/** Closes an account with a method; one that holds investments stays (409). */
export async function closeAccount(db: Db, request: FastifyRequest, methodId: number, entityId: number, now: Date): Promise<void> {
  await findAccount(db, methodId, entityId);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(investmentMethodEntities).where(eq(investmentMethodEntities.id, entityId)).for('update');
    const [{ total }] = await tx
      .select({ total: count() })
      .from(investments)
      .where(and(eq(investments.investmentMethodEntityId, entityId), isNull(investments.deletedAt)));
    if (Number(total) > 0)
      throw new AppError(
        'conflict',
        `This account holds ${total} ${Number(total) === 1 ? 'investment' : 'investments'}, so it cannot be removed.`,
      );
    const [after] = await tx
      .update(investmentMethodEntities)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(investmentMethodEntities.id, entityId))
      .returning();
    await recordActivity(tx, { request, action: 'entity_removed', subjectType: 'investment_method', subjectId: methodId, before, after });
  });
}

/**
 * When a lead becomes an investor their accounts with investment methods become the investor's,
 * in the conversion's transaction, each logged on its method. Returns how many moved.
 */
export async function moveLeadAccounts(tx: Db, request: FastifyRequest, contactId: number, userId: number, now: Date): Promise<number> {
  const moved = await tx
    .update(investmentMethodEntities)
    .set({ contactId: null, openedForContactId: contactId, userId, updatedAt: now })
    .where(and(eq(investmentMethodEntities.contactId, contactId), isNull(investmentMethodEntities.deletedAt)))
    .returning();
  for (const account of moved) {
    await recordActivity(tx, {
      request,
      action: 'entity_converted',
      subjectType: 'investment_method',
      subjectId: account.investmentMethodId,
      before: { contact_id: contactId },
      after: account,
    });
  }
  return moved.length;
}

/** The investor's live accounts with live methods, each with its method. */
function myAccountsQuery(db: Db, userId: number, where?: SQL) {
  return db
    .select({ account: investmentMethodEntities, method: investmentMethods })
    .from(investmentMethodEntities)
    .innerJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investmentMethodId))
    .where(
      and(
        eq(investmentMethodEntities.userId, userId),
        isNull(investmentMethodEntities.deletedAt),
        isNull(investmentMethods.deletedAt),
        where,
      ),
    );
}

export const myAccounts = (db: Db, userId: number) =>
  myAccountsQuery(db, userId).orderBy(asc(investmentMethods.name), asc(investmentMethodEntities.id));

/**
 * The live accounts of a page of users, for `include=investmentMethodEntities` — or, `asLead`, only
 * the ones opened for them while they were a lead (`leadInvestmentMethodEntities`).
 */
export async function accountsOfUsers(db: Db, userIds: number[], asLead: boolean) {
  return db
    .select({ account: investmentMethodEntities, method: investmentMethods })
    .from(investmentMethodEntities)
    .innerJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investmentMethodId))
    .where(
      and(
        inArray(investmentMethodEntities.userId, userIds),
        asLead ? isNotNull(investmentMethodEntities.openedForContactId) : undefined,
        isNull(investmentMethodEntities.deletedAt),
        isNull(investmentMethods.deletedAt),
      ),
    )
    .orderBy(asc(investmentMethods.name), asc(investmentMethodEntities.id));
}

/** One of the investor's accounts; another person's, or one closed, is 404. */
export async function findMyAccount(db: Db, userId: number, accountId: number) {
  const [row] = await myAccountsQuery(db, userId, eq(investmentMethodEntities.id, accountId));
  if (!row) throw notFound('account');
  return row;
}

/** Account holders read the method's public documents (spec §2.3 investmentmethod-documents_{id}). */
export async function holdsAccountWith(db: Db, userId: number, methodId: number): Promise<boolean> {
  return (await myAccountsQuery(db, userId, eq(investmentMethods.id, methodId))).length > 0;
}

/** What the investor invested through one of their accounts. */
export const myInvestmentsThrough = (db: Db, userId: number, accountId: number) =>
  myInvestmentsHeld(db, userId, eq(investments.investmentMethodEntityId, accountId));
