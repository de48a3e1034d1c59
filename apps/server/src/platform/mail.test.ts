import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema';
import { agent, createTestApp, createUser, type TestApp } from '../test/harness';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in-process: the app delivers to it over TCP exactly as to a production relay. */
async function startSmtp(options: { failFirst?: number } = {}) {
  const received: Received[] = [];
  let failures = options.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        raw = raw.replace(/=\r\n/g, ''); // undo quoted-printable soft line breaks
        if (failures > 0) {
          failures -= 1;
          return callback(new Error('451 try again later'));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

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
