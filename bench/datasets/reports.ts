import { sql } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/platform/context';
import { seed as seedInvestors } from './investors';

/**
 * The investors' data set (100,000 unless BENCH_INVESTORS says otherwise), a client group of
 * BENCH_RECIPIENTS of them (10,000) and a draft update addressed to that group, for publishing.
 */
export async function seed(ctx: AppContext) {
  const { investors } = await seedInvestors(ctx);
  const recipients = Math.min(investors, Number(process.env.BENCH_RECIPIENTS ?? 10_000));
  const idOf = async (query: ReturnType<typeof sql>) =>
    ((await ctx.db.execute(query)) as unknown as { rows: Array<{ id: number }> }).rows[0];
  const group = await idOf(sql`insert into client_groups (name) values ('Bench audience') returning id`);
  await ctx.db.execute(sql`
    insert into client_group_members (group_id, user_id)
    select ${group.id}, id from users where email like 'bench%' order by id limit ${recipients}`);
  const report = await idOf(sql`
    insert into update_reports (title, body, audience, status)
    values ('Quarterly update: Q3 2026', '<p>The portfolio grew this quarter. Two companies raised follow-on rounds.</p>', 'groups', 1)
    returning id`);
  await ctx.db.execute(sql`insert into update_report_client_groups (update_report_id, group_id) values (${report.id}, ${group.id})`);
  await ctx.db.execute(sql`analyze`);
  return { investors, recipients, reportId: report.id, groupId: group.id };
}
