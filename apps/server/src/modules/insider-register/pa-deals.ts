import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { createPaDealBody, executePaDealBody, PaDealStatus } from '@platform/domain';
import type { Db } from '../../db/client';
import {
  insiderCessations,
  insiderEntries,
  insiderProjectCleansings,
  insiderProjects,
  paDealRequests,
  paDealSteps,
  restrictedListEntries,
  restrictedListRemovals,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../../platform/session';
import { chainOf, lowerTrim } from './service';

export type PaDealRow = typeof paDealRequests.$inferSelect;
export type PaDealStepRow = typeof paDealSteps.$inferSelect;

/** Personal-account dealing: the restricted list staff deal against, and PA deal requests with their steps. */
/** Companies on the restricted list: manual entries not removed, and every uncleansed project's company. */
export async function restrictedCompanies(db: Db) {
  const adders = alias(users, 'adders');
  const manual = await db
    .select({ entry: restrictedListEntries, addedByName: adders.name })
    .from(restrictedListEntries)
    .leftJoin(restrictedListRemovals, eq(restrictedListRemovals.entryId, restrictedListEntries.id))
    .leftJoin(adders, eq(adders.id, restrictedListEntries.addedBy))
    .where(isNull(restrictedListRemovals.id))
    .orderBy(asc(restrictedListEntries.companyName));
  const projects = await db
    .select({ project: insiderProjects })
    .from(insiderProjects)
    .leftJoin(insiderProjectCleansings, eq(insiderProjectCleansings.projectId, insiderProjects.id))
    .where(isNull(insiderProjectCleansings.id))
    .orderBy(asc(insiderProjects.companyName));
  return { manual, projects: projects.map((p) => p.project) };
}

export async function addRestrictedCompany(db: Db, input: { company_name: string; reason: string }, addedBy: number, now: Date) {
  const [row] = await db
    .insert(restrictedListEntries)
    .values({ companyName: input.company_name, reason: input.reason, addedBy, addedAt: now })
    .returning();
  return row;
}

export async function removeRestrictedCompany(db: Db, id: number, reason: string, removedBy: number, now: Date) {
  const [entry] = await db.select().from(restrictedListEntries).where(eq(restrictedListEntries.id, id));
  if (!entry) throw notFound('restricted company');
  const [removal] = await db
    .insert(restrictedListRemovals)
    .values({ entryId: id, reason, removedBy, removedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!removal) throw new AppError('conflict', 'This company was already taken off the restricted list.');
  return removal;
}

/**
 * Why a person may not deal in a company, or null: they are a current insider of a project about
 * it, or it is on the restricted list (an open project about it, or a manual entry).
 */
export async function dealingRefusal(db: Db, userId: number, companyName: string): Promise<string | null> {
  const company = lowerTrim(companyName);
  const [insider] = await db
    .select({ project: insiderProjects.name })
    .from(insiderEntries)
    .innerJoin(insiderProjects, eq(insiderProjects.id, insiderEntries.projectId))
    .leftJoin(insiderCessations, eq(insiderCessations.entryId, chainOf(insiderEntries)))
    .where(
      and(eq(insiderEntries.userId, userId), isNull(insiderCessations.id), sql`lower(trim(${insiderProjects.companyName})) = ${company}`),
    )
    .limit(1);
  if (insider)
    return `Refused: you are an insider of ${insider.project}, a project about ${companyName.trim()}. You may not deal in it until the project is cleansed.`;
  const { manual, projects } = await restrictedCompanies(db);
  if (manual.some((m) => lowerTrim(m.entry.companyName) === company) || projects.some((p) => lowerTrim(p.companyName) === company))
    return `Refused: ${companyName.trim()} is on the restricted list. Nobody may deal in it while it is restricted.`;
  return null;
}

/** Records a request; a request the rules refuse is kept too, with the platform's refusal as its step. */
export async function requestPaDeal(
  tx: Db,
  input: z.output<typeof createPaDealBody>,
  requester: number,
  now: Date,
): Promise<{ request: PaDealRow; refusal: string | null }> {
  const refusal = await dealingRefusal(tx, requester, input.company_name);
  const [request] = await tx
    .insert(paDealRequests)
    .values({
      requesterId: requester,
      companyName: input.company_name,
      direction: input.direction,
      quantity: input.quantity,
      expectedPrice: input.expected_price,
      currency: input.currency ?? 'GBP',
      reason: input.reason,
      requestedAt: now,
    })
    .returning();
  await tx.insert(paDealSteps).values({ requestId: request.id, status: 'requested', actorId: requester, createdAt: now });
  if (refusal)
    await tx.insert(paDealSteps).values({ requestId: request.id, status: 'refused', actorId: null, reason: refusal, createdAt: now });
  return { request, refusal };
}

export async function findPaDeal(db: Db, id: number): Promise<PaDealRow> {
  const [row] = await db.select().from(paDealRequests).where(eq(paDealRequests.id, id));
  if (!row) throw notFound('PA deal');
  return row;
}

/** The state of a request is its latest step. */
export const latestStatus = sql<PaDealStatus>`(select s.status from pa_deal_steps s where s.request_id = ${paDealRequests.id} order by s.id desc limit 1)`;

async function statusOf(tx: Db, id: number): Promise<PaDealStatus> {
  const [row] = await tx
    .select({ status: paDealSteps.status })
    .from(paDealSteps)
    .where(eq(paDealSteps.requestId, id))
    .orderBy(sql`${paDealSteps.id} desc`)
    .limit(1);
  return row.status as PaDealStatus;
}

/** Compliance approves or refuses a request awaiting pre-clearance; never their own. */
export async function decidePaDeal(
  tx: Db,
  id: number,
  decision: { status: 'approved' | 'refused'; reason: string | null },
  actor: number,
  now: Date,
) {
  const [request] = await tx.select().from(paDealRequests).where(eq(paDealRequests.id, id)).for('update');
  if (!request) throw notFound('PA deal');
  if (request.requesterId === actor)
    throw new AppError('forbidden', 'You cannot decide on your own request; another compliance officer must.');
  const status = await statusOf(tx, id);
  if (status !== 'requested') throw new AppError('conflict', `This request is already ${status}.`);
  if (decision.status === 'approved') {
    const refusal = await dealingRefusal(tx, request.requesterId, request.companyName);
    if (refusal) throw new AppError('conflict', `It cannot be approved now. ${refusal.replace(/^Refused: you are/, 'The requester is')}`);
  }
  await tx.insert(paDealSteps).values({ requestId: id, status: decision.status, actorId: actor, reason: decision.reason, createdAt: now });
  return request;
}

/** The requester confirms an approved deal with what was dealt. */
export async function executePaDeal(
  tx: Db,
  id: number,
  input: z.output<typeof executePaDealBody>,
  actor: UserRow,
  mayAct: boolean,
  now: Date,
) {
  const [request] = await tx.select().from(paDealRequests).where(eq(paDealRequests.id, id)).for('update');
  if (!request) throw notFound('PA deal');
  if (request.requesterId !== actor.id && !mayAct) throw notFound('PA deal');
  const status = await statusOf(tx, id);
  if (status !== 'approved')
    throw new AppError('conflict', status === 'executed' ? 'This deal is already confirmed.' : 'Only an approved deal can be confirmed.');
  await tx.insert(paDealSteps).values({
    requestId: id,
    status: 'executed',
    actorId: actor.id,
    executedQuantity: input.executed_quantity,
    executedPrice: input.executed_price,
    executedOn: input.executed_on,
    createdAt: now,
  });
  return request;
}

export async function paDealStepsOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ step: paDealSteps, actorName: users.name })
    .from(paDealSteps)
    .leftJoin(users, eq(users.id, paDealSteps.actorId))
    .where(inArray(paDealSteps.requestId, ids))
    .orderBy(asc(paDealSteps.id));
}
