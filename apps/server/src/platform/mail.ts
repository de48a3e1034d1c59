import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Clock } from './clock';
import { escapeHtml } from './html';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailLink {
  label: string;
  url: string;
}

/** A plain e-mail of a few lines and links: the text first (it is what the log shows), with a simple HTML twin. */
export function plainMail(to: string, subject: string, lines: string[], links: MailLink[], product: string): MailMessage {
  const text = [...lines, '', ...links.map((link) => `${link.label}: ${link.url}`), '', `— ${product}`].join('\n');
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`).join('')}<p>— ${escapeHtml(product)}</p>`;
  return { to, subject, text, html };
}

const MAX_ATTEMPTS = 5;
const BATCH = 20;
const POLL_MS = 2000;
/**
 * A claimed message is leased for this long. A worker that lost its database or died mid-batch
 * leaves its claims behind; once the lease runs out another run sends them. Longer than any SMTP
 * exchange (nodemailer gives up on a silent server well before), so a slow send is not doubled.
 */
const LEASE_MS = 15 * 60 * 1000;

/**
 * Mail goes through a queue in the database so a restart never loses a message. With SMTP
 * configured the worker delivers it (retrying with back-off); without, it is printed to the log
 * and marked 'logged' so local flows (verification, reset links) still work.
 */
export function createMailer(options: { db: Db; clock: Clock; smtpUrl?: string; from: string; log: FastifyBaseLogger }) {
  const { db, clock, from, log } = options;
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function deliverBatch(): Promise<number> {
    // Claim a batch so parallel instances never send the same message twice.
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(and(inArray(mailOutbox.status, ['pending', 'sending']), lte(mailOutbox.availableAt, clock.now())))
        .orderBy(mailOutbox.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length) {
        await tx
          .update(mailOutbox)
          .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, availableAt: new Date(clock.now().getTime() + LEASE_MS) })
          .where(
            inArray(
              mailOutbox.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    });
    for (const message of claimed) {
      try {
        if (transport) {
          await transport.sendMail({
            from,
            to: message.toAddress,
            subject: message.subject,
            text: message.text,
            html: message.html ?? undefined,
          });
          await db.update(mailOutbox).set({ status: 'sent', sentAt: clock.now(), lastError: null }).where(eq(mailOutbox.id, message.id));
        } else {
          log.info(
            { mailId: message.id, to: message.toAddress, subject: message.subject },
            `mail (no SMTP_URL set, kept in outbox):\n${message.text}`,
          );
          await db.update(mailOutbox).set({ status: 'logged', sentAt: clock.now() }).where(eq(mailOutbox.id, message.id));
        }
      } catch (error) {
        const attempts = message.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        log.warn(
          { mailId: message.id, attempts, err: error },
          failed ? 'mail delivery failed for good' : 'mail delivery failed, will retry',
        );
        await db
          .update(mailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            lastError: String((error as Error).message ?? error).slice(0, 500),
            availableAt: new Date(clock.now().getTime() + 2 ** attempts * 1000),
          })
          .where(eq(mailOutbox.id, message.id));
      }
    }
    return claimed.length;
  }

  /** Sends everything due when it is called; concurrent callers share one run. */
  async function flush(): Promise<void> {
    // A batch already under way may have claimed before the caller's messages were queued: let it
    // finish, then look again.
    await running?.catch(() => undefined);
    while (true) {
      running ??= deliverBatch().finally(() => (running = null));
      if ((await running) < BATCH) return;
    }
  }

  return {
    /**
     * Queues a message inside the caller's transaction when given one, so it is sent only if the
     * work commits. It is due at the app's clock, the one the delivery compares against.
     */
    async enqueue(message: MailMessage, tx: Pick<Db, 'insert'> = db): Promise<void> {
      await tx.insert(mailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        availableAt: clock.now(),
      });
      setImmediate(() => void flush().catch((err) => log.error({ err }, 'mail flush failed')));
    },
    /**
     * Queues one message per address that `addresses` (a query answering one `address` column)
     * finds, in a single INSERT … SELECT inside the caller's transaction: a mailing to thousands
     * costs one statement, and is sent only if the work commits.
     */
    async enqueueToEach(tx: Pick<Db, 'execute'>, addresses: SQL, message: Omit<MailMessage, 'to'>): Promise<void> {
      await tx.execute(sql`
        insert into ${mailOutbox} (to_address, subject, text, html, available_at)
        select recipients.address, ${message.subject}, ${message.text}, ${message.html ?? null}, ${clock.now()}
        from (${addresses}) as recipients`);
      setImmediate(() => void flush().catch((err) => log.error({ err }, 'mail flush failed')));
    },
    flush,
    start() {
      timer = setInterval(() => void flush().catch((err) => log.error({ err }, 'mail flush failed')), POLL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      // A batch cut short by a lost database stays claimed; it must not stop the shutdown.
      await running?.catch(() => undefined);
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
