import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/server/src/db/client';
import { E2E_DATABASE_URL } from './env';

/**
 * A new verified investor with the demo password (its hash copied from investor@demo.test, with the
 * terms version and sign-up documents she accepted), so a journey starts from a clean slate without touching the demo investor other tests count on. Unless
 * `gates: 'new'`, they are past the gates before investing (decision 0028): categorised two days ago,
 * so the cooling-off is over, and (unless `gates: 'categorised'`) the risk warning acknowledged.
 */
export async function createInvestor(
  email: string,
  name: string,
  { gates = 'cleared' }: { gates?: 'cleared' | 'categorised' | 'new' } = {},
) {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    const cleared = gates !== 'new';
    const acknowledged = gates === 'cleared';
    await database.db.execute(sql`
      insert into users (name, email, role_id, password_hash, email_verified_at, accepted_terms_version, risk_warning_acknowledged_at)
      select ${name}, ${email}, 5, password_hash, now(), accepted_terms_version, ${acknowledged ? sql`now() - interval '2 days'` : null}
      from users where email = 'investor@demo.test'
      on conflict do nothing`);
    // The sign-up documents investor@demo.test accepted, as the terms version is copied (decision 0036).
    await database.db.execute(sql`
      insert into sign_up_document_acceptances (document_id, version, user_id, kind, title_shown, sha256, ip, user_agent, accepted_at)
      select a.document_id, a.version, (select id from users where email = ${email}), a.kind, a.title_shown, a.sha256, a.ip, a.user_agent, now()
      from sign_up_document_acceptances a join users u on u.id = a.user_id
      where u.email = 'investor@demo.test'
      on conflict do nothing`);
    if (cleared) {
      await database.db.execute(sql`
        insert into investor_categorisations (user_id, category, declaration, status, declared_at, expires_at, reviewed_at)
        select id, 'high_net_worth', '{"e2e":true}', 'approved', now() - interval '2 days', now() + interval '1 year', now() - interval '2 days'
        from users where email = ${email} and not exists (select 1 from investor_categorisations c where c.user_id = users.id)`);
    }
  } finally {
    await database.close();
  }
}

/**
 * Moves an investor's categorisation back in time by `hours`, as if the clock had moved on: the
 * journeys run against a real server on the system clock, so a wait is passed by ageing the record.
 */
export async function ageCategorisation(email: string, hours: number) {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    const shift = sql`make_interval(hours => ${hours})`;
    await database.db.execute(sql`
      update investor_categorisations set declared_at = declared_at - ${shift}, reviewed_at = reviewed_at - ${shift}
      where user_id = (select id from users where email = ${email})`);
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

/** The id of the account with this e-mail, for pages whose path names it. */
export async function userIdOf(email: string): Promise<number> {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    const result = await database.db.execute<{ id: number }>(sql`select id from users where email = ${email}`);
    return Number((result as unknown as { rows: Array<{ id: number }> }).rows[0].id);
  } finally {
    await database.close();
  }
}

/** A new member of staff of the given role with the demo password (its hash copied from superadmin@demo.test). */
export async function createStaff(email: string, name: string, roleId: number) {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    await database.db.execute(sql`
      insert into users (name, email, role_id, password_hash, email_verified_at, accepted_terms_version)
      select ${name}, ${email}, ${roleId}, password_hash, now(), accepted_terms_version
      from users where email = 'superadmin@demo.test'
      on conflict do nothing`);
  } finally {
    await database.close();
  }
}

/** Sets Password Management's "require two-factor sign-in for staff", as a journey's clean-up. */
export async function requireStaffTwoFactor(on: boolean) {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    await database.db.execute(sql`update settings set require_staff_two_factor = ${on}`);
  } finally {
    await database.close();
  }
}

/** Links an investor to a demo organisation as its director and marks their appropriateness test passed, so they may invest through it. */
export async function linkToOrganisation(email: string, organisation: string) {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    await database.db.execute(sql`
      insert into organisation_users (organisation_id, user_id, role)
      select o.id, u.id, 'director' from organisations o, users u where o.name = ${organisation} and u.email = ${email}
      on conflict do nothing`);
    await database.db.execute(sql`update users set compliance_passed = true where email = ${email}`);
  } finally {
    await database.close();
  }
}

/** How an investor's latest investment is held: its holder type and the organisation's name, if any. */
export async function latestHolding(email: string): Promise<{ holder_type: string; organisation: string | null }> {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    const result = await database.db.execute(sql`
      select i.holder_type, o.name as organisation from investments i
      join users u on u.id = i.user_id left join organisations o on o.id = i.organisation_id
      where u.email = ${email} order by i.id desc limit 1`);
    return (result as unknown as { rows: Array<{ holder_type: string; organisation: string | null }> }).rows[0];
  } finally {
    await database.close();
  }
}
