import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/server/src/db/client';
import { E2E_DATABASE_URL } from './env';

/** The newest mail to `to` whose subject matches, read from the outbox as the mail log would show it. */
export async function newestMail(to: string, subject: string): Promise<string | null> {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    const result = await database.db.execute(
      sql`select text from mail_outbox where to_address = ${to} and subject like ${`%${subject}%`} order by id desc limit 1`,
    );
    return (result as unknown as { rows: Array<{ text: string }> }).rows[0]?.text ?? null;
  } finally {
    await database.close();
  }
}
