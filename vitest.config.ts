import { defineConfig } from 'vitest/config';

/**
 * Three projects: pure unit tests, then the API tests twice — on the embedded PGlite always and
 * on a PostgreSQL server when TEST_DATABASE_URL is set (CI sets it).
 */
const apiTests = ['apps/server/src/modules/**/*.test.ts', 'apps/server/src/platform/**/*.test.ts', 'apps/server/src/db/**/*.test.ts'];
/**
 * Tests of what only a server has — connections that die, other sessions holding locks, LISTEN — and
 * the hostile-input walk, which a second run on PGlite would only make longer (decision 0077).
 */
const postgresOnlyTests = ['apps/server/src/**/*.postgres.test.ts'];
/** Tests of what only the embedded database has — its data directory and snapshots. */
const embeddedOnlyTests = ['apps/server/src/**/*.embedded.test.ts'];
const api = (name: string, db: string, groupOrder: number, exclude: string[] = []) => ({
  test: {
    name,
    // Projects run one after another: two PGlite-heavy projects at once would crowd this machine.
    sequence: { groupOrder },
    include: apiTests,
    exclude: ['**/node_modules/**', ...exclude],
    env: { TEST_DB: db },
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A PGlite instance costs ~700 MB: two at a time fit this machine comfortably.
    maxWorkers: 2,
    // A worker keeps the modules it has loaded from one test file to the next, so the server's code
    // is imported once per worker rather than once per file (decision 0069). Each file still gets its
    // own app and database from the harness; what modules keep (registries, answers of pure
    // functions) is the same for every app.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts'], sequence: { groupOrder: 0 } } },
      api('api-pglite', 'pglite', 1, postgresOnlyTests),
      ...(process.env.TEST_DATABASE_URL ? [api('api-postgres', 'postgres', 2, embeddedOnlyTests)] : []),
    ],
  },
});
