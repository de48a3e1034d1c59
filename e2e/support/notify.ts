import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/server/src/db/client';
import { createPostgresBus } from '../../apps/server/src/platform/realtime/bus';
import { userChannelName } from '../../apps/server/src/platform/realtime/auth';
import { notifyUser } from '../../apps/server/src/shared/notifications';
import { E2E_DATABASE_URL } from './env';
import type { NotificationIcon } from '@platform/domain';

/**
 * Creates a notification the way another app instance would: the real notifyUser() writes it to
 * the shared database and publishes it through PostgreSQL NOTIFY; the server under test, which
 * holds the browser's socket, delivers it.
 */
export async function notifyByEmail(email: string, input: { message: string; icon: NotificationIcon; cta: string }) {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  const bus = createPostgresBus(E2E_DATABASE_URL);
  try {
    const rows = await database.db.execute<{ id: number }>(sql`select id from users where lower(email) = ${email.toLowerCase()}`);
    const userId = (rows as unknown as { rows: Array<{ id: number }> }).rows[0].id;
    return await notifyUser(
      {
        db: database.db,
        realtime: {
          publishToUsers: (messages) =>
            bus.publish(messages.map(({ userId: id, event, data }) => ({ channel: userChannelName(id), event, data }))),
        },
      },
      userId,
      input,
    );
  } finally {
    await bus.close();
    await database.close();
  }
}
