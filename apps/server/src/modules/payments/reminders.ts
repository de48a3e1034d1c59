import Decimal from 'decimal.js';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type CashCallReminder,
  type CashCallReminderSchedule,
  type CashCallReminderScheduleView,
  type CashCallReminderStage,
  describeReminderSchedule,
  formatCalendarDay,
  formatMoney,
  reminderStageLabel,
  reminderStageOffset,
  reminderStages,
  resolveTerminology,
} from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { cashCallReminders, investmentOpportunities, investments, settings, users } from '../../db/schema';
import { utcDate } from '../../platform/clock';
import { notFound, validationError } from '../../platform/errors';
import { plainMail } from '../../platform/mail';
import { insertNotificationsEach, pushNotifications } from '../../shared/notifications';
import { flagOn, loadSettings, SETTINGS_ID } from '../../shared/settings';
import { recordActivity } from '../../platform/activity';
import { escapeHtml } from '../../platform/html';

/** How often unpaid cash calls are looked at for a reminder that has fallen due. */
export const REMINDER_TICK_MS = 60 * 60 * 1000;
const BATCH = 200;

type Deps = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config' | 'realtime'>;
type Tx = Db;

/** Days after `day` (ISO), as an ISO date. */
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A stage's window on the due day: from its own offset until the next stage's (the last is open-ended). */
function stageWindow(stage: CashCallReminderStage, next: CashCallReminderStage | undefined, today: string) {
  // due_on + offset <= today  ⇔  due_on <= today - offset
  const from = sql`${investments.paymentDueOn} <= ${plusDays(today, -reminderStageOffset(stage))}::date`;
  const until = next ? sql`${investments.paymentDueOn} > ${plusDays(today, -reminderStageOffset(next))}::date` : undefined;
  return and(from, until);
}

/** The firm's reminder schedule as staff see it. */
export function presentReminderSchedule(schedule: CashCallReminderSchedule): CashCallReminderScheduleView {
  const sorted = (days: number[]) => [...days].sort((a, b) => a - b);
  return {
    days_before: sorted(schedule.days_before).reverse(),
    on_due_day: schedule.on_due_day,
    days_after: sorted(schedule.days_after),
    description: describeReminderSchedule(schedule),
  };
}

/** An open call with money still to pay. */
const unpaid = and(
  eq(investments.status, 'cash_call'),
  sql`${investments.deletedAt} is null`,
  sql`${investments.receivedAmount} < ${investments.amount}`,
);

/**
 * Writes the reminder of each call to its investor in `tx`: the e-mail through the mail queue and
 * an in-app notification linking to the payment instructions, all stored in one INSERT. Answers
 * the notifications, to push once `tx` has committed.
 */
async function writeReminders(ctx: Deps, tx: Tx, ids: number[]) {
  if (!ids.length) return [];
  const settings = await loadSettings(tx);
  const product = resolveTerminology(settings.navigation).pageTitle;
  const showReference = !flagOn(settings, 'hide_payment_reference');
  const calls = await tx
    .select({
      call: investments,
      email: users.email,
      name: users.name,
      opportunity: investmentOpportunities.name,
      slug: investmentOpportunities.slug,
    })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.userId))
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
    .where(inArray(investments.id, ids));
  const today = utcDate(ctx.clock.now());
  const notes = [];
  for (const { call, email, name, opportunity, slug } of calls) {
    const outstanding = formatMoney({ amount: new Decimal(call.amount).minus(call.receivedAmount).toFixed(2), currency: call.currency });
    const due = call.paymentDueOn ? formatCalendarDay(call.paymentDueOn) : null;
    const when = !due ? '' : call.paymentDueOn! < today ? ` It was due on ${due}.` : ` It is due on ${due}.`;
    const lines = [
      `Dear ${name},`,
      `${outstanding} is still to pay on your investment in ${opportunity}.${when}`,
      ...(showReference ? [`Please quote the payment reference ${call.paymentReference} with your bank transfer.`] : []),
      'If you have paid in the last few days, thank you: there is nothing more to do.',
    ];
    const instructions = `/investor/investments/${slug}`;
    const link = { label: 'Payment instructions', url: `${ctx.config.appUrl}${instructions}` };
    await ctx.mailer.enqueue(plainMail(email, `Reminder: payment for ${opportunity}`, lines, [link], product), tx);
    notes.push({
      userId: call.userId,
      message: `Reminder: ${outstanding} is still to pay on your investment in <strong>${escapeHtml(opportunity)}</strong>.${when}`,
      icon: 'cash_call_reminder' as const,
      cta: instructions,
    });
  }
  return insertNotificationsEach(tx, notes);
}

/**
 * Sends every reminder of the firm's schedule that has fallen due (decisions 0055, 0061): for each
 * stage, a batch of unpaid calls inside the stage's window gets its reminder row, e-mail and
 * notification in one transaction. The row is unique per call and stage
 * (`cash_call_reminders_stage_unique`) and the stage is named by its offset (`before:3`), so a
 * retried tick, a second instance or a changed schedule never sends a stage twice.
 */
export async function sendDueCashCallReminders(ctx: Deps): Promise<number> {
  const stages = reminderStages((await loadSettings(ctx.db)).cashCallReminderSchedule);
  let sent = 0;
  for (const [index, stage] of stages.entries()) {
    while (true) {
      const now = ctx.clock.now();
      const { reminded, notes } = await ctx.db.transaction(async (tx) => {
        const due = tx
          .select({ id: investments.id })
          .from(investments)
          .where(
            and(
              unpaid,
              stageWindow(stage, stages[index + 1], utcDate(now)),
              sql`not exists (select 1 from ${cashCallReminders} r where r.investment_id = ${investments.id} and r.stage = ${stage})`,
            ),
          )
          .orderBy(investments.id)
          .limit(BATCH);
        const { rows } = (await tx.execute(sql`
          insert into ${cashCallReminders} (investment_id, stage, sent_at)
          select id, ${stage}, ${now.toISOString()}::timestamptz from (${due}) as due
          on conflict (investment_id, stage) where stage <> 'manual' do nothing
          returning investment_id`)) as unknown as { rows: Array<{ investment_id: number }> };
        const notes = await writeReminders(
          ctx,
          tx,
          rows.map((r) => Number(r.investment_id)),
        );
        return { reminded: rows.length, notes };
      });
      await pushNotifications(ctx.realtime, notes);
      sent += reminded;
      if (reminded < BATCH) break;
    }
  }
  return sent;
}

/** Staff send a reminder of one unpaid call by hand, now. */
export async function sendReminderByHand(ctx: Deps, investmentId: number, staffId: number): Promise<void> {
  const notes = await ctx.db.transaction(async (tx) => {
    const [call] = await tx.select().from(investments).where(eq(investments.id, investmentId)).for('update');
    if (!call || call.deletedAt) throw notFound('cash call');
    if (call.status !== 'cash_call' || new Decimal(call.receivedAmount).gte(call.amount))
      throw validationError({ status: ['Only an open cash call with money still to pay can be reminded.'] });
    await tx.insert(cashCallReminders).values({ investmentId, stage: 'manual', sentAt: ctx.clock.now(), sentBy: staffId });
    return writeReminders(ctx, tx, [investmentId]);
  });
  await pushNotifications(ctx.realtime, notes);
}

/** The reminders a call has had, newest first, with who sent those sent by hand. */
export async function remindersOf(db: Db, investmentId: number): Promise<CashCallReminder[]> {
  const rows = await db
    .select({ reminder: cashCallReminders, sender: { id: users.id, name: users.name } })
    .from(cashCallReminders)
    .leftJoin(users, eq(users.id, cashCallReminders.sentBy))
    .where(eq(cashCallReminders.investmentId, investmentId))
    .orderBy(desc(cashCallReminders.sentAt), desc(cashCallReminders.id));
  return rows.map(({ reminder, sender }) => ({
    id: reminder.id,
    stage: reminder.stage,
    stage_label: reminderStageLabel(reminder.stage),
    sent_at: reminder.sentAt.toISOString(),
    sent_by: sender?.id ? sender : null,
  }));
}

/** Staff set when unpaid calls are reminded (decision 0061), in a transaction with its activity entry. */
export async function saveReminderSchedule(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  schedule: CashCallReminderSchedule,
  request: FastifyRequest,
): Promise<CashCallReminderScheduleView> {
  return ctx.db.transaction(async (tx) => {
    const before = (await loadSettings(tx)).cashCallReminderSchedule;
    await tx.update(settings).set({ cashCallReminderSchedule: schedule, updatedAt: ctx.clock.now() }).where(eq(settings.id, SETTINGS_ID));
    await recordActivity(tx, {
      request,
      action: 'updated',
      subjectType: 'settings',
      subjectId: SETTINGS_ID,
      before: { cash_call_reminder_schedule: before },
      after: { cash_call_reminder_schedule: schedule },
    });
    return presentReminderSchedule(schedule);
  });
}
