import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema';
import { agent, createTestApp, createUser, type TestApp } from '../test/harness';
import { startSmtp } from '../test/smtp';

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp({ failFirst: 1 });
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Platform <no-reply@platform.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a password-reset mail to the SMTP server, retrying after a temporary failure', async () => {
    const user = await createUser(t.ctx);
    await agent(t.app).post('/password/email', { email: user.email });
    // The reset request answers first and queues its mail afterwards.
    await t.ctx.background.settled();
    await t.ctx.mailer.flush();
    const [failed] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)).orderBy(desc(mailOutbox.id));
    expect(failed.status).toBe('pending');
    expect(failed.lastError).toMatch(/451/);
    expect(smtp.received).toHaveLength(0);

    // The retry waits for its back-off; make it due now rather than sleeping.
    await t.db
      .update(mailOutbox)
      .set({ availableAt: new Date(0) })
      .where(eq(mailOutbox.id, failed.id));
    await t.ctx.mailer.flush();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual([user.email]);
    expect(smtp.received[0].from).toBe('no-reply@platform.test');
    expect(smtp.received[0].raw).toMatch(/Subject: Reset your .* password/);
    expect(smtp.received[0].raw).toContain('/reset-password/');
    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed.id));
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBe(2);
  });

  it('a flush also sends what was queued while another batch was already under way', async () => {
    const user = await createUser(t.ctx);
    const release = smtp.hold();
    const [underWay] = await t.db
      .insert(mailOutbox)
      .values({ toAddress: user.email, subject: 'Under way', text: 'Claimed first.', availableAt: new Date(0) })
      .returning();
    const first = t.ctx.mailer.flush();
    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, underWay.id));
      expect(row.status).toBe('sending');
    });
    // Queued after that batch claimed its messages, as a transaction committing mid-send would.
    await t.db
      .insert(mailOutbox)
      .values({ toAddress: user.email, subject: 'Queued meanwhile', text: 'Claimed next.', availableAt: new Date(0) });
    const second = t.ctx.mailer.flush();
    release();
    await Promise.all([first, second]);
    const subjects = smtp.received.filter((m) => m.to.includes(user.email)).map((m) => /Subject: (.*)/.exec(m.raw)?.[1]);
    expect(subjects).toEqual(['Under way', 'Queued meanwhile']);
  });

  it('sends a message whose claim was abandoned (worker lost mid-batch) once its lease has run out, and not before', async () => {
    const user = await createUser(t.ctx);
    const [claimed] = await t.db
      .insert(mailOutbox)
      .values({
        toAddress: user.email,
        subject: 'Abandoned claim',
        text: 'Sent by whichever worker comes next.',
        status: 'sending',
        attempts: 1,
        availableAt: new Date(Date.now() + 60_000),
      })
      .returning();
    await t.ctx.mailer.flush();
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(0);

    await t.db
      .update(mailOutbox)
      .set({ availableAt: new Date(0) })
      .where(eq(mailOutbox.id, claimed.id));
    await t.ctx.mailer.flush();
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, claimed.id));
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBe(2);
  });
});
