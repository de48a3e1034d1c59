import Decimal from 'decimal.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CASH_CALL_REMINDER_DAYS,
  CASH_CALL_REMINDER_LABELS,
  CASH_CALL_REMINDER_STAGES,
  type CashCallReminder,
  type CashCallReminderStage,
  formatCalendarDay,
  formatMoney,
  resolveTerminology,
} from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { cashCallReminders, investmentOpportunities, investments, users } from '../../db/schema';
import { utcDate } from '../../platform/clock';
import { notFound, validationError } from '../../platform/errors';
import { plainMail } from '../../platform/mail';
import { flagOn, loadSettings } from '../../shared/settings';

/** How often unpaid cash calls are looked at for a reminder that has fallen due. */
export const REMINDER_TICK_MS = 60 * 60 * 1000;
const BATCH = 200;

type Deps = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>;
type Tx = Db;

/** Days after `day` (ISO), as an ISO date. */
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Each stage's window on the due day: from its own offset until the next stage's (the last is open-ended). */
function stageWindow(stage: CashCallReminderStage, today: string) {
  const index = CASH_CALL_REMINDER_STAGES.indexOf(stage);
  const next = CASH_CALL_REMINDER_STAGES[index + 1];
  // due_on + offset <= today  ⇔  due_on <= today - offset
  const from = sql`${investments.paymentDueOn} <= ${plusDays(today, -CASH_CALL_REMINDER_DAYS[stage])}::date`;
  const until = next ? sql`${investments.paymentDueOn} > ${plusDays(today, -CASH_CALL_REMINDER_DAYS[next])}::date` : undefined;
  return and(from, until);
}

/** An open call with money still to pay. */
const unpaid = and(
  eq(investments.status, 'cash_call'),
  sql`${investments.deletedAt} is null`,
  sql`${investments.receivedAmount} < ${investments.amount}`,
);

/** Writes the reminder e-mail of each call to its investor, through the mail queue in `tx`. */
async function enqueueReminders(ctx: Deps, tx: Tx, ids: number[]): Promise<void> {
  if (!ids.length) return;
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
    const link = { label: 'Payment instructions', url: `${ctx.config.appUrl}/investor/investments/${slug}` };
    await ctx.mailer.enqueue(plainMail(email, `Reminder: payment for ${opportunity}`, lines, [link], product), tx);
  }
}

/**
 * Sends every scheduled reminder that has fallen due (decision 0055): for each stage, a batch of
 * unpaid calls inside the stage's window gets its reminder row and e-mail in one transaction. The
 * row is unique per call and stage (`cash_call_reminders_stage_unique`), so a retried tick or a
 * second instance inserts nothing and sends nothing: a stage is reminded once.
 */
export async function sendDueCashCallReminders(ctx: Deps): Promise<number> {
  let sent = 0;
  for (const stage of CASH_CALL_REMINDER_STAGES) {
    while (true) {
      const now = ctx.clock.now();
      const reminded = await ctx.db.transaction(async (tx) => {
        const due = tx
          .select({ id: investments.id })
          .from(investments)
          .where(
            and(
              unpaid,
              stageWindow(stage, utcDate(now)),
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
        await enqueueReminders(
          ctx,
          tx,
          rows.map((r) => Number(r.investment_id)),
        );
        return rows.length;
      });
      sent += reminded;
      if (reminded < BATCH) break;
    }
  }
  return sent;
}

/** Staff send a reminder of one unpaid call by hand, now. */
export async function sendReminderByHand(ctx: Deps, investmentId: number, staffId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [call] = await tx.select().from(investments).where(eq(investments.id, investmentId)).for('update');
    if (!call || call.deletedAt) throw notFound('cash call');
    if (call.status !== 'cash_call' || new Decimal(call.receivedAmount).gte(call.amount))
      throw validationError({ status: ['Only an open cash call with money still to pay can be reminded.'] });
    await tx.insert(cashCallReminders).values({ investmentId, stage: 'manual', sentAt: ctx.clock.now(), sentBy: staffId });
    await enqueueReminders(ctx, tx, [investmentId]);
  });
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
    stage: reminder.stage as CashCallReminder['stage'],
    stage_label: CASH_CALL_REMINDER_LABELS[reminder.stage as CashCallReminder['stage']],
    sent_at: reminder.sentAt.toISOString(),
    sent_by: sender?.id ? sender : null,
  }));
}
