import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { migrateDatabase } from './client';
import { openDemoDatabase } from './demo-snapshot';
import { seedDemo } from './seed';

/**
 * `npm start` on the embedded database (decision 0043): a new data directory is filled from the
 * day's snapshot with exactly what seeding it would have written, a seeded one is not seeded
 * again, and a snapshot from another day is never restored (the demo is dated relative to the day
 * it is made, decision 0038).
 */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-demo-snapshot-'));
const snapshotDir = path.join(scratch, 'snapshot');
const today = new Date();
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** What main.ts does up to listening; returns what the demo holds, then closes. */
async function start(name: string, now = today) {
  const dataDir = path.join(scratch, name);
  const demo = await openDemoDatabase({ dataDir, snapshotDir, now });
  const { database } = demo;
  await migrateDatabase(database);
  const keyBefore = (await database.client.query<{ value: string }>(`select value from app_secrets where name = 'app_key'`)).rows[0]?.value;
  const { app, ctx } = await buildApp({
    config: readConfig({ DATA_DIR: dataDir, WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent' }),
    database,
    logger: false,
  });
  if (demo.needsSeed) {
    await seedDemo(ctx, now);
    await demo.seeded();
  }
  const figures = (
    await database.client.query(`
      select (select count(*) from users)::int as users,
             (select count(*) from investments)::int as investments,
             (select coalesce(sum(amount), 0)::text from investments) as invested,
             (select max(created_at) from investments) as latest_investment,
             (select count(*) from investment_opportunities)::int as opportunities,
             (select value from app_secrets where name = 'app_key') as app_key`)
  ).rows[0] as Record<string, unknown>;
  const uploads = fs.existsSync(path.join(dataDir, 'uploads'))
    ? fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).sort()
    : [];
  await app.close();
  await database.close();
  return { needsSeed: demo.needsSeed, keyBefore, figures, uploads };
}

describe('the demo database snapshot', () => {
  it('fills a new data directory with what seeding wrote, with a signing key of its own', async () => {
    const seeded = await start('seeded');
    expect(seeded.needsSeed).toBe(true);
    expect(seeded.figures.users).toBeGreaterThan(10);
    expect(seeded.figures.investments).toBeGreaterThan(0);
    expect(fs.readdirSync(snapshotDir)).toHaveLength(1);

    const restored = await start('restored');
    expect(restored.needsSeed).toBe(false);
    // The snapshot's key is dropped before the app starts, and a new one made.
    expect(restored.keyBefore).toBeUndefined();
    const { app_key: seededKey, ...seededFigures } = seeded.figures;
    const { app_key: restoredKey, ...restoredFigures } = restored.figures;
    expect(restoredFigures).toEqual(seededFigures);
    expect(restored.uploads).toEqual(seeded.uploads);
    expect(restoredKey).toEqual(expect.any(String));
    expect(restoredKey).not.toBe(seededKey);
  }, 300_000);

  it('does not seed a data directory again, unless the seed changed', async () => {
    const warm = await start('seeded');
    expect(warm.needsSeed).toBe(false);
    fs.writeFileSync(path.join(scratch, 'seeded', 'demo-seed'), 'an older seed');
    const reseeded = await start('seeded');
    expect(reseeded.needsSeed).toBe(true);
    // Seeding is idempotent: the figures stay as they were.
    expect(reseeded.figures).toEqual(warm.figures);
    expect((await start('seeded')).needsSeed).toBe(false);
  }, 300_000);

  it('never restores a snapshot made on another day: the demo is dated from the day it is made', async () => {
    const tomorrow = new Date(today.getTime() + 24 * 60 * 60 * 1000);
    const next = await start('next-day', tomorrow);
    expect(next.needsSeed).toBe(true);
    // That start keeps the new day's snapshot in place of the old one.
    expect(fs.readdirSync(snapshotDir)).toEqual([expect.stringMatching(new RegExp(`^${tomorrow.toISOString().slice(0, 10)}-`))]);
  }, 300_000);
});
