import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  OpportunityStatus,
  preEmptionEntitlements as entitlementsFor,
  resolvePreEmptionChoice,
  sharesOffered,
  type HolderType,
  type PreEmptionChoiceId,
} from '@platform/domain';
import type { Db } from '../../db/client';
import {
  investmentMethodEntities,
  investments,
  investmentMethods,
  nominees,
  organisations,
  preEmptionEntitlements,
  preEmptionRounds,
  users,
} from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { heldThroughName, loadCompanyHolders, sharesHeld } from '../performance';
import type { OpportunityRow } from '../../shared/opportunity-visibility';

export type RoundRow = typeof preEmptionRounds.$inferSelect;
export type EntitlementRow = typeof preEmptionEntitlements.$inferSelect;
export type EntitlementLine = EntitlementRow & { userName: string; heldThrough: string | null; chosenByName: string | null };

export interface NewRound {
  name: string;
  price_per_share: string;
  amount_available: string;
  deadline: string;
}

/**
 * Opens a round on a completed investment: fixes the whole shares offered and snapshots each
 * holder's pro-rata entitlement from the register as it stands (the record date). One open round
 * per company at a time, so holders never answer two offers of the same shares.
 */
export async function createRound(
  tx: Db,
  opportunity: OpportunityRow,
  input: NewRound,
  userId: number,
  today: string,
): Promise<{ round: RoundRow; userIds: number[] }> {
  if (opportunity.status !== OpportunityStatus.Completed)
    throw validationError({
      opportunity_id: ['Only a completed investment takes a pre-emption round: a matured one has no shares left to protect.'],
    });
  if (input.deadline < today) throw validationError({ deadline: ['The deadline must be today or later.'] });
  if (sharesOffered(input.amount_available, input.price_per_share).lt(1))
    throw validationError({ amount_available: ['The amount must buy at least one share at the price.'] });
  const [open] = await tx
    .select({ id: preEmptionRounds.id })
    .from(preEmptionRounds)
    .where(and(eq(preEmptionRounds.opportunityId, opportunity.id), eq(preEmptionRounds.isOpen, true), isNull(preEmptionRounds.deletedAt)))
    .for('update');
  if (open) throw validationError({ name: ['Another round is open on this investment: close it first.'] });
  const holders = await loadCompanyHolders(tx, opportunity.id);
  // Lines that have sold all their shares hold nothing to protect.
  const stakes = holders.map((h) => ({ key: h, shares: sharesHeld(h.flows).toFixed(6) })).filter((s) => Number(s.shares) > 0);
  if (!stakes.length) throw validationError({ opportunity_id: ['Nobody holds shares in this investment yet.'] });
  const [round] = await tx
    .insert(preEmptionRounds)
    .values({
      opportunityId: opportunity.id,
      name: input.name,
      pricePerShare: input.price_per_share,
      amountAvailable: input.amount_available,
      sharesOffered: sharesOffered(input.amount_available, input.price_per_share).toFixed(6),
      deadline: input.deadline,
      createdBy: userId,
    })
    .returning();
  await tx.insert(preEmptionEntitlements).values(
    entitlementsFor(stakes, input.amount_available, input.price_per_share).map((e) => ({
      roundId: round.id,
      userId: e.key.userId,
      holderType: e.key.holderType,
      organisationId: e.key.organisationId,
      investmentMethodEntityId: e.key.investmentMethodEntityId,
      nomineeId: e.key.nomineeId,
      sharesHeld: e.sharesHeld,
      entitledShares: e.entitledShares,
      entitledAmount: e.entitledAmount,
    })),
  );
  return { round, userIds: [...new Set(holders.map((h) => h.userId))] };
}

export async function findRound(db: Db, id: number): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(preEmptionRounds)
    .where(and(eq(preEmptionRounds.id, id), isNull(preEmptionRounds.deletedAt)));
  return row;
}

export async function listRounds(db: Db, opportunityId: number): Promise<RoundRow[]> {
  return db
    .select()
    .from(preEmptionRounds)
    .where(and(eq(preEmptionRounds.opportunityId, opportunityId), isNull(preEmptionRounds.deletedAt)))
    .orderBy(desc(preEmptionRounds.createdAt), desc(preEmptionRounds.id));
}

/** The entitlements of rounds, with who holds them and through what, in register order (by holder name). */
export async function loadEntitlements(db: Db, roundIds: number[]): Promise<EntitlementLine[]> {
  if (!roundIds.length) return [];
  const chooser = users;
  const rows = await db
    .select({
      entitlement: preEmptionEntitlements,
      userName: users.name,
      organisation: organisations.name,
      method: investmentMethods.name,
      methodReference: investmentMethodEntities.reference,
      nominee: nominees.name,
    })
    .from(preEmptionEntitlements)
    .innerJoin(users, eq(users.id, preEmptionEntitlements.userId))
    .leftJoin(organisations, eq(organisations.id, preEmptionEntitlements.organisationId))
    .leftJoin(investmentMethodEntities, eq(investmentMethodEntities.id, preEmptionEntitlements.investmentMethodEntityId))
    .leftJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investmentMethodId))
    .leftJoin(nominees, eq(nominees.id, preEmptionEntitlements.nomineeId))
    .where(inArray(preEmptionEntitlements.roundId, roundIds))
    .orderBy(asc(users.name), asc(preEmptionEntitlements.id));
  const chooserIds = [...new Set(rows.map((r) => r.entitlement.chosenBy).filter((id): id is number => id != null))];
  const choosers = chooserIds.length
    ? await db.select({ id: chooser.id, name: chooser.name }).from(chooser).where(inArray(chooser.id, chooserIds))
    : [];
  const nameOf = new Map(choosers.map((c) => [c.id, c.name]));
  return rows.map((r) => {
    return {
      ...r.entitlement,
      userName: r.userName,
      heldThrough: heldThroughName(r.entitlement.holderType as HolderType, r),
      chosenByName: r.entitlement.chosenBy == null ? null : (nameOf.get(r.entitlement.chosenBy) ?? null),
    };
  });
}

export async function lockRound(tx: Db, id: number): Promise<RoundRow> {
  const [row] = await tx
    .select()
    .from(preEmptionRounds)
    .where(and(eq(preEmptionRounds.id, id), isNull(preEmptionRounds.deletedAt)))
    .for('update');
  if (!row) throw notFound('pre-emption round');
  return row;
}

/**
 * Records a holder's choice on an entitlement (the round row is locked by the caller, so a choice
 * and the round's closing never cross). Returns the entitlement before and after.
 */
export async function recordChoice(
  tx: Db,
  round: RoundRow,
  entitlement: EntitlementRow,
  choice: PreEmptionChoiceId,
  requestedAmount: string | null | undefined,
  currency: string,
  chosenBy: number,
  now: Date,
): Promise<{ before: EntitlementRow; after: EntitlementRow }> {
  const resolved = resolvePreEmptionChoice(choice, entitlement, { pricePerShare: round.pricePerShare, currency }, requestedAmount);
  if (!resolved.ok) throw validationError({ [resolved.field]: [resolved.message] });
  const [after] = await tx
    .update(preEmptionEntitlements)
    .set({
      choice,
      requestedAmount: resolved.requestedAmount,
      requestedShares: resolved.requestedShares,
      chosenBy,
      chosenAt: now,
      updatedAt: now,
    })
    .where(eq(preEmptionEntitlements.id, entitlement.id))
    .returning();
  return { before: entitlement, after };
}

export async function findEntitlement(db: Db, id: number): Promise<EntitlementRow | undefined> {
  const [row] = await db.select().from(preEmptionEntitlements).where(eq(preEmptionEntitlements.id, id));
  return row;
}

/**
 * Renames, re-dates, closes or reopens a round under its lock; reopening is refused while another
 * round on the same investment is open.
 */
export async function updateRound(
  tx: Db,
  id: number,
  input: { name?: string; deadline?: string; is_open?: boolean },
  now: Date,
): Promise<{ before: RoundRow; after: RoundRow }> {
  const before = await lockRound(tx, id);
  if (input.is_open === true && !before.isOpen) {
    const [other] = await tx
      .select({ id: preEmptionRounds.id })
      .from(preEmptionRounds)
      .where(
        and(
          eq(preEmptionRounds.opportunityId, before.opportunityId),
          eq(preEmptionRounds.isOpen, true),
          isNull(preEmptionRounds.deletedAt),
        ),
      );
    if (other) throw validationError({ is_open: ['Another round is open on this investment: close it first.'] });
  }
  const [after] = await tx
    .update(preEmptionRounds)
    .set({ name: input.name, deadline: input.deadline, isOpen: input.is_open, updatedAt: now })
    .where(eq(preEmptionRounds.id, id))
    .returning();
  return { before, after };
}

/** Whether the investor holds the company in a way their portfolio shows (not only a staff-only record). */
export async function holdsVisibly(db: Db, userId: number, opportunityId: number): Promise<boolean> {
  const [held] = await db
    .select({ id: investments.id })
    .from(investments)
    .where(
      and(
        eq(investments.opportunityId, opportunityId),
        eq(investments.userId, userId),
        inArray(investments.status, ['paid', 'completed']),
        ne(investments.type, 'private_manual'),
        isNull(investments.deletedAt),
      ),
    )
    .limit(1);
  return Boolean(held);
}

/** Withdraws (soft-deletes) a round nobody has answered; an answered one must be closed instead. */
export async function withdrawRound(tx: Db, id: number, now: Date): Promise<{ before: RoundRow; after: RoundRow }> {
  const before = await lockRound(tx, id);
  const lines = await loadEntitlements(tx, [id]);
  if (lines.some((l) => l.chosenAt !== null))
    throw new AppError('conflict', 'Holders have answered this round: close it instead of deleting it.');
  const [after] = await tx.update(preEmptionRounds).set({ deletedAt: now, isOpen: false }).where(eq(preEmptionRounds.id, id)).returning();
  return { before, after };
}
