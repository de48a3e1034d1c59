import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATABASE_URL, E2E_PORT } from './support/env';

/**
 * Browser journeys against the real app on a PostgreSQL database of their own (support/serve.ts
 * recreates it), in Debian's Chromium. Tests that need a second app instance (to publish a
 * notification) reach the server through PostgreSQL, as another instance would.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Its own folder, emptied at each run; the page walk's screenshots sit beside it in test-results/pages.
  outputDir: '../test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A long journey takes 20–60 s on a slow machine of this type: twice that before it is called stuck.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // No trace by default: recording one for every journey (to keep a failure's) made the journeys
    // 35–40 % slower, its screencast most of that (docs/decisions/0078). A failure keeps its
    // screenshot and its page's ARIA snapshot; `npx playwright test -c e2e/playwright.config.ts --trace on` records them.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx e2e/support/serve.ts',
    cwd: '..',
    url: `${E2E_BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(E2E_PORT),
      DATABASE_URL: E2E_DATABASE_URL,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      DATA_DIR: `/tmp/platform-e2e-data-${E2E_PORT}`,
      APP_URL: E2E_BASE_URL,
      // The journeys sign the same demo users in many times a minute from one address.
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    },
  },
});
