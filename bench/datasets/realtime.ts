import { sql } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/platform/context';

const SCREENS = 1_000;

/**
 * A thousand investors to hold a screen open each. Answers the realtime app key and
 * the signing secret, so the load generator signs its own private-channel subscriptions instead of
 * signing in a thousand times (sign-in is throttled per address, decision 0018).
 */
export async function seed({ db, config }: AppContext) {
  const exec = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const investors = await exec<{ id: number }>(sql`
    insert into users (name, email, role_id, email_verified_at, accepted_terms_version)
    select 'Screen ' || g, 'screen' || g || '@bench.test', 5, now(), 1 from generate_series(1, ${SCREENS}) g
    returning id`);
  const [secret] = await exec<{ value: string }>(sql`select value from app_secrets where name = 'app_key'`);
  return {
    investorIds: investors.map((i) => i.id),
    appKey: config.pusherKey,
    appSecret: secret.value,
  };
}
