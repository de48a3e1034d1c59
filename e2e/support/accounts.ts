import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/server/src/db/client';
import { E2E_DATABASE_URL } from './env';

/**
 * A new verified investor with the demo password (its hash copied from investor@demo.test), so a
 * journey starts from a clean slate without touching the demo investor other tests count on.
 */
export async function createInvestor(email: string, name: string) {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    await database.db.execute(sql`
      insert into users (name, email, role_id, password_hash, email_verified_at, accepted_terms_version)
      select ${name}, ${email}, 5, password_hash, now(), accepted_terms_version from users where email = 'investor@demo.test'
      on conflict do nothing`);
  } finally {
    await database.close();
  }
}

/** How many investor accounts the database holds, counted apart from the app's own figures. */
export async function countInvestors(): Promise<number> {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    const result = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where role_id = 5 and deleted_at is null`,
    );
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
  } finally {
    await database.close();
  }
}
