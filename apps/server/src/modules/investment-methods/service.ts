import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Role } from '@platform/domain';
import type { Db } from '../../db/client';
import { contacts, investmentMethodEntities, investments, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, validationError } from '../../platform/errors';

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
  input: { user_id?: number; contact_id?: number; reference?: string | null },
) {
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

/** Changes an account's reference, logged on the method. */
export async function updateAccount(
  db: Db,
  request: FastifyRequest,
  methodId: number,
  entityId: number,
  reference: string | null | undefined,
  now: Date,
) {
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
export async function closeAccount(db: Db, request: FastifyRequest, methodId: number, entityId: number, now: Date) {
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
    .set({ contactId: null, userId, updatedAt: now })
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
