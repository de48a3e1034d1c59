#!/usr/bin/env node
// `npm run bench`: starts PostgreSQL if needed, then runs bench/run.ts.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
spawnSync('bash', ['scripts/ensure-postgres.sh'], { cwd: root, stdio: 'inherit' });
const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
