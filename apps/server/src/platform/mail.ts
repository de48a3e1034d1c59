import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Clock } from './clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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

  /** Sends everything due now; concurrent callers share one run. */
  async function flush(): Promise<void> {
    while (true) {
      running ??= deliverBatch().finally(() => (running = null));
      if ((await running) < BATCH) return;
    }
  }

  return {
    /** Queues a message inside the caller's transaction when given one, so it is sent only if the work commits. */
    async enqueue(message: MailMessage, tx: Pick<Db, 'insert'> = db): Promise<void> {
      await tx
        .insert(mailOutbox)
        .values({ toAddress: message.to, subject: message.subject, text: message.text, html: message.html ?? null });
      setImmediate(() => void flush().catch((err) => log.error({ err }, 'mail flush failed')));
    },
    /**
     * Queues one message per address that `addresses` (a query answering one `address` column)
     * finds, in a single INSERT … SELECT inside the caller's transaction: a mailing to thousands
     * costs one statement, and is sent only if the work commits.
     */
    async enqueueToEach(tx: Pick<Db, 'execute'>, addresses: SQL, message: Omit<MailMessage, 'to'>): Promise<void> {
      await tx.execute(sql`
        insert into ${mailOutbox} (to_address, subject, text, html)
        select recipients.address, ${message.subject}, ${message.text}, ${message.html ?? null}
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
