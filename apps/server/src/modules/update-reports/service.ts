import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type createUpdateReportBody, PublishState, type updateUpdateReportBody, type UpdateReportAudience } from '@platform/domain';
import type { Db } from '../../db/client';
import { recordTriggerEvent } from '../../shared/trigger-events';
import { reportTypes, updateReportClientGroups, updateReportRecipients, updateReports, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import { richTextForEmail, richTextToPlain, sanitizeRichText } from '../../platform/sanitize';
import { recordRichTextImages } from '../../shared/rich-text-images';
import { audienceErrors, audienceMembers } from '../../shared/investor-audience';
import { insertNotificationsFor, pushNotifications } from '../../shared/notifications';
import { loadTerminology } from '../../shared/settings';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../platform/html';

export type UpdateReportRow = typeof updateReports.$inferSelect;
type CreateInput = z.output<typeof createUpdateReportBody>;
type UpdateInput = z.output<typeof updateUpdateReportBody>;

export async function findReport(db: Db, id: number): Promise<UpdateReportRow | undefined> {
  const [row] = await db
    .select()
    .from(updateReports)
    .where(and(eq(updateReports.id, id), isNull(updateReports.deletedAt)));
  return row;
}

/** Reads and locks an update: edits and publishing of one update queue behind each other. */
async function lockReport(tx: Db, id: number): Promise<UpdateReportRow> {
  const [row] = await tx
    .select()
    .from(updateReports)
    .where(and(eq(updateReports.id, id), isNull(updateReports.deletedAt)))
    .for('update');
  if (!row) throw notFound('update');
  return row;
}

const notDraft = () => new AppError('conflict', 'This update has been published: it can no longer be changed.');

/** The state an update would have after a save, checked as a whole: the references exist and fit together. */
interface Draft {
  reportTypeId: number | null;
  reportSubTypeId: number | null;
  opportunityId: number | null;
  fundId: number | null;
  audience: UpdateReportAudience;
  groupIds: number[];
}

async function checkDraft(tx: Db, draft: Draft): Promise<void> {
  const errors: Record<string, string[]> = {};
  const typeIds = [draft.reportTypeId, draft.reportSubTypeId].filter((id): id is number => id !== null);
  const types = typeIds.length
    ? await tx
        .select()
        .from(reportTypes)
        .where(and(inArray(reportTypes.id, typeIds), isNull(reportTypes.deletedAt)))
    : [];
  const type = types.find((t) => t.id === draft.reportTypeId);
  if (draft.reportTypeId !== null && (!type || type.parentId !== null)) errors.report_type_id = ['Choose a report type.'];
  if (draft.reportSubTypeId !== null) {
    const sub = types.find((t) => t.id === draft.reportSubTypeId);
    if (!sub || sub.parentId !== draft.reportTypeId) errors.report_sub_type_id = ['Choose a sub-type of the report type.'];
  }
  Object.assign(errors, await audienceErrors(tx, draft, 'receive the update'));
  if (Object.keys(errors).length) throw validationError(errors);
}

function checkSchedule(publishAt: Date | null | undefined, now: Date) {
  if (publishAt && publishAt.getTime() <= now.getTime())
    throw validationError({ publish_at: ['Choose a time in the future, or publish now.'] });
}

async function setGroups(tx: Db, reportId: number, audience: UpdateReportAudience, groupIds: number[]) {
  await tx.delete(updateReportClientGroups).where(eq(updateReportClientGroups.updateReportId, reportId));
  const ids = audience === 'groups' ? [...new Set(groupIds)] : [];
  if (ids.length) await tx.insert(updateReportClientGroups).values(ids.map((groupId) => ({ updateReportId: reportId, groupId })));
}

export async function groupIdsOf(db: Db, reportId: number): Promise<number[]> {
  const rows = await db
    .select({ id: updateReportClientGroups.groupId })
    .from(updateReportClientGroups)
    .where(eq(updateReportClientGroups.updateReportId, reportId));
  return rows.map((r) => r.id);
}

export async function createReport(tx: Db, request: FastifyRequest, input: CreateInput, now: Date): Promise<UpdateReportRow> {
  const draft: Draft = {
    reportTypeId: input.report_type_id,
    reportSubTypeId: input.report_sub_type_id ?? null,
    opportunityId: input.opportunity_id ?? null,
    fundId: input.fund_id ?? null,
    audience: input.audience,
    groupIds: input.client_group_ids ?? [],
  };
  await checkDraft(tx, draft);
  checkSchedule(input.publish_at, now);
  const [row] = await tx
    .insert(updateReports)
    .values({
      title: input.title,
      reportTypeId: draft.reportTypeId,
      reportSubTypeId: draft.reportSubTypeId,
      body: sanitizeRichText(input.body),
      opportunityId: draft.opportunityId,
      fundId: draft.fundId,
      audience: draft.audience,
      publishAt: input.publish_at ?? null,
      createdBy: request.user?.id ?? null,
    })
    .returning();
  await setGroups(tx, row.id, draft.audience, draft.groupIds);
  await recordRichTextImages(tx, 'update_report', row.id, row.body);
  await recordActivity(tx, { request, action: 'created', subjectType: 'update_report', subjectId: row.id, after: row });
  return row;
}

export async function updateReport(tx: Db, request: FastifyRequest, id: number, input: UpdateInput, now: Date): Promise<UpdateReportRow> {
  const before = await lockReport(tx, id);
  if (before.status !== PublishState.Draft) throw notDraft();
  const pick = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
  const draft: Draft = {
    reportTypeId: pick(input.report_type_id, before.reportTypeId),
    reportSubTypeId: pick(input.report_sub_type_id, before.reportSubTypeId),
    opportunityId: pick(input.opportunity_id, before.opportunityId),
    fundId: pick(input.fund_id, before.fundId),
    audience: pick(input.audience, before.audience as UpdateReportAudience),
    groupIds: input.client_group_ids ?? (await groupIdsOf(tx, id)),
  };
  await checkDraft(tx, draft);
  if (input.publish_at !== undefined && input.publish_at?.getTime() !== before.publishAt?.getTime()) checkSchedule(input.publish_at, now);
  const [row] = await tx
    .update(updateReports)
    .set({
      title: input.title,
      reportTypeId: draft.reportTypeId,
      reportSubTypeId: draft.reportSubTypeId,
      body: input.body === undefined ? undefined : sanitizeRichText(input.body),
      opportunityId: draft.opportunityId,
      fundId: draft.fundId,
      audience: draft.audience,
      publishAt: input.publish_at,
      updatedAt: now,
    })
    .where(eq(updateReports.id, id))
    .returning();
  await setGroups(tx, id, draft.audience, draft.groupIds);
  if (input.body !== undefined) await recordRichTextImages(tx, 'update_report', id, row.body);
  await recordActivity(tx, { request, action: 'updated', subjectType: 'update_report', subjectId: id, before, after: row });
  return row;
}

/** Drafts only: a published update stays, as what investors were told. */
export async function deleteReport(tx: Db, request: FastifyRequest, id: number, now: Date): Promise<void> {
  const before = await lockReport(tx, id);
  if (before.status !== PublishState.Draft) throw notDraft();
  const [after] = await tx.update(updateReports).set({ deletedAt: now, updatedAt: now }).where(eq(updateReports.id, id)).returning();
  await recordActivity(tx, { request, action: 'deleted', subjectType: 'update_report', subjectId: id, before, after });
}

/** The investors an update is addressed to, as a query answering `user_id` (shared/investor-audience.ts). */
function audienceOf(report: UpdateReportRow): SQL {
  return audienceMembers({
    audience: report.audience as UpdateReportAudience,
    opportunityId: report.opportunityId,
    fundId: report.fundId,
    groupIds: sql`select g.group_id from ${updateReportClientGroups} g where g.update_report_id = ${report.id}`,
  });
}

/** Fixes who an update reached: its audience as it stands now becomes its recipients, in one statement. */
export async function addressRecipients(tx: Pick<Db, 'execute'>, report: UpdateReportRow): Promise<void> {
  await tx.execute(sql`
    insert into ${updateReportRecipients} (update_report_id, user_id)
    select ${report.id}, audience.user_id from (${audienceOf(report)}) as audience
    on conflict do nothing`);
}

/** Where the investor reads an update (notification and e-mail link). */
export const investorReportPath = (id: number) => `/investor/news/reports/${id}`;

/**
 * Publishes a locked draft inside the caller's transaction: its audience is fixed as recipients,
 * it goes live, and each recipient gets a notification and one e-mail — every step one statement
 * whatever the audience's size. Answers the stored notifications, to push once committed.
 */
async function publishLocked(
  ctx: Pick<AppContext, 'mailer' | 'config'>,
  tx: Db,
  report: UpdateReportRow,
  now: Date,
  request?: FastifyRequest,
) {
  await addressRecipients(tx, report);
  const [after] = await tx
    .update(updateReports)
    .set({ status: PublishState.Live, publishedAt: now, publishAt: null, updatedAt: now })
    .where(eq(updateReports.id, report.id))
    .returning();
  const recipients = sql`select r.user_id from ${updateReportRecipients} r where r.update_report_id = ${report.id}`;
  const path = investorReportPath(report.id);
  const stored = await insertNotificationsFor(tx, recipients, {
    message: `<p>A new update has been published: <strong>${escapeHtml(report.title)}</strong></p>`,
    icon: 'update_reports',
    cta: path,
  });
  const terms = await loadTerminology(tx);
  const product = terms.pageTitle;
  const heading = `New in ${terms.updateReports}`;
  const url = `${ctx.config.appUrl}${path}`;
  await ctx.mailer.enqueueToEach(
    tx,
    sql`select u.email as address from ${updateReportRecipients} r join ${users} u on u.id = r.user_id where r.update_report_id = ${report.id}`,
    {
      subject: `${heading}: ${report.title}`,
      text: [heading, '', report.title, '', richTextToPlain(report.body), '', `Read it online: ${url}`, '', `— ${product}`].join('\n'),
      html: `<p>${escapeHtml(heading)}</p><h1>${escapeHtml(report.title)}</h1>${richTextForEmail(report.body)}<p><a href="${escapeHtml(url)}">Read it online</a></p><p>— ${escapeHtml(product)}</p>`,
    },
  );
  await recordActivity(tx, {
    request,
    action: 'published',
    subjectType: 'update_report',
    subjectId: report.id,
    before: { status: report.status },
    after: { status: after.status, published_at: now.toISOString(), recipients: stored.length },
  });
  await recordTriggerEvent(
    tx,
    'update_report.published',
    { update_report_id: report.id, title: report.title, published_at: now.toISOString(), recipients: stored.length },
    now,
  );
  return { report: after, stored };
}

/** Publishes a draft now (staff's action); its notifications are pushed once it has committed. */
export async function publishReport(ctx: AppContext, request: FastifyRequest, id: number): Promise<UpdateReportRow> {
  const now = ctx.clock.now();
  const { report, stored } = await ctx.db.transaction(async (tx) => {
    const before = await lockReport(tx, id);
    if (before.status !== PublishState.Draft) throw new AppError('conflict', 'This update has already been published.');
    return publishLocked(ctx, tx, before, now, request);
  });
  ctx.background.run('pushing update notifications', () => pushNotifications(ctx.realtime, stored));
  return report;
}

/**
 * Publishes every scheduled draft whose time has come, one transaction each. A draft being
 * published elsewhere (another instance's tick, staff's button) is skipped, not waited for.
 */
export async function publishDueReports(ctx: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config' | 'realtime'>): Promise<number> {
  let published = 0;
  while (true) {
    const now = ctx.clock.now();
    const done = await ctx.db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(updateReports)
        .where(and(eq(updateReports.status, PublishState.Draft), isNull(updateReports.deletedAt), lte(updateReports.publishAt, now)))
        .orderBy(asc(updateReports.publishAt), asc(updateReports.id))
        .limit(1)
        .for('update', { skipLocked: true });
      return due ? publishLocked(ctx, tx, due, now) : null;
    });
    if (!done) return published;
    published += 1;
    await pushNotifications(ctx.realtime, done.stored);
  }
}
