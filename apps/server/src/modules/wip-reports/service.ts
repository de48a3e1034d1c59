import Decimal from 'decimal.js';
import { and, asc, eq, exists, inArray, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  OPPORTUNITY_STATUS_LABELS,
  type OpportunityStatusId,
  OpportunityStatus,
  opportunityAdminPath,
  type WipGroup,
  type WipItem,
  type WipReport,
} from '@platform/domain';
import type { Db } from '../../db/client';
import {
  activityLog,
  callLogs,
  investmentOpportunities,
  notes,
  pipelineDeals,
  pipelineStages,
  pipelines,
  tasks,
  users,
} from '../../db/schema';

/** Opportunities still in progress: not yet closed (decision 0026). */
export const WIP_STATUSES: readonly OpportunityStatusId[] = [
  OpportunityStatus.Draft,
  OpportunityStatus.LiveExternal,
  OpportunityStatus.LiveInternal,
];

const DAY_MS = 24 * 60 * 60 * 1000;

export interface WipFilters {
  ownerId?: number;
  pipelineId?: number;
}

type SubjectType = 'pipeline_deal' | 'opportunity';

/** Whole days from `since` to `now`; never negative. */
export function daysBetween(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}

/**
 * The work in progress as at `now`: deals by pipeline stage (pipelines by name, stages in board
 * order), then open opportunities by status; in each group the longest waiting first. A deal that
 * was promoted to an opportunity appears once, as the opportunity (or not at all once that is closed).
 */
export async function loadWipReport(db: Db, filters: WipFilters, now: Date): Promise<WipReport> {
  const [deals, opportunities] = await Promise.all([loadDeals(db, filters), loadOpportunities(db, filters)]);
  const dealIds = deals.map((d) => d.id);
  const opportunityIds = opportunities.map((o) => o.id);
  const [dealEntered, opportunityEntered, dealTasks, opportunityTasks, dealActivity, opportunityActivity] = await Promise.all([
    stageEnteredAt(db, 'pipeline_deal', dealIds),
    stageEnteredAt(db, 'opportunity', opportunityIds),
    nextTasks(db, 'pipeline_deal', dealIds),
    nextTasks(db, 'opportunity', opportunityIds),
    lastActivity(db, 'pipeline_deal', dealIds),
    lastActivity(db, 'opportunity', opportunityIds),
  ]);

  const groups = new Map<string, WipGroup>();
  const groupFor = (key: string, make: () => Omit<WipGroup, 'count' | 'totals' | 'items'>) => {
    let group = groups.get(key);
    if (!group) {
      group = { ...make(), count: 0, totals: [], items: [] };
      groups.set(key, group);
    }
    return group;
  };
  const timing = (entered: Date) => ({ stage_entered_at: entered.toISOString(), days_in_stage: daysBetween(entered, now) });

  for (const d of deals) {
    const pipeline = { id: d.pipelineId, name: d.pipelineName };
    const group = groupFor(`stage-${d.stageId}`, () => ({ key: `stage-${d.stageId}`, kind: 'stage', label: d.stageName, pipeline }));
    group.items.push({
      kind: 'deal',
      id: d.id,
      name: d.companyName,
      company_name: d.companyName,
      pipeline,
      amount: d.amountSought,
      amount_kind: 'sought',
      currency: d.currency,
      owner: d.ownerId === null ? null : { id: d.ownerId, name: d.ownerName ?? '' },
      ...timing(dealEntered.get(d.id) ?? d.createdAt),
      next_task: dealTasks.get(d.id) ?? null,
      last_activity_at: dealActivity.get(d.id)?.toISOString() ?? null,
      admin_path: `/admin/investments/deals/${d.id}/performance`,
    });
  }
  for (const o of opportunities) {
    const status = o.status as OpportunityStatusId;
    const group = groupFor(`status-${status}`, () => ({
      key: `status-${status}`,
      kind: 'status',
      label: OPPORTUNITY_STATUS_LABELS[status],
      pipeline: null,
    }));
    group.items.push({
      kind: 'opportunity',
      id: o.id,
      name: o.name,
      company_name: o.companyName,
      pipeline: o.pipelineId === null ? null : { id: o.pipelineId, name: o.pipelineName ?? '' },
      amount: o.committedAmount,
      amount_kind: 'committed',
      currency: o.currency,
      owner: o.ownerId === null ? null : { id: o.ownerId, name: o.ownerName ?? '' },
      ...timing(opportunityEntered.get(o.id) ?? o.createdAt),
      next_task: opportunityTasks.get(o.id) ?? null,
      last_activity_at: opportunityActivity.get(o.id)?.toISOString() ?? null,
      admin_path: opportunityAdminPath(o.id, o.status),
    });
  }

  for (const group of groups.values()) {
    group.items.sort((a, b) => b.days_in_stage - a.days_in_stage || a.name.localeCompare(b.name) || a.id - b.id);
    group.count = group.items.length;
    group.totals = totalsByCurrency(group.items);
  }
  return { as_of: now.toISOString(), groups: [...groups.values()] };
}

function totalsByCurrency(items: WipItem[]) {
  const sums = new Map<string, Decimal>();
  for (const item of items) {
    if (item.amount === null) continue;
    sums.set(item.currency, (sums.get(item.currency) ?? new Decimal(0)).plus(item.amount));
  }
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount: amount.toFixed(2) }));
}

function loadDeals(db: Db, { ownerId, pipelineId }: WipFilters) {
  const promoted = db
    .select({ id: investmentOpportunities.id })
    .from(investmentOpportunities)
    .where(and(eq(investmentOpportunities.sourceDealId, pipelineDeals.id), isNull(investmentOpportunities.deletedAt)));
  return db
    .select({
      id: pipelineDeals.id,
      companyName: pipelineDeals.companyName,
      amountSought: pipelineDeals.amountSought,
      currency: pipelineDeals.currency,
      ownerId: pipelineDeals.ownerId,
      ownerName: users.name,
      createdAt: pipelineDeals.createdAt,
      pipelineId: pipelines.id,
      pipelineName: pipelines.name,
      stageId: pipelineStages.id,
      stageName: pipelineStages.name,
    })
    .from(pipelineDeals)
    .innerJoin(pipelines, eq(pipelines.id, pipelineDeals.pipelineId))
    .innerJoin(pipelineStages, eq(pipelineStages.id, pipelineDeals.stageId))
    .leftJoin(users, eq(users.id, pipelineDeals.ownerId))
    .where(
      and(
        isNull(pipelineDeals.deletedAt),
        isNull(pipelines.deletedAt),
        isNull(pipelineStages.deletedAt),
        sql`not ${exists(promoted)}`,
        ownerId === undefined ? undefined : eq(pipelineDeals.ownerId, ownerId),
        pipelineId === undefined ? undefined : eq(pipelineDeals.pipelineId, pipelineId),
      ),
    )
    .orderBy(asc(pipelines.name), asc(pipelines.id), asc(pipelineStages.position), asc(pipelineDeals.position));
}

function loadOpportunities(db: Db, { ownerId, pipelineId }: WipFilters) {
  const source = alias(pipelineDeals, 'source_deal');
  return db
    .select({
      id: investmentOpportunities.id,
      name: investmentOpportunities.name,
      companyName: investmentOpportunities.companyName,
      status: investmentOpportunities.status,
      committedAmount: investmentOpportunities.committedAmount,
      currency: investmentOpportunities.currency,
      createdAt: investmentOpportunities.createdAt,
      ownerId: source.ownerId,
      ownerName: users.name,
      pipelineId: pipelines.id,
      pipelineName: pipelines.name,
    })
    .from(investmentOpportunities)
    .leftJoin(source, eq(source.id, investmentOpportunities.sourceDealId))
    .leftJoin(pipelines, eq(pipelines.id, source.pipelineId))
    .leftJoin(users, eq(users.id, source.ownerId))
    .where(
      and(
        isNull(investmentOpportunities.deletedAt),
        inArray(investmentOpportunities.status, [...WIP_STATUSES]),
        ownerId === undefined ? undefined : eq(source.ownerId, ownerId),
        pipelineId === undefined ? undefined : eq(source.pipelineId, pipelineId),
      ),
    )
    .orderBy(asc(investmentOpportunities.status), asc(investmentOpportunities.name));
}

/**
 * When each record entered its current stage or status: its latest activity entry that created it
 * or changed its stage (a deal's move, or an edit that changed the stage) or status.
 */
async function stageEnteredAt(db: Db, subjectType: SubjectType, ids: number[]): Promise<Map<number, Date>> {
  if (!ids.length) return new Map();
  const changed: SQL | undefined =
    subjectType === 'pipeline_deal'
      ? and(
          inArray(activityLog.action, ['moved', 'updated']),
          sql`coalesce(${activityLog.before}->>'stage_id', ${activityLog.before}->>'stageId') is distinct from coalesce(${activityLog.after}->>'stage_id', ${activityLog.after}->>'stageId')`,
        )
      : eq(activityLog.action, 'status_changed');
  const rows = await db
    .select({ subjectId: activityLog.subjectId, at: max(activityLog.createdAt) })
    .from(activityLog)
    .where(
      and(
        eq(activityLog.subjectType, subjectType),
        inArray(activityLog.subjectId, ids.map(String)),
        or(eq(activityLog.action, 'created'), changed),
      ),
    )
    .groupBy(activityLog.subjectId);
  return new Map(rows.filter((r) => r.at).map((r) => [Number(r.subjectId), r.at as Date]));
}

/** Each record's next open task: the earliest due (undated last), then the oldest. */
async function nextTasks(db: Db, subjectType: SubjectType, ids: number[]) {
  const next = new Map<number, { id: number; title: string; due_date: string | null }>();
  if (!ids.length) return next;
  const rows = await db
    .select({ id: tasks.id, subjectId: tasks.subjectId, title: tasks.title, dueDate: tasks.dueDate })
    .from(tasks)
    .where(and(eq(tasks.subjectType, subjectType), inArray(tasks.subjectId, ids), eq(tasks.status, 'open'), isNull(tasks.deletedAt)))
    .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.id));
  for (const row of rows) if (!next.has(row.subjectId)) next.set(row.subjectId, { id: row.id, title: row.title, due_date: row.dueDate });
  return next;
}

/** The latest thing that happened to each record: a change in the activity log, a note, a call or a task. */
async function lastActivity(db: Db, subjectType: SubjectType, ids: number[]): Promise<Map<number, Date>> {
  const latest = new Map<number, Date>();
  if (!ids.length) return latest;
  const keep = (subjectId: number, at: Date | null) => {
    const current = latest.get(subjectId);
    if (at && (!current || at > current)) latest.set(subjectId, at);
  };
  const logged = await db
    .select({ subjectId: activityLog.subjectId, at: max(activityLog.createdAt) })
    .from(activityLog)
    .where(and(eq(activityLog.subjectType, subjectType), inArray(activityLog.subjectId, ids.map(String))))
    .groupBy(activityLog.subjectId);
  for (const row of logged) keep(Number(row.subjectId), row.at as Date | null);
  const records: Array<{ subjectType: PgColumn; subjectId: PgColumn; deletedAt: PgColumn; at: PgColumn }> = [
    { subjectType: notes.subjectType, subjectId: notes.subjectId, deletedAt: notes.deletedAt, at: notes.createdAt },
    { subjectType: callLogs.subjectType, subjectId: callLogs.subjectId, deletedAt: callLogs.deletedAt, at: callLogs.calledAt },
    { subjectType: tasks.subjectType, subjectId: tasks.subjectId, deletedAt: tasks.deletedAt, at: tasks.updatedAt },
  ];
  for (const r of records) {
    const rows = await db
      .select({ subjectId: r.subjectId, at: max(r.at) })
      .from(r.subjectId.table)
      .where(and(eq(r.subjectType, subjectType), inArray(r.subjectId, ids), isNull(r.deletedAt)))
      .groupBy(r.subjectId);
    for (const row of rows) keep(row.subjectId as number, row.at as Date | null);
  }
  return latest;
}
