import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  acceptKpiRequestBody,
  can,
  createKpiRequestBody,
  dataOf,
  idParams,
  KPI_FREQUENCY_LABELS,
  KPI_PERIOD_EXAMPLES,
  KPI_REQUEST_STATUSES,
  KPI_REQUESTS_LIST,
  type KpiRequestStatus,
  kpiFrequencyOfKey,
  kpiPeriodStart,
  kpiRequestFormSchema,
  kpiRequestSchema,
  kpiRequestTokenParams,
  listQuery,
  pageOf,
  rejectKpiRequestBody,
  submitKpiRequestBody,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentOpportunities, kpiRequestItems, kpiRequestLinks, kpiRequests, kpis, kpiValues, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { App, AppContext } from '../../platform/context';
import { AppError, validationError } from '../../platform/errors';
import { authorize, requireUser } from '../../platform/guards';
import { repeatWhileUp } from '../../platform/housekeeping';
import { containsFilter, idsFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { byIp } from '../../platform/rate-limit';
import {
  assertOpen,
  currentValues,
  enqueueRequestMail,
  findByToken,
  findRequest,
  issueLink,
  openRequestFor,
  presentForm,
  presentRequests,
  reminderSchedule,
  type RequestRow,
  requestLifetimeMs,
  sendDueReminders,
  statusCondition,
} from './request-service';
import { KPI_COMPANY_STATUSES } from './service';

const MINUTE = 60 * 1000;
/** Reminders are checked every quarter of an hour: a reminder goes out at most that late. */
const REMINDER_TICK_MS = 15 * MINUTE;

/**
 * KPI requests (decision 0026): staff with `kpis` create send, resend, cancel and review them;
 * `kpis` index reads them. The founder's form is public, reached only through a mailed link.
 */
export function registerKpiRequestRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const one = { 200: dataOf(kpiRequestSchema) };
  const presentOne = async (id: number) => ({ data: (await presentRequests(db, [await findRequest(db, id)], clock.now()))[0] });

  const REQUESTS_RESOURCE = listResource(KPI_REQUESTS_LIST, {
    filters: {
      status: (value) => {
        const statuses = value.split(',').map((v) => v.trim());
        const unknown = statuses.find((s) => !KPI_REQUEST_STATUSES.includes(s as KpiRequestStatus));
        if (unknown !== undefined) throw new AppError('bad_request', `filter[status] must be one of ${KPI_REQUEST_STATUSES.join(', ')}.`);
        const now = clock.now();
        const conditions = statuses.map((s) => statusCondition(s as KpiRequestStatus, now));
        return or(...conditions);
      },
      opportunity_id: idsFilter('opportunity_id', kpiRequests.opportunityId),
      search: containsFilter(investmentOpportunities.name),
    },
    sorts: { sent_at: kpiRequests.sentAt, expires_at: kpiRequests.expiresAt, company: investmentOpportunities.name },
    defaultSort: '-sent_at',
  });

  app.get(
    '/api/kpi-requests',
    {
      schema: { querystring: listQuery(KPI_REQUESTS_LIST), response: { 200: pageOf(kpiRequestSchema) } },
      onRequest: authorize('kpis', 'index'),
    },
    async (request) => {
      const query = parseListQuery(request.query, REQUESTS_RESOURCE);
      query.orderBy.push(desc(kpiRequests.id));
      const where = and(isNull(kpiRequests.deletedAt), query.where);
      const joined = <T extends ReturnType<Db['select']>>(select: T) =>
        select.from(kpiRequests).innerJoin(investmentOpportunities, eq(investmentOpportunities.id, kpiRequests.opportunityId)).where(where);
      return paginate(
        joined(db.select({ request: kpiRequests })).$dynamic(),
        joined(db.select({ total: count() })).$dynamic(),
        query,
        request,
        (rows: Array<{ request: typeof kpiRequests.$inferSelect }>) =>
          presentRequests(
            db,
            rows.map((r) => r.request),
            clock.now(),
          ),
      );
    },
  );

  app.get('/api/kpi-requests/:id', { schema: { params: idParams, response: one }, onRequest: authorize('kpis', 'index') }, (request) =>
    presentOne(request.params.id),
  );

  /** Sends a request: its KPIs must all be of the period's frequency, and the company an existing investment. */
  app.post(
    '/api/kpi-requests',
    { schema: { body: createKpiRequestBody, response: { 201: dataOf(kpiRequestSchema) } }, onRequest: authorize('kpis', 'create') },
    async (request, reply) => {
      const input = request.body;
      const now = clock.now();
      const frequency = kpiFrequencyOfKey(input.period);
      const periodStart = frequency ? kpiPeriodStart(frequency, input.period) : null;
      const [company] = await db
        .select({ id: investmentOpportunities.id, companyName: investmentOpportunities.companyName })
        .from(investmentOpportunities)
        .where(
          and(
            eq(investmentOpportunities.id, input.opportunity_id),
            isNull(investmentOpportunities.deletedAt),
            inArray(investmentOpportunities.status, KPI_COMPANY_STATUSES),
          ),
        );
      const chosen = await db
        .select({ id: kpis.id, name: kpis.name, frequency: kpis.frequency })
        .from(kpis)
        .where(and(inArray(kpis.id, input.kpi_ids), isNull(kpis.deletedAt)));
      const errors: Record<string, string[]> = {};
      if (!company) errors.opportunity_id = ['Choose an existing investment.'];
      if (!frequency || !periodStart)
        errors.period = [
          `Enter a period such as ${KPI_PERIOD_EXAMPLES.quarterly}, ${KPI_PERIOD_EXAMPLES.monthly} or ${KPI_PERIOD_EXAMPLES.annual}.`,
        ];
      const ids = [...new Set(input.kpi_ids)];
      if (chosen.length !== ids.length) errors.kpi_ids = ['Choose KPIs from the list.'];
      else if (frequency) {
        const other = chosen.find((k) => k.frequency !== frequency);
        if (other)
          errors.kpi_ids = [
            `${other.name} is reported ${KPI_FREQUENCY_LABELS[other.frequency].toLowerCase()}: ask for it in another request, with a period such as ${KPI_PERIOD_EXAMPLES[other.frequency]}.`,
          ];
      }
      if (Object.keys(errors).length || !frequency || !periodStart) throw validationError(errors);
      if (await openRequestFor(db, company.id, periodStart, frequency, now))
        throw validationError({ period: ['A request for this period is already waiting: resend or cancel it instead.'] });
      const id = await db.transaction(async (tx) => {
        const expiresAt = new Date(now.getTime() + requestLifetimeMs);
        const [created] = await tx
          .insert(kpiRequests)
          .values({
            opportunityId: company.id,
            frequency,
            periodStart,
            contactName: input.contact_name,
            contactEmail: input.contact_email,
            message: input.message ?? null,
            sentAt: now,
            expiresAt,
            nextReminderAt: reminderSchedule(now, expiresAt)[0] ?? null,
            createdBy: requireUser(request).id,
          })
          .returning();
        await tx.insert(kpiRequestItems).values(ids.map((kpiId) => ({ requestId: created.id, kpiId })));
        await recordActivity(tx, {
          request,
          action: 'kpi_request_sent',
          subjectType: 'opportunity',
          subjectId: company.id,
          after: { ...created, kpi_ids: ids },
        });
        await enqueueRequestMail(ctx, tx, {
          request: created,
          companyName: company.companyName,
          token: await issueLink(tx, created.id),
          kind: 'request',
        });
        return created.id;
      });
      return reply.status(201).send(await presentOne(id));
    },
  );

  /**
   * One step of a request's life, in a transaction: lock the request, let `change` check its status
   * and say what changes (doing any other writes the step needs), update it, log the step as
   * `action`. `then` runs on the updated request in the same transaction.
   */
  async function step(
    request: FastifyRequest,
    id: number,
    action: string,
    change: (tx: Db, before: RequestRow, now: Date) => Promise<Partial<RequestRow>> | Partial<RequestRow>,
    then?: (tx: Db, after: RequestRow) => Promise<void>,
  ) {
    await db.transaction(async (tx) => {
      const before = await findRequest(tx, id, true);
      const now = clock.now();
      const values = await change(tx, before, now);
      const [after] = await tx
        .update(kpiRequests)
        .set({ ...values, updatedAt: now })
        .where(eq(kpiRequests.id, before.id))
        .returning();
      await then?.(tx, after);
      await recordActivity(tx, { request, action, subjectType: 'opportunity', subjectId: before.opportunityId, before, after });
    });
    return presentOne(id);
  }

  /** A fresh link and a new 14 days, for a request that went unanswered, was returned or withdrawn; earlier links stop working. */
  app.post(
    '/api/kpi-requests/:id/resend',
    { schema: { params: idParams, response: one }, onRequest: authorize('kpis', 'create') },
    (request) =>
      step(
        request,
        request.params.id,
        'kpi_request_resent',
        (_tx, before, now) => {
          if (before.status === 'submitted') throw new AppError('conflict', 'The company has answered: accept or reject the answer first.');
          if (before.status === 'accepted') throw new AppError('conflict', 'This request is accepted: send a new one for another period.');
          const expiresAt = new Date(now.getTime() + requestLifetimeMs);
          return {
            status: 'sent',
            sentAt: now,
            expiresAt,
            remindersSent: 0,
            nextReminderAt: reminderSchedule(now, expiresAt)[0] ?? null,
            submittedAt: null,
            founderComment: null,
            cancelledAt: null,
            reviewedAt: null,
            reviewedBy: null,
          };
        },
        async (tx, after) => {
          await tx.update(kpiRequestItems).set({ submittedValue: null }).where(eq(kpiRequestItems.requestId, after.id));
          await tx.delete(kpiRequestLinks).where(eq(kpiRequestLinks.requestId, after.id));
          const [company] = await tx
            .select({ name: investmentOpportunities.companyName })
            .from(investmentOpportunities)
            .where(eq(investmentOpportunities.id, after.opportunityId));
          await enqueueRequestMail(ctx, tx, {
            request: after,
            companyName: company.name,
            token: await issueLink(tx, after.id),
            kind: 'request',
          });
        },
      ),
  );

  /** Withdraws a request not yet accepted or rejected: its links stop working. */
  app.post(
    '/api/kpi-requests/:id/cancel',
    { schema: { params: idParams, response: one }, onRequest: authorize('kpis', 'create') },
    (request) =>
      step(request, request.params.id, 'kpi_request_cancelled', (_tx, before, now) => {
        if (!['sent', 'submitted'].includes(before.status))
          throw new AppError('conflict', 'Only a request waiting for an answer or a review can be cancelled.');
        return { status: 'cancelled', cancelledAt: now, nextReminderAt: null };
      }),
  );

  /**
   * Accepts the founder's answer, or staff's corrections of it: the values are written to the KPI
   * values. Replacing a value already recorded is a correction, so it also needs `kpis` update.
   */
  app.post(
    '/api/kpi-requests/:id/accept',
    { schema: { params: idParams, body: acceptKpiRequestBody, response: one }, onRequest: authorize('kpis', 'create') },
    (request) => {
      const actor = requireUser(request);
      return step(request, request.params.id, 'kpi_request_accepted', async (tx, before, now) => {
        if (before.status !== 'submitted') throw new AppError('conflict', 'Only a submitted answer can be accepted.');
        const items = await tx.select().from(kpiRequestItems).where(eq(kpiRequestItems.requestId, before.id));
        const values = pickValues(items, request.body.values);
        const current = (await currentValues(tx, [before])).get(before.id) ?? new Map();
        const replacing = [...values].some(([kpiId, value]) => {
          const existing = current.get(kpiId);
          return existing && Number(existing.value) !== Number(value);
        });
        if (replacing && !can(actor.roleId, 'kpis', 'update'))
          throw new AppError('forbidden', 'Some of these values replace ones already recorded: ask an administrator to accept them.');
        for (const item of items) {
          const value = values.get(item.kpiId) ?? null;
          await tx.update(kpiRequestItems).set({ acceptedValue: value }).where(eq(kpiRequestItems.id, item.id));
          if (value === null) continue;
          const existing = current.get(item.kpiId);
          const note = `From KPI request #${before.id}`;
          const logged = { request, subjectType: 'opportunity', subjectId: before.opportunityId } as const;
          if (existing) {
            const [row] = await tx.update(kpiValues).set({ value, note, updatedAt: now }).where(eq(kpiValues.id, existing.id)).returning();
            await recordActivity(tx, { ...logged, action: 'kpi_value_changed', before: existing, after: row });
          } else {
            const [row] = await tx
              .insert(kpiValues)
              .values({
                kpiId: item.kpiId,
                opportunityId: before.opportunityId,
                periodStart: before.periodStart,
                value,
                note,
                createdBy: actor.id,
              })
              .returning();
            await recordActivity(tx, { ...logged, action: 'kpi_value_added', after: row });
          }
        }
        return { status: 'accepted', reviewedAt: now, reviewedBy: actor.id, rejectionReason: null };
      });
    },
  );

  /** Returns the answer with a reason; nothing is written to the KPI values. Resending asks again. */
  app.post(
    '/api/kpi-requests/:id/reject',
    { schema: { params: idParams, body: rejectKpiRequestBody, response: one }, onRequest: authorize('kpis', 'create') },
    (request) =>
      step(request, request.params.id, 'kpi_request_rejected', (_tx, before, now) => {
        if (before.status !== 'submitted') throw new AppError('conflict', 'Only a submitted answer can be rejected.');
        return { status: 'rejected', reviewedAt: now, reviewedBy: requireUser(request).id, rejectionReason: request.body.reason };
      }),
  );

  // ——— The founder's form: public, behind the link's token, rate-limited per address ———

  app.get(
    '/api/kpi-request-forms/:token',
    {
      schema: { params: kpiRequestTokenParams, response: { 200: dataOf(kpiRequestFormSchema) } },
      config: { rateLimit: { max: 60, timeWindow: 15 * MINUTE, keyGenerator: byIp } },
    },
    async (request) => ({ data: await presentForm(db, await findByToken(db, request.params.token), clock.now()) }),
  );

  app.post(
    '/api/kpi-request-forms/:token',
    {
      schema: { params: kpiRequestTokenParams, body: submitKpiRequestBody, response: { 200: dataOf(kpiRequestFormSchema) } },
      config: { rateLimit: { max: 20, timeWindow: 15 * MINUTE, keyGenerator: byIp } },
    },
    async (request) => {
      const now = clock.now();
      const submitted = await db.transaction(async (tx) => {
        const found = await findByToken(tx, request.params.token, true);
        const before = found.request;
        assertOpen(before, now);
        const items = await tx
          .select({ item: kpiRequestItems })
          .from(kpiRequestItems)
          .innerJoin(kpis, eq(kpis.id, kpiRequestItems.kpiId))
          .where(and(eq(kpiRequestItems.requestId, before.id), isNull(kpis.deletedAt)));
        const values = pickValues(
          items.map((i) => i.item),
          request.body.values,
        );
        for (const { item } of items)
          await tx
            .update(kpiRequestItems)
            .set({ submittedValue: values.get(item.kpiId) ?? null })
            .where(eq(kpiRequestItems.id, item.id));
        const [after] = await tx
          .update(kpiRequests)
          .set({
            status: 'submitted',
            submittedAt: now,
            founderComment: request.body.comment ?? null,
            nextReminderAt: null,
            updatedAt: now,
          })
          .where(eq(kpiRequests.id, before.id))
          .returning();
        await recordActivity(tx, {
          request,
          action: 'kpi_request_submitted',
          subjectType: 'opportunity',
          subjectId: before.opportunityId,
          before,
          after,
        });
        await notifySender(ctx, tx, after, found.companyName);
        return { ...found, request: after };
      });
      return { data: await presentForm(db, submitted, now) };
    },
  );

  repeatWhileUp(app, { everyMs: REMINDER_TICK_MS, label: 'sending KPI request reminders', atStart: true }, () => sendDueReminders(ctx));
}

/** The values sent for a request's KPIs, by KPI id; a KPI the request does not ask for is a field error. */
function pickValues(
  items: Array<{ kpiId: number; submittedValue: string | null }>,
  sent: Record<string, string> | undefined,
): Map<number, string> {
  const asked = new Set(items.map((i) => i.kpiId));
  if (!sent) return new Map(items.filter((i) => i.submittedValue !== null).map((i) => [i.kpiId, i.submittedValue as string]));
  const errors: Record<string, string[]> = {};
  const values = new Map<number, string>();
  for (const [key, value] of Object.entries(sent)) {
    if (!asked.has(Number(key))) errors[`values.${key}`] = ['This KPI is not part of the request.'];
    else if (value !== '') values.set(Number(key), value);
  }
  if (Object.keys(errors).length) throw validationError(errors);
  if (!values.size) throw validationError({ values: ['Enter at least one value.'] });
  return values;
}

/** Tells whoever sent the request that the answer is in, for review. */
async function notifySender(ctx: AppContext, tx: Db, request: typeof kpiRequests.$inferSelect, companyName: string) {
  if (!request.createdBy) return;
  const [sender] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, request.createdBy), isNull(users.deletedAt)));
  if (!sender) return;
  const url = `${ctx.config.appUrl}/admin/reports/kpis/requests?request=${request.id}`;
  await ctx.mailer.enqueue(
    {
      to: sender.email,
      subject: `${companyName} sent its KPIs`,
      text: [`${request.contactName} sent ${companyName}'s KPIs. Review them: ${url}`].join('\n'),
    },
    tx,
  );
}
