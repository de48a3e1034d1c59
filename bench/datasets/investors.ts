import { sql } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/platform/context';

/**
 * `BENCH_INVESTORS` investors (100,000 unless told) with the spread a real book has: categories
 * and their status, KYC states, owners among the demo staff, appropriateness results, and two
 * custom attribute values each (of the demo's attributes).
 */
export async function seed({ db }: AppContext) {
  const investors = Number(process.env.BENCH_INVESTORS ?? 100_000);
  // 10,000 a statement (with their attribute values), each well inside the app's statement timeout.
  // The owners' lookups do not depend on the row, so PostgreSQL runs each once a statement, not once
  // a row (at a million, a statement with a lookup per row passed the timeout at 400,000 users).
  for (let from = 1; from <= investors; from += 10_000) {
    const to = Math.min(investors, from + 9_999);
    await db.execute(sql`
      with inserted as (
        insert into users (name, email, role_id, email_verified_at, accepted_terms_version, created_at, kyc_status, investor_category,
                           categorisation_status, owner_id, compliance_passed, compliance_tries, phone, city, country)
        select 'Investor ' || g, 'bench' || g || '@example.test', 5, now(), 1, now() - (g % 9000) * interval '1 hour',
               (array['not_started','submitted','verified','rejected'])[1 + g % 4],
               (array[null,'restricted','high_net_worth','certified_sophisticated','self_certified_sophisticated','professional'])[1 + g % 6],
               case when g % 6 = 0 then null else (array['approved','approved','pending','rejected'])[1 + g % 4] end,
               (array[(select id from users where email = 'adviser@demo.test'), (select id from users where email = 'fundmanager@demo.test'),
                      (select id from users where email = 'manager@demo.test')])[1 + g % 3],
               g % 3 = 0, g % 4, '+44 7700 900' || lpad((g % 1000)::text, 3, '0'), (array['London','Leeds','Bristol','Edinburgh'])[1 + g % 4], 'United Kingdom'
        from generate_series(${from}::int, ${to}::int) g
        returning id)
      insert into attribute_values (attribute_id, subject_type, subject_id, value)
      select a.id, 'user', i.id, case when a.type = 'select' then '"Salary and bonus"' else '["Fintech","Healthcare"]' end
      from inserted i cross join attributes a
      where a.subject_type = 'user' and a.name in ('Source of funds', 'Preferred sectors')`);
  }
  // A live database's autovacuum vacuums a table after this many inserts (PostgreSQL 13+), which
  // sets the visibility map that index-only scans (a deep page's skipped entries) rely on.
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze attribute_values`);
  return { investors };
}
