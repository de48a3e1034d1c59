import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/server/src/db/client';
import { E2E_DATABASE_URL } from './env';

/**
 * A new Live - External opportunity with version 1 of its investment terms, so a journey changes
 * terms without touching the demo opportunities other journeys read. Answers its id and slug.
 */
export async function createLiveOpportunity(name: string, terms: string): Promise<{ id: number; slug: string }> {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  try {
    const result = await database.db.execute(sql`
      insert into investment_opportunities (slug, name, company_name, status, currency, target_raise, minimum_investment,
        maximum_investment, share_price, summary, bank_account_name, bank_sort_code, bank_account_number, published_at, terms_version)
      values (${slug}, ${name}, ${`${name} Ltd`}, 2, 'GBP', 250000, 1000, 50000, 2, 'Tidal turbines for harbours.',
        ${`${name} client account`}, '20-45-77', '41234567', now(), 1)
      returning id`);
    const id = Number((result as unknown as { rows: Array<{ id: number }> }).rows[0].id);
    await database.db.execute(sql`insert into term_conditions (opportunity_id, version, body) values (${id}, 1, ${terms})`);
    return { id, slug };
  } finally {
    await database.close();
  }
}
