import type { FastifyRequest } from 'fastify';
import type { SupportContact } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { UploadedFile } from '../../platform/form';
import { plainMail } from '../../platform/mail';
import type { UserRow } from '../../platform/session';
import { withStoredFiles } from '../../platform/storage';
import { loadSettings, supportAddress } from '../../shared/settings';
import { raiseTask, storeDocument } from '../records';

/** Where an investor's attachments to support are filed on their (staff-only) record. */
export const SUPPORT_FOLDER = 'Support messages';

/**
 * Records an investor's message and sends it on, all or nothing: the attachment is filed
 * (staff-only) on their record, a task raised there, and both e-mails — to support, and the
 * acknowledgement to the investor — queued in the same transaction, so they go only if it commits.
 */
export async function contactSupport(
  ctx: AppContext,
  request: FastifyRequest,
  user: UserRow,
  input: { subject: string; message: string; file: UploadedFile | null },
  product: string,
): Promise<SupportContact> {
  const { db, clock, mailer, config } = ctx;
  const to = supportAddress(await loadSettings(db));
  const now = clock.now();
  const subject = { type: 'investor' as const, id: user.id };
  return withStoredFiles(ctx.storage, (storage) =>
    db.transaction(async (tx) => {
      const file = input.file;
      if (file)
        await storeDocument({ db: tx, storage }, request, {
          subject,
          file,
          name: `${input.subject} — attachment`.slice(0, 200),
          visibility: 'private',
          folder: { name: SUPPORT_FOLDER },
          origin: 'support',
        });
      const attached = file ? [`Attachment: ${file.filename} (filed in the investor's documents, ${SUPPORT_FOLDER})`] : [];
      const task = await raiseTask(
        tx,
        subject,
        { title: `Contact us: ${input.subject}`.slice(0, 200), description: [input.message, ...attached].join('\n\n') },
        { request, userId: user.id, now },
      );
      const record = `${config.appUrl}/admin/investors/${user.id}/notes-calls-tasks`;
      await mailer.enqueue(
        plainMail(
          to,
          `Contact us: ${input.subject}`,
          [`${user.name} (${user.email}) wrote:`, input.message, ...attached, `A task has been raised on their record (task ${task.id}).`],
          [{ label: 'Open the investor record', url: record }],
          product,
        ),
        tx,
      );
      await mailer.enqueue(
        plainMail(
          user.email,
          `We have your message: ${input.subject}`,
          [
            `Dear ${user.name},`,
            'Thank you for getting in touch. Our team has your message and will reply by e-mail.',
            `Your message: ${input.message}`,
          ],
          [],
          product,
        ),
        tx,
      );
      return {
        task_id: task.id,
        subject: input.subject,
        support_email: to,
        attachment: file ? { name: file.filename, size_bytes: file.data.length } : null,
        received_at: now.toISOString(),
      };
    }),
  );
}
