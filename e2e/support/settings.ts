import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/server/src/db/client';
import { E2E_DATABASE_URL } from './env';

/** Turns feature flags of the journeys' deployment on or off, as staff would on the features page. */
export async function setFlags(flags: Record<string, boolean>) {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    await database.db.execute(sql`update settings set flags = flags || ${JSON.stringify(flags)}::jsonb where id = 1`);
  } finally {
    await database.close();
  }
}
