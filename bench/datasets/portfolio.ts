import { count, desc, eq, sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import type { AppContext } from '../../apps/server/src/platform/context';
import { investments, users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/platform/crypto';
import { generateBook, loadInvestments } from './book';

export const PORTFOLIO_EMAIL = 'portfolio@bench.test';
export const PORTFOLIO_PASSWORD = 'bench-password-2026';
const HOLDINGS = 500;

/**
 * One investor with 500 holdings in a book of 200,000 investments: every company priced by years of
 * quarterly share prices and annual valuations, some written off, exited or partly realised (see
 * book.ts). Each holding is one to three investments, the later ones at the company's price then.
 */
export async function seed({ db }: AppContext) {
  const started = performance.now();
  await generateBook(db, { companies: 2_000, investors: 20_000, investments: 200_000 });
  const [investor] = await db
    .insert(users)
    .values({
      name: 'Portfolio Investor',
      email: PORTFOLIO_EMAIL,
      roleId: Role.User,
      passwordHash: await hashPassword(PORTFOLIO_PASSWORD),
      emailVerifiedAt: new Date(),
      acceptedTermsVersion: 1,
      compliancePassed: true,
    })
    .returning({ id: users.id });
  // Company 4h for h = 1…500: 500 different companies; investment j of holding h two hundred days after the one before.
  await loadInvestments(
    db,
    sql`
      select o.id as opportunity_id, ${investor.id}::int as user_id, o.currency, 900000000 + h * 3 + j as g, day, amount,
        coalesce((select p.price from share_prices p where p.opportunity_id = o.id and p.date <= day order by p.date desc limit 1), o.share_price) as price,
        case when j = 0 then 'investor' else 'subsequent' end as type, 'completed' as status
      from generate_series(1, ${sql.raw(String(HOLDINGS))}) h
      cross join lateral generate_series(0, h % 3) j
      join investment_opportunities o on o.slug = 'book-' || (1 + (h * 4) % 2000)
      cross join lateral (select least(o.published_at::date + 20 + j * 200, current_date - 1) as day, round(1000 + (h * 37 + j * 11) % 9000 + 0.5, 2) as amount) d`,
    { bulk: false },
  );
  // The holding measured alone: one with three investments.
  const [{ holding }] = await db
    .select({ holding: investments.opportunityId })
    .from(investments)
    .where(eq(investments.userId, investor.id))
    .groupBy(investments.opportunityId)
    .orderBy(desc(count()), investments.opportunityId)
    .limit(1);
  return {
    email: PORTFOLIO_EMAIL,
    password: PORTFOLIO_PASSWORD,
    holdings: HOLDINGS,
    holdingId: holding,
    loadSeconds: (performance.now() - started) / 1000,
  };
}
