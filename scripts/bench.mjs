#!/usr/bin/env node
// `npm run bench [-- names…]`: starts PostgreSQL if needed, then runs bench/run.ts with the names.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
spawnSync('bash', ['scripts/ensure-postgres.sh'], { cwd: root, stdio: 'inherit' });
const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
