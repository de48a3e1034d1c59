import { asc, count, eq, getTableColumns } from 'drizzle-orm';
import {
  CASH_CALLS_LIST,
  cashCallDueBody,
  cashCallReminderSchema,
  cashCallReminderScheduleBody,
  cashCallReminderScheduleSchema,
  cashCallTotalsSchema,
  dataOf,
  fileBody,
  idParams,
  INVESTMENT_INCLUDES,
  listQuery,
  pageOf,
  paymentSchema,
  paymentTotalsSchema,
  PAYMENTS_LIST,
  recordPaymentBody,
  staffInvestmentSchema,
  type Payment,
  type StaffInvestment,
} from '@platform/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import { investmentOpportunities, investments, payments } from '../../db/schema';
import { utcDate } from '../../platform/clock';
import { validationError } from '../../platform/errors';
import { exportFormat, sendExport } from '../../platform/export';
import { authorize, requireUser } from '../../platform/guards';
import { repeatWhileUp } from '../../platform/housekeeping';
import { paginate, parseListQuery } from '../../platform/list-query';
import { loadSettings } from '../../shared/settings';
import { parseIncludes } from '../../shared/user-presenter';
import { presentInvestmentsWith, recordPayment, setCashCallDue, type InvestmentRow } from '../investments';
import {
  presentReminderSchedule,
  REMINDER_TICK_MS,
  remindersOf,
  saveReminderSchedule,
  sendDueCashCallReminders,
  sendReminderByHand,
} from './reminders';
import { cashCallsExport, cashCallsExportResource, cashCallsResource, cashCallsWhere, cashCallTotals } from './cash-calls';
import {
  PAYMENTS_EXPORT_RESOURCE,
  PAYMENTS_RESOURCE,
  paymentsExport,
  paymentsWhere,
  paymentTotals,
  presentPayment,
  selectPayments,
  type PaymentListRow,
} from './ledger';

/**
 * Cash calls and the payments ledger for staff (decision 0050), behind the `cash_calls`
 * permission: every call across the book with its state and totals, recording money that arrived
 * (all or part), moving a call's due day, reminding its investor, and the ledger of every payment.
 */
export function registerCashCallRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const today = () => utcDate(clock.now());
  const oneCall = { 200: dataOf(staffInvestmentSchema) };

  app.get(
    '/api/cash-calls',
    {
      schema: { querystring: listQuery(CASH_CALLS_LIST), response: { 200: pageOf(staffInvestmentSchema) } },
      onRequest: authorize('cash_calls', 'index'),
    },
    async (request) => {
      const day = today();
      const query = parseListQuery(request.query, cashCallsResource(day));
      query.orderBy.push(asc(investments.id));
      const where = cashCallsWhere(query);
      const joined = <T extends ReturnType<typeof db.select>>(select: T) =>
        select.from(investments).innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId));
      return paginate<InvestmentRow, StaffInvestment>(
        joined(db.select(getTableColumns(investments)))
          .where(where)
          .$dynamic(),
        joined(db.select({ total: count() }))
          .where(where)
          .$dynamic(),
        query,
        request,
        (rows) => presentInvestmentsWith(db, rows, query.includes, day),
      );
    },
  );

  app.get(
    '/api/cash-calls/totals',
    {
      schema: { querystring: listQuery(CASH_CALLS_LIST), response: { 200: dataOf(cashCallTotalsSchema) } },
      onRequest: authorize('cash_calls', 'index'),
    },
    async (request) => ({ data: await cashCallTotals(db, parseListQuery(request.query, cashCallsResource(today()))) }),
  );

  app.get(
    '/api/cash-calls/export',
    {
      schema: { querystring: listQuery({ ...CASH_CALLS_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: authorize('cash_calls', 'index'),
    },
    async (request, reply) => {
      const day = today();
      const query = parseListQuery(request.query, cashCallsExportResource(day));
      return sendExport(request, reply, exportFormat(request.query), cashCallsExport(db, query, day));
    },
  );

  const presentCall = async (row: InvestmentRow) => ({
    data: (await presentInvestmentsWith(db, [row], parseIncludes('user,opportunity', INVESTMENT_INCLUDES), today()))[0],
  });

  app.post(
    '/api/cash-calls/:id/payments',
    {
      schema: { params: idParams, body: recordPaymentBody, response: { 201: dataOf(staffInvestmentSchema) } },
      onRequest: authorize('cash_calls', 'update'),
      config: { idempotent: true },
    },
    async (request, reply) => {
      const input = request.body;
      const now = clock.now();
      if (input.received_on > utcDate(now)) throw validationError({ received_on: ['The day received cannot be in the future.'] });
      const { after } = await db.transaction((tx) =>
        recordPayment(tx, {
          investmentId: request.params.id,
          amount: input.amount,
          method: input.method,
          receivedOn: input.received_on,
          note: input.note ?? null,
          recordedBy: requireUser(request).id,
          now,
          action: 'payment_recorded',
          request,
        }),
      );
      return reply.status(201).send(await presentCall(after));
    },
  );

  app.patch(
    '/api/cash-calls/:id',
    { schema: { params: idParams, body: cashCallDueBody, response: oneCall }, onRequest: authorize('cash_calls', 'update') },
    async (request) => {
      const row = await db.transaction((tx) => setCashCallDue(tx, request.params.id, request.body.payment_due_on, clock.now(), request));
      return presentCall(row);
    },
  );

  const schedule = { 200: dataOf(cashCallReminderScheduleSchema) };
  app.get(
    '/api/cash-calls/reminder-schedule',
    { schema: { response: schedule }, onRequest: authorize('cash_calls', 'index') },
    async () => ({
      data: presentReminderSchedule((await loadSettings(db)).cashCallReminderSchedule),
    }),
  );

  /** Staff set when unpaid calls are reminded (decision 0061). */
  app.patch(
    '/api/cash-calls/reminder-schedule',
    { schema: { body: cashCallReminderScheduleBody, response: schedule }, onRequest: authorize('cash_calls', 'update') },
    async (request) => ({ data: await saveReminderSchedule(ctx, request.body, request) }),
  );

  const reminders = { params: idParams, response: { 200: dataOf(z.array(cashCallReminderSchema)) } };
  app.get('/api/cash-calls/:id/reminders', { schema: reminders, onRequest: authorize('cash_calls', 'index') }, async (request) => ({
    data: await remindersOf(db, request.params.id),
  }));

  /** Staff remind the investor by hand, whatever the schedule has sent. */
  app.post(
    '/api/cash-calls/:id/reminders',
    {
      schema: { ...reminders, response: { 201: reminders.response[200] } },
      onRequest: authorize('cash_calls', 'update'),
      config: { idempotent: true },
    },
    async (request, reply) => {
      await sendReminderByHand(ctx, request.params.id, requireUser(request).id);
      return reply.status(201).send({ data: await remindersOf(db, request.params.id) });
    },
  );

  // Reminders on the firm's schedule (decisions 0055, 0061), sent by a tick on every instance.
  repeatWhileUp(app, { everyMs: REMINDER_TICK_MS, label: 'sending cash call reminders', atStart: true }, () =>
    sendDueCashCallReminders(ctx),
  );

  app.get(
    '/api/payments',
    {
      schema: { querystring: listQuery(PAYMENTS_LIST), response: { 200: pageOf(paymentSchema) } },
      onRequest: authorize('cash_calls', 'index'),
    },
    async (request) => {
      const query = parseListQuery(request.query, PAYMENTS_RESOURCE);
      query.orderBy.push(asc(payments.id));
      const where = paymentsWhere(query);
      return paginate<PaymentListRow, Payment>(
        selectPayments(db).where(where).$dynamic(),
        db.select({ total: count() }).from(payments).where(where).$dynamic(),
        query,
        request,
        (rows) => rows.map(presentPayment),
      );
    },
  );

  app.get(
    '/api/payments/totals',
    {
      schema: { querystring: listQuery(PAYMENTS_LIST), response: { 200: dataOf(paymentTotalsSchema) } },
      onRequest: authorize('cash_calls', 'index'),
    },
    async (request) => ({ data: await paymentTotals(db, parseListQuery(request.query, PAYMENTS_RESOURCE)) }),
  );

  app.get(
    '/api/payments/export',
    {
      schema: { querystring: listQuery({ ...PAYMENTS_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: authorize('cash_calls', 'index'),
    },
    async (request, reply) => {
      const query = parseListQuery(request.query, PAYMENTS_EXPORT_RESOURCE);
      return sendExport(request, reply, exportFormat(request.query), paymentsExport(db, query));
    },
  );
}
