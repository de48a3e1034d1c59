import { and, eq, isNull, ne } from 'drizzle-orm';
import { Role } from '@platform/domain';
import type { Db } from '../../db/client';
import { pipelineDeals, pipelineStages, users } from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/sanitize';
import { liveDealCount, lockPipelines, placeDeal, removeDeal, type DealRow } from '../pipelines';
import { findLiveStage } from '../pipelines';
import { assertListed } from '../lookups';
import type { CreateDealInput, UpdateDealInput } from '@platform/domain';

export async function findLiveDeal(db: Db, id: number): Promise<DealRow | undefined> {
  const [row] = await db
    .select()
    .from(pipelineDeals)
    .where(and(eq(pipelineDeals.id, id), isNull(pipelineDeals.deletedAt)));
  return row;
}

/** A deal's owner is a member of staff with a live account. */
async function assertOwner(db: Db, ownerId: number | null | undefined) {
  if (ownerId == null) return;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), ne(users.roleId, Role.User), isNull(users.deletedAt)));
  if (!owner) throw validationError({ owner_id: ['Choose a member of staff as the owner.'] });
}

/** Input names → columns; rich text is sanitised here, once, whoever sent it. */
function dealColumns(input: Omit<UpdateDealInput, 'stage_id'>): Partial<typeof pipelineDeals.$inferInsert> {
  const rich = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : sanitizeRichText(value));
  return {
    companyName: input.company_name,
    ownerId: input.owner_id,
    source: input.source,
    amountSought: input.amount_sought,
    preMoneyValuation: input.pre_money_valuation,
    currency: input.currency,
    industry: input.industry,
    summary: input.summary,
    keyInformation: rich(input.key_information),
    keyDates: input.key_dates,
    performanceNotes: rich(input.performance_notes),
  };
}

/** Adds a deal at the end of its stage (the pipeline's first stage when none is given). */
export async function createDeal(tx: Db, input: CreateDealInput): Promise<DealRow> {
  await assertOwner(tx, input.owner_id);
  await assertListed(tx, 'industries', 'industry', input.industry);
  const { pipeline_id: pipelineId, stage_id: stageId, ...fields } = input;
  await lockPipelines(tx, [pipelineId]).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'not_found' ? validationError({ pipeline_id: ['Choose a pipeline.'] }) : error;
  });
  const [stage] = await tx
    .select()
    .from(pipelineStages)
    .where(
      and(
        eq(pipelineStages.pipelineId, pipelineId),
        isNull(pipelineStages.deletedAt),
        stageId === undefined ? undefined : eq(pipelineStages.id, stageId),
      ),
    )
    .orderBy(pipelineStages.position)
    .limit(1);
  if (!stage)
    throw validationError({
      stage_id: [stageId === undefined ? 'This pipeline has no stages yet: add one first.' : 'Choose a stage of this pipeline.'],
    });
  const position = await liveDealCount(tx, stage.id);
  const [deal] = await tx
    .insert(pipelineDeals)
    .values({ ...dealColumns(fields), companyName: fields.company_name, pipelineId, stageId: stage.id, position })
    .returning();
  return deal;
}

/**
 * Reads a deal, locks its pipeline and any others named (docs/decisions/0007), then reads it again:
 * its position may have changed while this request waited for the lock.
 */
async function lockDeal(tx: Db, dealId: number, otherPipelineIds: number[] = []): Promise<DealRow> {
  const seen = await findLiveDeal(tx, dealId);
  if (!seen) throw notFound('deal');
  await lockPipelines(tx, [seen.pipelineId, ...otherPipelineIds]);
  const deal = await findLiveDeal(tx, dealId);
  if (!deal) throw notFound('deal');
  // Only a move to another pipeline, committed while we waited, leaves the deal outside our locks.
  if (deal.pipelineId !== seen.pipelineId)
    throw new AppError('conflict', 'The deal was moved to another pipeline meanwhile. Reload and try again.');
  return deal;
}

/** Moves a deal to a place in a stage of any pipeline. */
export async function moveDeal(tx: Db, dealId: number, stageId: number, position: number | null, now: Date) {
  const seenTarget = await findLiveStage(tx, stageId);
  if (!seenTarget) throw validationError({ stage_id: ['Choose a stage.'] });
  const deal = await lockDeal(tx, dealId, [seenTarget.pipelineId]);
  const target = await findLiveStage(tx, stageId);
  if (!target) throw validationError({ stage_id: ['Choose a stage.'] });
  return { before: deal, after: await placeDeal(tx, deal, target, position, now) };
}

export async function updateDeal(tx: Db, deal: DealRow, input: UpdateDealInput, now: Date): Promise<DealRow> {
  await assertOwner(tx, input.owner_id);
  await assertListed(tx, 'industries', 'industry', input.industry, deal.industry);
  const { stage_id: stageId, ...fields } = input;
  if (stageId !== undefined && stageId !== deal.stageId) await moveDeal(tx, deal.id, stageId, null, now);
  const [updated] = await tx
    .update(pipelineDeals)
    .set({ ...dealColumns(fields), updatedAt: now })
    .where(eq(pipelineDeals.id, deal.id))
    .returning();
  return updated;
}

export async function deleteDeal(tx: Db, dealId: number, now: Date) {
  const deal = await lockDeal(tx, dealId);
  return { before: deal, after: await removeDeal(tx, deal, now) };
}
