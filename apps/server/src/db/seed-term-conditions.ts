import { sql } from 'drizzle-orm';
import type { Db } from './client';

const DEMO_TERMS =
  '<p>By investing you confirm you have read the information memorandum and understand the risks.</p><ul><li>Shares are issued once the round completes.</li><li>Money is held by the company’s solicitors until then and returned if the round does not complete.</li></ul>';

/**
 * Version 1 of the investment terms for every demo opportunity, and an acceptance of it by each demo
 * investment that accepted terms when it was placed (decision 0053). Run again, it adds nothing.
 */
export async function seedTermConditions(db: Db, now: Date): Promise<void> {
  await db.execute(sql`
    insert into term_conditions (opportunity_id, version, body, created_at, updated_at)
    select id, 1, ${DEMO_TERMS}, least(created_at, ${now}), least(created_at, ${now}) from investment_opportunities
    where deleted_at is null and terms_version is null
    on conflict do nothing`);
  await db.execute(
    sql`update investment_opportunities set terms_version = 1 where terms_version is null and id in (select opportunity_id from term_conditions)`,
  );
  await db.execute(sql`
    insert into term_condition_acceptances (term_condition_id, investment_id, user_id, accepted_at)
    select t.id, i.id, i.user_id, i.terms_accepted_at from investments i
    join term_conditions t on t.opportunity_id = i.opportunity_id and t.version = 1
    where i.terms_accepted_at is not null
    on conflict do nothing`);
  await db.execute(
    sql`update investments set terms_version = 1 where terms_version is null and id in (select investment_id from term_condition_acceptances)`,
  );
}
