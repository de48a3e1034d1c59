import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { cashCallReminders, mailOutbox, notifications } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { startSmtp } from '../../test/smtp';
import { sendDueCashCallReminders } from './reminders';

/** Reminders of unpaid cash calls (decisions 0055, 0061): on the firm's schedule (by default 3 days before, on and 7 days after the due day), each once. */
const START = new Date('2026-03-02T09:00:00Z');
const clock = fixedClock(START);
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Platform <no-reply@platform.test>' } });
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A call of `amount` issued on START, due 14 days later (2026-03-16). */
async function issuedCall(amount = '1000.00') {
  clock.set(START);
  const opportunity = await createOpportunityRow(t);
  const investor = await signedIn(t, Role.User, { name: 'Rita Reminded' });
  const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount });
  expect((await admin.client.post(`/api/investments/${row.id}/cash-call`, {})).statusCode).toBe(200);
  return {
    id: row.id,
    email: investor.user.email,
    reference: row.paymentReference,
    investorId: investor.user.id,
    investor: investor.client,
    slug: opportunity.slug,
  };
}
const stagesOf = async (id: number) =>
  (await t.db.select().from(cashCallReminders).where(eq(cashCallReminders.investmentId, id))).map((r) => r.stage).sort();
const tickOn = (day: string) => {
  clock.set(new Date(`${day}T08:00:00Z`));
  return sendDueCashCallReminders(t.ctx);
};
/** Mail is queued at the database's time; make what is queued due now and deliver it over SMTP. */
async function deliver() {
  await t.db.update(mailOutbox).set({ availableAt: new Date(0) });
  await t.ctx.mailer.flush();
}

describe('scheduled reminders of an unpaid cash call', () => {
  it('sends each stage once, on its day, to the investor, however often the tick runs', async () => {
    const call = await issuedCall();
    const part = await admin.client.post(`/api/cash-calls/${call.id}/payments`, { amount: '250.00', received_on: '2026-03-02' });
    expect(part.statusCode).toBe(201);
    await tickOn('2026-03-12');
    expect(await stagesOf(call.id)).toEqual([]);
    await tickOn('2026-03-13');
    await Promise.all([tickOn('2026-03-13'), tickOn('2026-03-13')]);
    expect(await stagesOf(call.id)).toEqual(['before:3']);
    await deliver();
    const mails = smtp.received.filter((m) => m.to.includes(call.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].raw).toContain('Subject: Reminder: payment for');
    expect(mails[0].raw).toContain('750.00 is still to pay on your investment');
    expect(mails[0].raw).toContain(`payment reference ${call.reference}`);

    await tickOn('2026-03-16');
    await tickOn('2026-03-22');
    expect(await stagesOf(call.id)).toEqual(['before:3', 'due']);
    await tickOn('2026-03-23');
    await tickOn('2026-04-30');
    expect(await stagesOf(call.id)).toEqual(['after:7', 'before:3', 'due']);
    await deliver();
    const all = smtp.received.filter((m) => m.to.includes(call.email));
    expect(all).toHaveLength(3);
    expect(all[2].raw).toContain('It was due on');
  });

  it('does not remind a paid call, nor send a stage late whose window passed while nothing ran', async () => {
    const paid = await issuedCall('500.00');
    await admin.client.post(`/api/cash-calls/${paid.id}/payments`, { amount: '500.00', received_on: '2026-03-02' });
    const late = await issuedCall('500.00');
    await tickOn('2026-03-24');
    expect(await stagesOf(paid.id)).toEqual([]);
    expect(await stagesOf(late.id)).toEqual(['after:7']);
  });
});

const notesOf = async (userId: number) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId)))
    .map((n) => n.data)
    .filter((n) => n.icon === 'cash_call_reminder');
const setSchedule = (body: unknown) => admin.client.patch('/api/cash-calls/reminder-schedule', body);

describe('the reminder schedule staff set', () => {
  it('is read and saved by staff with the cash calls permission, with the activity logged', async () => {
    const shown = await admin.client.get('/api/cash-calls/reminder-schedule');
    expect(shown.json().data).toEqual({
      days_before: [3],
      on_due_day: true,
      days_after: [7],
      description: '3 days before the due date, on the due date and 7 days after it',
    });
    const saved = await setSchedule({ days_before: [2, 10], on_due_day: false, days_after: [1, 5, 30] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ days_before: [10, 2], on_due_day: false, days_after: [1, 5, 30] });
    expect(saved.json().data.description).toBe('10 days, 2 days before the due date and 1 day, 5 days, 30 days after it');
    expect((await admin.client.get('/api/cash-calls/reminder-schedule')).json().data.days_after).toEqual([1, 5, 30]);
    const manager = await signedIn(t, Role.InvestmentManager);
    expect((await manager.client.get('/api/cash-calls/reminder-schedule')).statusCode).toBe(403);
    expect(
      (await manager.client.patch('/api/cash-calls/reminder-schedule', { days_before: [], on_due_day: true, days_after: [] })).statusCode,
    ).toBe(403);
    await setSchedule({ days_before: [3], on_due_day: true, days_after: [7] });
  });

  it('refuses days that are not whole, out of 1–90, repeated or more than three a side, naming the field', async () => {
    const refused = async (body: unknown) => {
      const res = await setSchedule(body);
      expect(res.statusCode).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect(Object.keys(await refused({ days_before: [1.5], on_due_day: true, days_after: [] }))).toEqual(['days_before.0']);
    expect(await refused({ days_before: [], on_due_day: true, days_after: [91] })).toEqual({
      'days_after.0': ['At most 90 days after the due date.'],
    });
    expect(Object.keys(await refused({ days_before: [0], on_due_day: true, days_after: [] }))).toEqual(['days_before.0']);
    expect(await refused({ days_before: [3, 3], on_due_day: true, days_after: [] })).toEqual({
      days_before: ['Each day before the due date once.'],
    });
    expect(await refused({ days_before: [], on_due_day: true, days_after: [1, 2, 3, 4] })).toEqual({
      days_after: ['At most 3 reminders after the due date.'],
    });
    expect(Object.keys(await refused({ days_before: [], days_after: [] }))).toEqual(['on_due_day']);
    expect((await admin.client.get('/api/cash-calls/reminder-schedule')).json().data.days_before).toEqual([3]);
  });

  it('sends per the custom schedule, once a stage, with an in-app notification linking to the payment instructions', async () => {
    await setSchedule({ days_before: [5], on_due_day: false, days_after: [1, 10] });
    try {
      const call = await issuedCall('600.00');
      await tickOn('2026-03-10');
      expect(await stagesOf(call.id)).toEqual([]);
      await tickOn('2026-03-11');
      await Promise.all([tickOn('2026-03-11'), tickOn('2026-03-12')]);
      expect(await stagesOf(call.id)).toEqual(['before:5']);
      await tickOn('2026-03-16');
      expect(await stagesOf(call.id)).toEqual(['before:5']);
      await tickOn('2026-03-17');
      await tickOn('2026-03-25');
      expect(await stagesOf(call.id)).toEqual(['after:1', 'before:5']);
      await tickOn('2026-03-26');
      await tickOn('2026-03-27');
      expect(await stagesOf(call.id)).toEqual(['after:1', 'after:10', 'before:5']);
      const notes = await notesOf(call.investorId);
      expect(notes).toHaveLength(3);
      expect(notes[0]).toMatchObject({ icon: 'cash_call_reminder', cta: `/investor/investments/${call.slug}` });
      expect(notes[0].message).toContain('600.00 is still to pay on your investment in <strong>');
      const bell = await call.investor.get('/api/notifications/user');
      expect(bell.json().data.filter((n: { data: { icon: string } }) => n.data.icon === 'cash_call_reminder')).toHaveLength(3);
    } finally {
      await setSchedule({ days_before: [3], on_due_day: true, days_after: [7] });
    }
  });

  it('never resends a stage already sent when the schedule changes', async () => {
    const call = await issuedCall('700.00');
    await tickOn('2026-03-13');
    expect(await stagesOf(call.id)).toEqual(['before:3']);
    await setSchedule({ days_before: [3, 1], on_due_day: true, days_after: [7] });
    try {
      await tickOn('2026-03-13');
      expect(await stagesOf(call.id)).toEqual(['before:3']);
      await tickOn('2026-03-15');
      await tickOn('2026-03-15');
      expect(await stagesOf(call.id)).toEqual(['before:1', 'before:3']);
      await setSchedule({ days_before: [3], on_due_day: false, days_after: [] });
      await tickOn('2026-03-16');
      expect(await stagesOf(call.id)).toEqual(['before:1', 'before:3']);
      expect(await notesOf(call.investorId)).toHaveLength(2);
    } finally {
      await setSchedule({ days_before: [3], on_due_day: true, days_after: [7] });
    }
  });
});

describe('reminding by hand from the cash calls page', () => {
  it('sends a reminder now, lists what the call has had, and refuses a paid call or staff without the permission', async () => {
    const call = await issuedCall('800.00');
    await tickOn('2026-03-13');
    const sent = await admin.client.post(`/api/cash-calls/${call.id}/reminders`, {});
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.map((r: { stage: string }) => r.stage)).toEqual(['manual', 'before:3']);
    expect(sent.json().data[0]).toMatchObject({ stage_label: 'Sent by staff', sent_by: { id: admin.user.id } });
    const listed = await admin.client.get(`/api/cash-calls/${call.id}/reminders`);
    expect(listed.json().data[1]).toMatchObject({ stage: 'before:3', stage_label: '3 days before the due date', sent_by: null });
    await deliver();
    expect(smtp.received.filter((m) => m.to.includes(call.email))).toHaveLength(2);
    expect(await notesOf(call.investorId)).toHaveLength(2);

    const manager = await signedIn(t, Role.InvestmentManager);
    expect((await manager.client.post(`/api/cash-calls/${call.id}/reminders`, {})).statusCode).toBe(403);
    expect((await manager.client.get(`/api/cash-calls/${call.id}/reminders`)).statusCode).toBe(403);
    await admin.client.post(`/api/cash-calls/${call.id}/payments`, { amount: '800.00', received_on: '2026-03-13' });
    const refused = await admin.client.post(`/api/cash-calls/${call.id}/reminders`, {});
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['status']);
  });
});
