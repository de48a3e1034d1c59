import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';
import { randomToken } from './crypto';

/**
 * The signing key: APP_KEY when configured, otherwise one generated on first start and kept in the
 * database so every instance of a deployment signs alike.
 */
export async function loadAppKey(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: 'app_key', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(sql`${appSecrets.name} = 'app_key'`);
  return row.value;
}
