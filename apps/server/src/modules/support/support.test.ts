import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MAX_SUPPORT_ATTACHMENT_BYTES, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, documents, mailOutbox, tasks } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { setSettings } from '../../test/opportunities';
import { startSmtp } from '../../test/smtp';
import { uploadForm } from '../../test/uploads';

const clock = fixedClock(new Date('2026-11-28T10:00:00Z'));
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Platform <no-reply@platform.test>' } });
  await setSettings(t, { supportEmail: 'help@firm.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Client = Awaited<ReturnType<typeof signedIn>>['client'];
const contact = (client: Client, fields: Record<string, string>, file?: { data: Buffer | string; filename: string; type?: string }) =>
  client.post('/api/support/contact', uploadForm(fields, file));
/** Mail is queued at the test clock's time; make it due now and deliver it to the SMTP server. */
async function deliver() {
  await t.db.update(mailOutbox).set({ availableAt: new Date(0) });
  await t.ctx.mailer.flush();
}
const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

describe('contact us', () => {
  it('answers 401 signed out and 403 to staff', async () => {
    expect((await agent(t.app).post('/api/support/contact', { subject: 'Hi', message: 'Hello' })).statusCode).toBe(401);
    for (const roleId of ROLE_IDS.filter((r) => r !== Role.User)) {
      const { client } = await signedIn(t, roleId);
      expect((await client.post('/api/support/contact', { subject: 'Hi', message: 'Hello' })).statusCode, `role ${roleId}`).toBe(403);
    }
  });

  it('e-mails the support address, raises a task on the investor, files the attachment and acknowledges the investor', async () => {
    const { user, client } = await signedIn(t, Role.User, { name: 'Ivy Investor', email: 'ivy@investor.test' });
    const response = await contact(
      client,
      { subject: 'My tax certificate', message: 'I cannot find my EIS3 for 2025.' },
      { data: '%PDF-1.4\n%%EOF\n', filename: 'letter.pdf', type: 'application/pdf' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const ack = response.json().data;
    expect(ack).toMatchObject({
      subject: 'My tax certificate',
      support_email: 'help@firm.test',
      attachment: { name: 'letter.pdf', size_bytes: 15 },
      received_at: '2026-11-28T10:00:00.000Z',
    });

    const [task] = await t.db.select().from(tasks).where(eq(tasks.id, ack.task_id));
    expect(task).toMatchObject({
      subjectType: 'investor',
      subjectId: user.id,
      title: 'Contact us: My tax certificate',
      status: 'open',
      createdBy: user.id,
    });
    expect(task.description).toContain('I cannot find my EIS3 for 2025.');
    const [filed] = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.subjectType, 'investor'), eq(documents.subjectId, user.id)));
    expect(filed).toMatchObject({ origin: 'support', visibility: 'private', mimeType: 'application/pdf', uploadedBy: user.id });
    expect(await t.ctx.storage.read(filed.storageKey)).not.toBeNull();
    const logged = await t.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(eq(activityLog.subjectId, String(user.id)));
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(['task_created', 'document_created']));

    await deliver();
    const [toSupport] = mailTo('help@firm.test');
    expect(toSupport.raw).toContain('Subject: Contact us: My tax certificate');
    expect(toSupport.raw).toContain('Ivy Investor (ivy@investor.test) wrote:');
    expect(toSupport.raw).toContain('I cannot find my EIS3 for 2025.');
    expect(toSupport.raw).toContain('letter.pdf');
    expect(toSupport.raw).toContain(`/admin/investors/${user.id}/notes-calls-tasks`);
    const [toInvestor] = mailTo('ivy@investor.test');
    expect(toInvestor.raw).toContain('Subject: We have your message: My tax certificate');
    expect(toInvestor.raw).toContain('Our team has your message');
  });

  it('refuses missing fields, a file too large or of a refused type, and keeps nothing of a refused message', async () => {
    const { user, client } = await signedIn(t, Role.User);
    const empty = await contact(client, { subject: ' ', message: '' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['message', 'subject']);

    const big = await contact(
      client,
      { subject: 'Scan', message: 'Attached.' },
      { data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_SUPPORT_ATTACHMENT_BYTES)]), filename: 'scan.pdf' },
    );
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.file[0]).toMatch(/larger than 10 MB/);

    const html = await contact(
      client,
      { subject: 'Page', message: 'See this.' },
      { data: '<html><script>alert(1)</script></html>', filename: 'page.html' },
    );
    expect(html.statusCode).toBe(422);
    expect(html.json().errors.file).toHaveLength(1);

    expect(
      await t.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.subjectType, 'investor'), eq(tasks.subjectId, user.id))),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(documents)
        .where(and(eq(documents.subjectType, 'investor'), eq(documents.subjectId, user.id))),
    ).toEqual([]);
  });

  it('sends without an attachment, to the default address when none is configured', async () => {
    await setSettings(t, { supportEmail: null });
    try {
      const { client } = await signedIn(t, Role.User);
      const response = await client.post('/api/support/contact', { subject: 'Password', message: 'How do I change it?' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({ support_email: 'support@localhost', attachment: null });
      await deliver();
      expect(mailTo('support@localhost').some((m) => m.raw.includes('How do I change it?'))).toBe(true);
    } finally {
      await setSettings(t, { supportEmail: 'help@firm.test' });
    }
  });

  it('lets each investor send five messages an hour', async () => {
    const { client } = await signedIn(t, Role.User);
    for (let i = 1; i <= 5; i += 1)
      expect((await client.post('/api/support/contact', { subject: `Question ${i}`, message: 'Hello' })).statusCode).toBe(201);
    const limited = await client.post('/api/support/contact', { subject: 'Question 6', message: 'Hello' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many attempts/);
    // Another investor is not held back by it.
    const other = await signedIn(t, Role.User);
    expect((await other.client.post('/api/support/contact', { subject: 'Question', message: 'Hello' })).statusCode).toBe(201);
  });
});
