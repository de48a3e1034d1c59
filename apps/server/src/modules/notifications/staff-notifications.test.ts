import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { can, OPPORTUNITY_PERMISSION_EVENT, Role, ROLE_IDS, type RoleId } from '@platform/domain';
import { notificationDigests, notifications, settings } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow, setFlags } from '../../test/opportunities';
import { startSmtp } from '../../test/smtp';
import { uploadForm } from '../../test/uploads';
import { sendDueDigests } from './staff';

const HOUR = 60 * 60 * 1000;
// 08:00 UTC, past the digest hour; after the real date, so queued mail (stamped by the database) is due.
const clock = fixedClock(new Date('2030-06-10T08:00:00Z'));
const STAFF_ROLES = ROLE_IDS.filter((r) => r !== Role.User);

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
type Signed = Awaited<ReturnType<typeof signedIn>>;
/** One signed-in member of staff of every staff role. */
let staff: Array<Signed & { roleId: RoleId }>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Platform <no-reply@platform.test>' } });
  staff = [];
  for (const roleId of STAFF_ROLES) staff.push({ ...(await signedIn(t, roleId)), roleId });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() =>
  setFlags(t, {
    investment_terms_enabled: false,
    market_sounding_enabled: false,
    compliance_test_enabled: false,
    compliance_test_requires_categorisation_approval: true,
  }),
);

/** The staff among ours who got a notification whose message contains `text`, by role. */
async function rolesNotified(text: string): Promise<RoleId[]> {
  const rows = await t.db
    .select({ userId: notifications.userId, data: notifications.data })
    .from(notifications)
    .where(
      inArray(
        notifications.userId,
        staff.map((s) => s.user.id),
      ),
    );
  const ids = new Set(rows.filter((r) => r.data.message.includes(text)).map((r) => r.userId));
  return staff.filter((s) => ids.has(s.user.id)).map((s) => s.roleId);
}

const bellOf = async (s: Signed) =>
  (await s.client.get('/api/notifications/admin/unread')).json().data as Array<{ data: { message: string } }>;

describe('POST /api/my/investments/:id/payment-sent ("I\'ve paid")', () => {
  it('answers 401 logged out, 403 to staff, 404 for another investor’s investment', async () => {
    const owner = await signedIn(t, Role.User);
    const other = await signedIn(t, Role.User);
    const opportunity = await createOpportunityRow(t);
    const theirs = await createInvestmentRow(t, {
      opportunityId: opportunity.id,
      userId: owner.user.id,
      amount: '2000.00',
      status: 'cash_call',
    });
    const url = `/api/my/investments/${theirs.id}/payment-sent`;
    expect((await agent(t.app).post(url, {})).statusCode).toBe(401);
    expect((await staff[0].client.post(url, {})).statusCode).toBe(403);
    expect((await other.client.post(url, {})).statusCode).toBe(404);
    expect((await other.client.post('/api/my/investments/999999/payment-sent', {})).statusCode).toBe(404);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.kind, 'payment_sent')).limit(1);
    expect(row?.data.message ?? '').not.toContain(theirs.paymentReference);
  });

  it('checks its fields and refuses what is not waiting for payment', async () => {
    const investor = await signedIn(t, Role.User);
    const opportunity = await createOpportunityRow(t);
    const cashCall = await createInvestmentRow(t, {
      opportunityId: opportunity.id,
      userId: investor.user.id,
      amount: '2000.00',
      status: 'cash_call',
    });
    const url = `/api/my/investments/${cashCall.id}/payment-sent`;
    const bad = await investor.client.post(url, { paid_on: '2026-02-30', amount: '12.345', note: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'note', 'paid_on']);
    const future = await investor.client.post(url, { paid_on: '2030-06-11' });
    expect(future.json().errors).toEqual({ paid_on: ['The date cannot be in the future.'] });
    const paid = await createInvestmentRow(t, {
      opportunityId: opportunity.id,
      userId: investor.user.id,
      amount: '1000.00',
      status: 'paid',
    });
    const refused = await investor.client.post(`/api/my/investments/${paid.id}/payment-sent`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.status[0]).toMatch(/waiting for payment/);
  });

  it('records the payment once, tells the staff who may act on it, and shows both sides where it stands', async () => {
    const investor = await signedIn(t, Role.User, { name: 'Pat Payer' });
    const opportunity = await createOpportunityRow(t, { name: 'Paid Co Seed' });
    const investment = await createInvestmentRow(t, {
      opportunityId: opportunity.id,
      userId: investor.user.id,
      amount: '2500.00',
      status: 'cash_call',
    });
    const url = `/api/my/investments/${investment.id}/payment-sent`;
    const first = await investor.client.post(url, { paid_on: '2030-06-09', amount: '2500.00', note: 'Sent from Barclays' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      status: 'cash_call',
      status_label: 'Payment sent — awaiting confirmation',
      payment_sent: { at: '2030-06-10T08:00:00.000Z', on: '2030-06-09', amount: '2500.00', note: 'Sent from Barclays' },
    });
    clock.advance(60_000);
    const again = await investor.client.post(url, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().data.payment_sent).toEqual(first.json().data.payment_sent);

    const expected = STAFF_ROLES.filter((r) => can(r, OPPORTUNITY_PERMISSION_EVENT(opportunity.status), 'update'));
    expect(expected).toContain(Role.Custodian);
    expect(expected).not.toContain(Role.Adviser);
    expect(await rolesNotified(investment.paymentReference)).toEqual(expected);
    const custodian = staff.find((s) => s.roleId === Role.Custodian)!;
    const rings = (await bellOf(custodian)).filter((n) => n.data.message.includes(investment.paymentReference));
    expect(rings).toHaveLength(1);
    expect(rings[0].data.message).toContain('<strong>Pat Payer</strong> says they have paid <strong>£2,500.00</strong>');

    const seen = await staff[0].client.get(`/api/investments/${investment.id}`);
    expect(seen.json().data.payment_sent).toMatchObject({ on: '2030-06-09', amount: '2500.00', note: 'Sent from Barclays' });
    const mine = (await investor.client.get(`/api/my/investments/${investment.id}`)).json().data;
    expect(mine).toMatchObject({ status_label: 'Payment sent — awaiting confirmation', payment_due_on: null });
  });
});

describe('staff notifications go to the roles that may act on them, and to no others', () => {
  it('a new reservation', async () => {
    const investor = await signedIn(t, Role.User, { name: 'Rhea Reserver' });
    const opportunity = await createOpportunityRow(t, { name: 'Reserved Co Seed' });
    const reserved = await investor.client.post('/api/investments/investor', { opportunity_id: opportunity.id, amount: '3000.00' });
    expect(reserved.statusCode).toBe(201);
    const expected = STAFF_ROLES.filter((r) => can(r, 'live_opportunities', 'update'));
    expect(await rolesNotified('Reserved Co Seed')).toEqual(expected);
    expect(expected).not.toContain(Role.InvestmentManager);
  });

  it('a document an investor uploads', async () => {
    const investor = await signedIn(t, Role.User, { name: 'Dora Documents' });
    const upload = uploadForm({ name: 'Dora passport' }, { data: '%PDF-1.4\n%%EOF\n', filename: 'passport.pdf', type: 'application/pdf' });
    expect((await investor.client.post('/api/my/identity-documents', upload)).statusCode).toBe(201);
    const expected = STAFF_ROLES.filter((r) => can(r, 'investors', 'update'));
    expect(expected).toContain(Role.Adviser);
    expect(expected).not.toContain(Role.Custodian);
    expect(await rolesNotified('Dora passport')).toEqual(expected);
  });

  it('a category declaration awaiting approval, and none when no approval is asked', async () => {
    const declaration = { statement: 'I make this statement…', accepted: true };
    const waiting = await createUser(t.ctx, { roleId: Role.User, name: 'Cato Category' }, { gates: 'new' });
    const client = agent(t.app);
    await client.login(waiting.email);
    expect((await client.post('/api/my/categorisation', { category: 'high_net_worth', declaration })).statusCode).toBe(201);
    const expected = STAFF_ROLES.filter((r) => can(r, 'investor_category', 'update'));
    expect(expected).toContain(Role.InvestmentManager);
    expect(await rolesNotified('Cato Category')).toEqual(expected);

    await setFlags(t, { compliance_test_requires_categorisation_approval: false });
    const approved = await createUser(t.ctx, { roleId: Role.User, name: 'Abe Approved' }, { gates: 'new' });
    const second = agent(t.app);
    await second.login(approved.email);
    expect((await second.post('/api/my/categorisation', { category: 'high_net_worth', declaration })).statusCode).toBe(201);
    expect(await rolesNotified('Abe Approved')).toEqual([]);
  });
});

describe('switches per kind: bell and digest', () => {
  it('lists the kinds a role receives, refuses others and bad input, 401/403', async () => {
    const url = '/api/notifications/admin/settings';
    expect((await agent(t.app).get(url)).statusCode).toBe(401);
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.get(url)).statusCode).toBe(403);
    expect((await investor.client.patch(url, { settings: [{ kind: 'reservation', bell: false, digest: false }] })).statusCode).toBe(403);
    const adviser = staff.find((s) => s.roleId === Role.Adviser)!;
    const kinds = (await adviser.client.get(url)).json().data.map((s: { kind: string }) => s.kind);
    expect(kinds).toEqual(['investor_document']);
    const refused = await adviser.client.patch(url, { settings: [{ kind: 'reservation', bell: false, digest: true }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['settings.0.kind']).toBeDefined();
    expect((await adviser.client.patch(url, { settings: [{ kind: 'nonsense', bell: 'x' }] })).statusCode).toBe(422);
  });

  it('keeps a kind out of the bell, or out of everything, as the person chose', async () => {
    const url = '/api/notifications/admin/settings';
    const [quiet, silent] = await Promise.all([signedIn(t, Role.Custodian), signedIn(t, Role.Custodian)]);
    const set = await quiet.client.patch(url, { settings: [{ kind: 'reservation', bell: false, digest: true }] });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.find((s: { kind: string }) => s.kind === 'reservation')).toMatchObject({ bell: false, digest: true });
    await silent.client.patch(url, { settings: [{ kind: 'reservation', bell: false, digest: false }] });

    const investor = await signedIn(t, Role.User);
    const opportunity = await createOpportunityRow(t, { name: 'Quiet Co Seed' });
    expect(
      (await investor.client.post('/api/investments/investor', { opportunity_id: opportunity.id, amount: '1500.00' })).statusCode,
    ).toBe(201);
    const kept = await t.db.select().from(notifications).where(eq(notifications.userId, quiet.user.id));
    expect(kept.map((n) => [n.kind, n.inBell])).toEqual([['reservation', false]]);
    expect(await bellOf(quiet)).toEqual([]);
    expect((await quiet.client.get('/api/notifications/admin')).json().meta.total).toBe(0);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, silent.user.id))).toEqual([]);
  });
});

describe('the daily digest', () => {
  it('sends one e-mail a day per person through SMTP, never twice across ticks, and none when all is read', async () => {
    const reader = await signedIn(t, Role.Custodian, { name: 'Dee Digest' });
    const readsAll = await signedIn(t, Role.Custodian);
    const investor = await signedIn(t, Role.User, { name: 'Ned Newcomer' });
    const opportunity = await createOpportunityRow(t, { name: 'Digest Co Seed' });
    await t.db.delete(notificationDigests);
    expect(
      (await investor.client.post('/api/investments/investor', { opportunity_id: opportunity.id, amount: '4000.00' })).statusCode,
    ).toBe(201);
    await readsAll.client.post('/api/notifications/admin/mark-read');
    const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

    // Before the digest hour nothing goes: 07:00 in London is 06:00 UTC in June.
    clock.set(new Date('2030-06-10T05:59:00Z'));
    await sendDueDigests(t.ctx);
    await t.ctx.mailer.flush();
    expect(mailsTo(reader.user.email)).toHaveLength(0);

    clock.set(new Date('2030-06-10T08:05:00Z'));
    await Promise.all([sendDueDigests(t.ctx), sendDueDigests(t.ctx)]);
    await sendDueDigests(t.ctx);
    await t.ctx.mailer.flush();
    const mails = mailsTo(reader.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].raw).toMatch(/Subject: .*need.* your attention/);
    expect(mails[0].raw).toContain('Ned Newcomer reserved');
    expect(mails[0].raw).toContain('Digest Co Seed');
    expect(mails[0].raw).toContain('/admin/investments/opportunities/');
    expect(mailsTo(readsAll.user.email)).toHaveLength(0);
    const recorded = await t.db
      .select()
      .from(notificationDigests)
      .where(and(eq(notificationDigests.userId, reader.user.id), eq(notificationDigests.day, '2030-06-10')));
    expect(recorded).toHaveLength(1);

    // The next day: nothing new in the last 24 hours, so no mail; a new item brings the next one.
    clock.set(new Date('2030-06-11T09:00:00Z'));
    await sendDueDigests(t.ctx);
    await t.ctx.mailer.flush();
    expect(mailsTo(reader.user.email)).toHaveLength(1);
    const second = await createOpportunityRow(t, { name: 'Second Day Co' });
    expect((await investor.client.post('/api/investments/investor', { opportunity_id: second.id, amount: '1000.00' })).statusCode).toBe(
      201,
    );
    await sendDueDigests(t.ctx);
    await sendDueDigests(t.ctx);
    await t.ctx.mailer.flush();
    expect(mailsTo(reader.user.email)).toHaveLength(2);
    expect(mailsTo(reader.user.email)[1].raw).toContain('Second Day Co');
    expect(mailsTo(reader.user.email)[1].raw).not.toContain('Digest Co Seed');
  });

  it('leaves out the kinds a person switched off for the digest', async () => {
    const person = await signedIn(t, Role.Custodian);
    await person.client.patch('/api/notifications/admin/settings', { settings: [{ kind: 'reservation', bell: true, digest: false }] });
    const investor = await signedIn(t, Role.User);
    const opportunity = await createOpportunityRow(t, { name: 'No Digest Co' });
    expect(
      (await investor.client.post('/api/investments/investor', { opportunity_id: opportunity.id, amount: '1000.00' })).statusCode,
    ).toBe(201);
    expect((await bellOf(person)).some((n) => n.data.message.includes('No Digest Co'))).toBe(true);
    clock.advance(HOUR);
    await sendDueDigests(t.ctx);
    await t.ctx.mailer.flush();
    expect(smtp.received.filter((m) => m.to.includes(person.user.email))).toHaveLength(0);
  });

  it("goes out at 07:00 in the firm's time zone, dated by that zone's day", async () => {
    const person = await signedIn(t, Role.Custodian);
    const investor = await signedIn(t, Role.User);
    const sentTo = async () => {
      await t.ctx.mailer.flush();
      return smtp.received.filter((m) => m.to.includes(person.user.email)).length;
    };
    await t.db.update(settings).set({ timeZone: 'Asia/Tokyo' });
    try {
      clock.set(new Date('2030-07-01T21:30:00Z'));
      const opportunity = await createOpportunityRow(t, { name: 'Tokyo Hours Co' });
      expect(
        (await investor.client.post('/api/investments/investor', { opportunity_id: opportunity.id, amount: '1000.00' })).statusCode,
      ).toBe(201);
      // 06:30 on 2 July in Tokyo: not yet.
      await sendDueDigests(t.ctx);
      expect(await sentTo()).toBe(0);
      // 07:05 on 2 July in Tokyo, still 1 July in UTC: the digest goes, recorded for Tokyo's day.
      clock.set(new Date('2030-07-01T22:05:00Z'));
      await sendDueDigests(t.ctx);
      expect(await sentTo()).toBe(1);
      const [recorded] = await t.db.select().from(notificationDigests).where(eq(notificationDigests.userId, person.user.id));
      expect(recorded.day).toBe('2030-07-02');
    } finally {
      await t.db.update(settings).set({ timeZone: 'Europe/London' });
    }
  });
});
