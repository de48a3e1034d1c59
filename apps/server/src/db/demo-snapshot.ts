import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type EmbeddedDatabase, openEmbedded } from './client';

/**
 * `npm start` on the embedded database without the wait (decision 0043): creating a PGlite
 * database, migrating and seeding it took most of a first start, and seeding again took most of
 * every later one. Instead the first start keeps a snapshot of the migrated, seeded database (and
 * the files the seed stored) in `snapshotDir`; a new data directory is filled from it, and a data
 * directory that was already seeded by the same seed is not seeded again.
 *
 * A snapshot is only good for the migrations and seed it was made by (their content hash) and for
 * the day it was made: the demo is dated relative to the day it is created (decision 0038), so a
 * snapshot from yesterday is made anew rather than restored with old dates.
 */
export interface DemoDatabase {
  database: EmbeddedDatabase;
  /** False when the data directory already holds this seed's data (restored, or seeded before). */
  needsSeed: boolean;
  /** After seeding: remembers the seed in the data directory and keeps a snapshot of a new one. */
  seeded(): Promise<void>;
}

const HERE = import.meta.dirname;
const SEED_MARKER = 'demo-seed';

/**
 * `snapshots: false` when uploaded files are kept in a bucket (S3_BUCKET): a snapshot holds the
 * files of its own folder, which the restored database would point at but no instance reads, so
 * the demo is seeded into the bucket instead.
 */
export async function openDemoDatabase({
  dataDir,
  snapshotDir,
  snapshots = true,
  now = new Date(),
}: {
  dataDir: string;
  snapshotDir: string;
  snapshots?: boolean;
  now?: Date;
}) {
  const seed = seedHash();
  const marker = path.join(dataDir, SEED_MARKER);
  const snapshot = path.join(snapshotDir, `${now.toISOString().slice(0, 10)}-${seed}`);
  const isNew = !fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));

  if (snapshots && isNew && fs.existsSync(path.join(snapshot, 'pgdata', 'PG_VERSION'))) {
    // A plain copy of the directory: several times faster than PGlite unpacking a dumpDataDir tarball.
    fs.cpSync(path.join(snapshot, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
    const database = await openEmbedded(dataDir);
    // Each data directory signs with a key of its own (platform/secrets.ts makes one when missing).
    await database.client.query(`delete from app_secrets where name = 'app_key'`);
    if (fs.existsSync(path.join(snapshot, 'uploads')))
      fs.cpSync(path.join(snapshot, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(marker, seed);
    return { database, needsSeed: false, seeded: async () => undefined } satisfies DemoDatabase;
  }

  const database = await openEmbedded(dataDir);
  const needsSeed = !fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== seed;
  return {
    database,
    needsSeed,
    async seeded() {
      fs.writeFileSync(marker, seed);
      if (snapshots && isNew) await keepSnapshot(database, dataDir, snapshotDir, snapshot);
    },
  } satisfies DemoDatabase;
}

/** The migrations and the seed's sources (this file included): a change to any makes new snapshots. */
function seedHash() {
  const hash = createHash('sha256');
  const files = [
    ...fs.readdirSync(path.join(HERE, 'migrations'), { recursive: true, encoding: 'utf8' }).map((name) => path.join('migrations', name)),
    ...fs.readdirSync(HERE).filter((name) => /^(seed|demo-).*\.ts$/.test(name) && !name.endsWith('.test.ts')),
  ].sort();
  for (const name of files) {
    const file = path.join(HERE, name);
    if (!fs.statSync(file).isFile()) continue;
    hash.update(name);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Writes the snapshot beside the others under a temporary name, then swaps it in and drops older ones. */
async function keepSnapshot(database: EmbeddedDatabase, dataDir: string, snapshotDir: string, snapshot: string) {
  const partial = `${snapshot}.${process.pid}.partial`;
  fs.mkdirSync(partial, { recursive: true });
  // PGlite writes straight through to the directory and runs in this process: once checkpointed,
  // a synchronous copy (no query can run meanwhile) is a consistent data directory.
  await database.client.query('checkpoint');
  fs.cpSync(path.join(dataDir, 'pgdata'), path.join(partial, 'pgdata'), { recursive: true });
  if (fs.existsSync(path.join(dataDir, 'uploads')))
    fs.cpSync(path.join(dataDir, 'uploads'), path.join(partial, 'uploads'), { recursive: true });
  for (const old of fs.readdirSync(snapshotDir)) {
    if (!old.endsWith('.partial') && path.join(snapshotDir, old) !== snapshot)
      fs.rmSync(path.join(snapshotDir, old), { recursive: true, force: true });
  }
  // Another start may have kept the same snapshot meanwhile: theirs is as good as ours.
  if (fs.existsSync(snapshot)) fs.rmSync(partial, { recursive: true, force: true });
  else fs.renameSync(partial, snapshot);
}
