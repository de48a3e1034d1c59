import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { cashCallReminders, mailOutbox } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { startSmtp } from '../../test/smtp';
import { sendDueCashCallReminders } from './reminders';

/** Reminders of unpaid cash calls (decision 0055): 3 days before, on and 7 days after the due day, each once. */
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
  return { id: row.id, email: investor.user.email, reference: row.paymentReference };
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
    expect(await stagesOf(call.id)).toEqual(['before_due']);
    await deliver();
    const mails = smtp.received.filter((m) => m.to.includes(call.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].raw).toContain('Subject: Reminder: payment for');
    expect(mails[0].raw).toContain('750.00 is still to pay on your investment');
    expect(mails[0].raw).toContain(`payment reference ${call.reference}`);

    await tickOn('2026-03-16');
    await tickOn('2026-03-22');
    expect(await stagesOf(call.id)).toEqual(['before_due', 'due']);
    await tickOn('2026-03-23');
    await tickOn('2026-04-30');
    expect(await stagesOf(call.id)).toEqual(['before_due', 'due', 'overdue']);
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
    expect(await stagesOf(late.id)).toEqual(['overdue']);
  });
});

describe('reminding by hand from the cash calls page', () => {
  it('sends a reminder now, lists what the call has had, and refuses a paid call or staff without the permission', async () => {
    const call = await issuedCall('800.00');
    await tickOn('2026-03-13');
    const sent = await admin.client.post(`/api/cash-calls/${call.id}/reminders`, {});
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.map((r: { stage: string }) => r.stage)).toEqual(['manual', 'before_due']);
    expect(sent.json().data[0]).toMatchObject({ stage_label: 'Sent by staff', sent_by: { id: admin.user.id } });
    const listed = await admin.client.get(`/api/cash-calls/${call.id}/reminders`);
    expect(listed.json().data[1]).toMatchObject({ stage: 'before_due', stage_label: '3 days before the due date', sent_by: null });
    await deliver();
    expect(smtp.received.filter((m) => m.to.includes(call.email))).toHaveLength(2);

    const manager = await signedIn(t, Role.InvestmentManager);
    expect((await manager.client.post(`/api/cash-calls/${call.id}/reminders`, {})).statusCode).toBe(403);
    expect((await manager.client.get(`/api/cash-calls/${call.id}/reminders`)).statusCode).toBe(403);
    await admin.client.post(`/api/cash-calls/${call.id}/payments`, { amount: '800.00', received_on: '2026-03-13' });
    const refused = await admin.client.post(`/api/cash-calls/${call.id}/reminders`, {});
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['status']);
  });
});
