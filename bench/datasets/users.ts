import { sql } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/platform/context';

/** The foundation data set: `BENCH_USERS` investors (10,000 unless told) beside the demo accounts. */
export async function seed({ db }: AppContext) {
  const users = Number(process.env.BENCH_USERS ?? 10_000);
  await db.execute(sql`
    insert into users (name, email, role_id, email_verified_at, accepted_terms_version, created_at)
    select 'Investor ' || g, 'bench' || g || '@example.test', 5, now(), 1, now() - (g % 900) * interval '1 hour'
    from generate_series(1, ${users}) g`);
  await db.execute(sql`analyze users`);
  return { users };
}
