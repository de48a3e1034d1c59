import { sql } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/platform/context';

const SCREENS = 1_000;

/**
 * A thousand investors to hold a screen open each, a report type for the update that reaches them
 * all, and a client group of one for the notification sent alone. Answers the realtime app key and
 * the signing secret, so the load generator signs its own private-channel subscriptions instead of
 * signing in a thousand times (sign-in is throttled per address, decision 0018).
 */
export async function seed({ db, config }: AppContext) {
  const exec = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const investors = await exec<{ id: number }>(sql`
    insert into users (name, email, role_id, email_verified_at, accepted_terms_version)
    select 'Screen ' || g, 'screen' || g || '@bench.test', 5, now(), 1 from generate_series(1, ${SCREENS}) g
    returning id`);
  const [type] = await exec<{ id: number }>(sql`insert into report_types (name) values ('Bench news') returning id`);
  const [group] = await exec<{ id: number }>(sql`insert into client_groups (name) values ('One screen') returning id`);
  await db.execute(sql`insert into client_group_members (group_id, user_id) values (${group.id}, ${investors[0].id})`);
  const [secret] = await exec<{ value: string }>(sql`select value from app_secrets where name = 'app_key'`);
  return {
    investorIds: investors.map((i) => i.id),
    reportTypeId: type.id,
    groupId: group.id,
    appKey: config.pusherKey,
    appSecret: secret.value,
  };
}
