#!/usr/bin/env node
// `npm test`: every check in one command — type-checks, lint and format, the server's module boundaries, unit and
// API tests (on PGlite and on PostgreSQL), the web build's bundle sizes and the browser journeys in Chromium — ending with one
// line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { checkBundles } from './bundle-size.mjs';
import { PROJECTS, typecheck } from './typecheck.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'node_modules/.cache/test-results');
fs.mkdirSync(out, { recursive: true });
const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' };
let passed = 0;
let failed = 0;

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env, ...options });
}

function section(title) {
  console.log(`\n=== ${title} ===`);
}

section('PostgreSQL and Chromium');
if (run('bash', ['scripts/ensure-postgres.sh']).status !== 0) failed += 1;
if (run('bash', ['scripts/ensure-chromium.sh']).status !== 0) failed += 1;

section('Type-check');
for (const project of PROJECTS) {
  const { ok, output } = typecheck(project);
  console.log(`${ok ? '✓' : '✗'} ${project}`);
  if (ok) passed += 1;
  else {
    failed += 1;
    console.log(output);
  }
}

section('Lint and format (Biome)');
// Every file formatted and no lint finding, warnings included (docs/decisions/0023-lint-and-format.md).
if (run(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'check', '--error-on-warnings', '.']).status === 0) passed += 1;
else failed += 1;

section('Module boundaries (dependency-cruiser)');
// Prints each violation (a runtime cycle between modules, a layer reaching up, an import into another
// module's or feature's internals) and exits non-zero.
const cruise = [
  'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
  'apps/server/src',
  'apps/web/src',
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  'err',
];
if (run(process.execPath, cruise).status === 0) passed += 1;
else failed += 1;

section('Unit and API tests (vitest)');
const vitestReport = path.join(out, 'vitest.json');
fs.rmSync(vitestReport, { force: true });
const vitest = run(process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const report = fs.existsSync(vitestReport) ? JSON.parse(fs.readFileSync(vitestReport, 'utf8')) : null;
passed += report?.numPassedTests ?? 0;
failed += report?.numFailedTests ?? 0;
// A run that crashed, errored outside a test or found nothing to run is a failure too.
if (vitest.status !== 0 && !report?.numFailedTests) failed += 1;
if (!report?.numTotalTests) failed += 1;

section('Web build and bundle sizes');
const built = run('npm', ['run', 'build', '-w', 'apps/web']).status === 0;
if (!built) failed += 1;
else {
  // What a first visit to each page downloads, against its budget (scripts/bundle-size.mjs).
  const bundles = checkBundles(path.join(root, 'apps/web/dist'));
  passed += bundles.passed;
  failed += bundles.failed;
}

section('Browser journeys (Playwright in Chromium)');
if (built) {
  const e2eReport = path.join(out, 'playwright.json');
  fs.rmSync(e2eReport, { force: true });
  const playwright = run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '--config', 'e2e/playwright.config.ts'], {
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  });
  const stats = fs.existsSync(e2eReport) ? JSON.parse(fs.readFileSync(e2eReport, 'utf8')).stats : null;
  passed += stats?.expected ?? 0;
  failed += stats?.unexpected ?? 0;
  if (playwright.status !== 0 && !stats?.unexpected) failed += 1;
  if (!stats?.expected && !stats?.unexpected) failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
