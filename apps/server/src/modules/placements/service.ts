import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type createPlacementBody, INTERESTED_OPTIONS, type PlacementDemand, Role, type saveIntentBody } from '@platform/domain';
import type { Db } from '../../db/client';
import {
  clientGroupMembers,
  clientGroups,
  dealPlacementRecipients,
  dealPlacements,
  intents,
  intentTerms,
  pipelineDeals,
  users,
} from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/sanitize';
import { flagOn, loadSettings } from '../../shared/settings';
import { findLiveDeal } from '../deals';
import { openProjectOf } from '../insider-register';

export type PlacementRow = typeof dealPlacements.$inferSelect;
export type IntentRow = typeof intents.$inferSelect;

const interested = sql`${intents.option} in (${sql.join(
  INTERESTED_OPTIONS.map((o) => sql`${o}`),
  sql`, `,
)})`;

// ——— Placing ———

/** A live (not withdrawn) placement, locked for the rest of the transaction. */
export async function lockPlacement(tx: Db, id: number): Promise<PlacementRow> {
  const [row] = await tx
    .select()
    .from(dealPlacements)
    .where(and(eq(dealPlacements.id, id), isNull(dealPlacements.withdrawnAt)))
    .for('update');
  if (!row) throw notFound('placement');
  return row;
}

export async function findPlacement(db: Db, id: number): Promise<PlacementRow> {
  const [row] = await db.select().from(dealPlacements).where(eq(dealPlacements.id, id));
  if (!row) throw notFound('placement');
  return row;
}

/**
 * Places a live deal with investors. A deal whose insider project is open is placed as inside
 * information, which only the market-sounding flag allows; one live placement per deal.
 */
export async function createPlacement(tx: Db, input: z.output<typeof createPlacementBody>, placedBy: number) {
  const deal = await findLiveDeal(tx, input.deal_id);
  if (!deal) throw validationError({ deal_id: ['Choose a deal.'] });
  const insideInformation = Boolean(await openProjectOf(tx, { dealId: deal.id }));
  if (insideInformation && !flagOn(await loadSettings(tx), 'market_sounding_enabled'))
    throw validationError({
      deal_id: ['This deal holds inside information, and market sounding is switched off: it cannot be placed.'],
    });
  const [row] = await tx
    .insert(dealPlacements)
    .values({ dealId: deal.id, teaser: sanitizeRichText(input.teaser), insideInformation, placedBy })
    .onConflictDoNothing()
    .returning();
  if (!row) throw validationError({ deal_id: ['This deal is already placed: add investors to its placement instead.'] });
  const added = await addRecipients(tx, row.id, input.user_ids, input.client_group_ids);
  return { row, added };
}

/**
 * Adds investors chosen directly and the current members of client groups; answers the investors
 * newly reached. Staff and deleted accounts are refused by name, or skipped when a group holds them.
 */
export async function addRecipients(tx: Db, placementId: number, userIds: number[], groupIds: number[]): Promise<number[]> {
  const wanted = [...new Set(userIds)];
  const groups = [...new Set(groupIds)];
  if (wanted.length) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, wanted), eq(users.roleId, Role.User), isNull(users.deletedAt)));
    const known = new Set(found.map((u) => u.id));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length) throw validationError({ user_ids: [`Not investors: ${unknown.join(', ')}.`] });
  }
  if (groups.length) {
    const found = await tx
      .select({ id: clientGroups.id })
      .from(clientGroups)
      .where(and(inArray(clientGroups.id, groups), isNull(clientGroups.deletedAt)));
    const known = new Set(found.map((g) => g.id));
    const unknown = groups.filter((id) => !known.has(id));
    if (unknown.length) throw validationError({ client_group_ids: [`No such client groups: ${unknown.join(', ')}.`] });
  }
  const added: number[] = [];
  if (wanted.length) {
    const rows = await tx
      .insert(dealPlacementRecipients)
      .values(wanted.map((userId) => ({ placementId, userId })))
      .onConflictDoNothing()
      .returning({ userId: dealPlacementRecipients.userId });
    added.push(...rows.map((r) => r.userId));
  }
  if (groups.length) {
    const result = await tx.execute(sql`
      insert into ${dealPlacementRecipients} (placement_id, user_id, client_group_id)
      select distinct on (m.user_id) ${placementId}, m.user_id, m.group_id
      from ${clientGroupMembers} m join ${users} u on u.id = m.user_id
      where m.group_id in (${sql.join(
        groups.map((g) => sql`${g}`),
        sql`, `,
      )}) and u.role_id = ${Role.User} and u.deleted_at is null
      order by m.user_id, m.group_id
      on conflict do nothing
      returning user_id`);
    added.push(...(result as unknown as { rows: Array<{ user_id: number }> }).rows.map((r) => r.user_id));
  }
  return added;
}

export async function updateTeaser(tx: Db, id: number, teaser: string, now: Date) {
  const [row] = await tx
    .update(dealPlacements)
    .set({ teaser: sanitizeRichText(teaser), updatedAt: now })
    .where(eq(dealPlacements.id, id))
    .returning();
  return row;
}

/** Withdraws a placement: its investors no longer see it and their intents no longer count. */
export async function withdrawPlacement(tx: Db, id: number, by: number, now: Date) {
  const [row] = await tx
    .update(dealPlacements)
    .set({ withdrawnAt: now, withdrawnBy: by, updatedAt: now })
    .where(eq(dealPlacements.id, id))
    .returning();
  return row;
}

export function placementRows(db: Db, where: SQL | undefined) {
  return db
    .select({ placement: dealPlacements, companyName: pipelineDeals.companyName, currency: pipelineDeals.currency, placedBy: users.name })
    .from(dealPlacements)
    .innerJoin(pipelineDeals, eq(pipelineDeals.id, dealPlacements.dealId))
    .leftJoin(users, eq(users.id, dealPlacements.placedBy))
    .where(where)
    .orderBy(desc(dealPlacements.id));
}

/** Who a placement reached and what each answered. */
export function recipientRows(db: Db, placementId: number) {
  return db
    .select({
      recipient: dealPlacementRecipients,
      name: users.name,
      email: users.email,
      groupName: clientGroups.name,
      intent: intents,
      termsVersion: intentTerms.version,
    })
    .from(dealPlacementRecipients)
    .innerJoin(users, eq(users.id, dealPlacementRecipients.userId))
    .innerJoin(dealPlacements, eq(dealPlacements.id, dealPlacementRecipients.placementId))
    .leftJoin(clientGroups, eq(clientGroups.id, dealPlacementRecipients.clientGroupId))
    .leftJoin(intents, and(eq(intents.placementId, dealPlacements.id), eq(intents.userId, dealPlacementRecipients.userId)))
    .leftJoin(intentTerms, eq(intentTerms.id, intents.intentTermsId))
    .where(eq(dealPlacementRecipients.placementId, placementId))
    .orderBy(users.name, users.id);
}

// ——— Demand ———

/** Counts and indicative totals per option for each placement, in one aggregate query. */
export async function demandOf(db: Db, placementIds: number[]): Promise<Map<number, PlacementDemand>> {
  const demand = new Map<number, PlacementDemand>();
  if (!placementIds.length) return demand;
  const rows = await db
    .select({
      placementId: dealPlacementRecipients.placementId,
      option: intents.option,
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${intents.amount}), 0)::numeric(20,2)::text`,
    })
    .from(dealPlacementRecipients)
    .leftJoin(
      intents,
      and(eq(intents.placementId, dealPlacementRecipients.placementId), eq(intents.userId, dealPlacementRecipients.userId)),
    )
    .where(inArray(dealPlacementRecipients.placementId, placementIds))
    .groupBy(dealPlacementRecipients.placementId, intents.option);
  for (const id of placementIds) demand.set(id, { placed: 0, answered: 0, interested: 0, indicative_total: '0.00', by_option: [] });
  for (const row of rows) {
    const d = demand.get(row.placementId)!;
    d.placed += row.count;
    if (row.option === null) continue;
    d.answered += row.count;
    d.by_option.push({ option: row.option as PlacementDemand['by_option'][number]['option'], count: row.count, total: row.total });
    if ((INTERESTED_OPTIONS as readonly string[]).includes(row.option)) {
      d.interested += row.count;
      d.indicative_total = addMoney(d.indicative_total, row.total);
    }
  }
  return demand;
}

/** Exact decimal addition of two money strings (cents as BigInt). */
function addMoney(a: string, b: string): string {
  const cents = (s: string) => BigInt(s.replace('.', ''));
  const sum = (cents(a) + cents(b)).toString().padStart(3, '0');
  return `${sum.slice(0, -2)}.${sum.slice(-2)}`;
}

/** The board's demand per card: every live placement of a pipeline's deals, in one aggregate query. */
export async function pipelineDemand(db: Db, pipelineId: number) {
  return db
    .select({
      deal_id: dealPlacements.dealId,
      placement_id: dealPlacements.id,
      interested: sql<number>`count(${intents.id})::int`,
      indicative_total: sql<string>`coalesce(sum(${intents.amount}), 0)::numeric(20,2)::text`,
    })
    .from(dealPlacements)
    .innerJoin(pipelineDeals, eq(pipelineDeals.id, dealPlacements.dealId))
    .leftJoin(dealPlacementRecipients, eq(dealPlacementRecipients.placementId, dealPlacements.id))
    .leftJoin(intents, and(eq(intents.placementId, dealPlacements.id), eq(intents.userId, dealPlacementRecipients.userId), interested))
    .where(and(eq(pipelineDeals.pipelineId, pipelineId), isNull(pipelineDeals.deletedAt), isNull(dealPlacements.withdrawnAt)))
    .groupBy(dealPlacements.dealId, dealPlacements.id);
}

/** The investors who stated interest in a deal's live placement: invited when it launches. */
export async function interestedInvestorIds(tx: Db, dealId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: intents.userId })
    .from(intents)
    .innerJoin(dealPlacements, eq(dealPlacements.id, intents.placementId))
    .innerJoin(
      dealPlacementRecipients,
      and(eq(dealPlacementRecipients.placementId, dealPlacements.id), eq(dealPlacementRecipients.userId, intents.userId)),
    )
    .innerJoin(users, eq(users.id, intents.userId))
    .where(and(eq(intents.dealId, dealId), isNull(dealPlacements.withdrawnAt), interested, isNull(users.deletedAt)));
  return rows.map((r) => r.userId);
}

// ——— The investor's side ———

/** Placements made to this investor (directly or through a client group), live only. */
export function investorPlacementRows(db: Db, userId: number, placementId?: number) {
  return db
    .select({
      placement: dealPlacements,
      companyName: pipelineDeals.companyName,
      currency: pipelineDeals.currency,
      recipient: dealPlacementRecipients,
      intent: intents,
      termsVersion: intentTerms.version,
    })
    .from(dealPlacementRecipients)
    .innerJoin(dealPlacements, eq(dealPlacements.id, dealPlacementRecipients.placementId))
    .innerJoin(pipelineDeals, eq(pipelineDeals.id, dealPlacements.dealId))
    .leftJoin(intents, and(eq(intents.placementId, dealPlacements.id), eq(intents.userId, userId)))
    .leftJoin(intentTerms, eq(intentTerms.id, intents.intentTermsId))
    .where(
      and(
        eq(dealPlacementRecipients.userId, userId),
        isNull(dealPlacements.withdrawnAt),
        isNull(pipelineDeals.deletedAt),
        placementId === undefined ? undefined : eq(dealPlacements.id, placementId),
      ),
    )
    .orderBy(desc(dealPlacements.id));
}

export type InvestorPlacementRow = Awaited<ReturnType<typeof investorPlacementRows>>[number];

/** One placement of this investor's, or 404: a placement made to others is never revealed. */
export async function findInvestorPlacement(db: Db, userId: number, placementId: number): Promise<InvestorPlacementRow> {
  const [row] = await investorPlacementRows(db, userId, placementId);
  if (!row) throw notFound('placement');
  return row;
}

/** The investor accepts the market sounding of an inside-information placement; answers whether this was the first time. */
export async function acceptPlacementMarketSounding(tx: Db, recipientId: number, now: Date): Promise<boolean> {
  const updated = await tx
    .update(dealPlacementRecipients)
    .set({ marketSoundingAcceptedAt: now })
    .where(and(eq(dealPlacementRecipients.id, recipientId), isNull(dealPlacementRecipients.marketSoundingAcceptedAt)))
    .returning({ id: dealPlacementRecipients.id });
  return updated.length > 0;
}

// ——— Intent terms ———

export async function currentIntentTerms(db: Db) {
  const [row] = await db.select().from(intentTerms).orderBy(desc(intentTerms.version)).limit(1);
  return row;
}

/** Publishes the next version; two publishers at once: the loser answers 409 and publishes again. */
export async function publishIntentTerms(tx: Db, body: string, createdBy: number) {
  const current = await currentIntentTerms(tx);
  const [row] = await tx
    .insert(intentTerms)
    .values({ version: (current?.version ?? 0) + 1, body: sanitizeRichText(body), createdBy })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('conflict', 'Someone published a new version at the same time. Reload and try again.');
  return row;
}

// ——— Intents ———

/**
 * Records the investor's one current answer to a deal (insert or update, one statement under the
 * unique key). An interested answer must accept the current intent terms, exactly that version.
 */
export async function saveIntent(
  tx: Db,
  placement: InvestorPlacementRow,
  userId: number,
  input: z.output<typeof saveIntentBody>,
  now: Date,
): Promise<{ before: IntentRow | null; after: IntentRow }> {
  if (placement.placement.insideInformation && !placement.recipient.marketSoundingAcceptedAt)
    throw validationError({ placement_id: ['Accept the market sounding before answering.'] });
  const interestedAnswer = input.option !== 'not_interested';
  let termsId: number | null = null;
  if (interestedAnswer) {
    const terms = await currentIntentTerms(tx);
    if (!terms) throw validationError({ accept_terms: ['The intent terms are not published yet: staff will publish them shortly.'] });
    if (input.intent_terms_id !== terms.id) {
      const [given] = input.intent_terms_id ? await tx.select().from(intentTerms).where(eq(intentTerms.id, input.intent_terms_id)) : [];
      if (!given) throw validationError({ intent_terms_id: ['Accept the current intent terms.'] });
      throw new AppError(
        'conflict',
        `These terms (version ${given.version}) have been replaced by version ${terms.version}. Read the new terms and accept them.`,
      );
    }
    termsId = terms.id;
  }
  const [before] = await tx
    .select()
    .from(intents)
    .where(and(eq(intents.dealId, placement.placement.dealId), eq(intents.userId, userId)))
    .for('update');
  const values = {
    placementId: placement.placement.id,
    option: input.option,
    amount: interestedAnswer ? (input.amount ?? null) : null,
    intentTermsId: termsId,
    termsAcceptedAt: interestedAnswer ? now : null,
    updatedAt: now,
  };
  const [after] = await tx
    .insert(intents)
    .values({ ...values, dealId: placement.placement.dealId, userId, createdAt: now })
    .onConflictDoUpdate({ target: [intents.dealId, intents.userId], set: values })
    .returning();
  return { before: before ?? null, after };
}

export function intentRows(db: Db, where: SQL | undefined) {
  return db
    .select({ intent: intents, currency: pipelineDeals.currency, termsVersion: intentTerms.version })
    .from(intents)
    .innerJoin(pipelineDeals, eq(pipelineDeals.id, intents.dealId))
    .leftJoin(intentTerms, eq(intentTerms.id, intents.intentTermsId))
    .where(where)
    .orderBy(desc(intents.updatedAt), desc(intents.id));
}

export async function intentTermsRows(db: Db) {
  return db
    .select({
      terms: intentTerms,
      createdBy: users.name,
      acceptances: sql<number>`(select count(*)::int from ${intents} where ${intents.intentTermsId} = ${intentTerms.id})`,
    })
    .from(intentTerms)
    .leftJoin(users, eq(users.id, intentTerms.createdBy))
    .orderBy(desc(intentTerms.version));
}
