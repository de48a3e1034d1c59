import { expect, test } from '@playwright/test';
import pg from 'pg';
import { E2E_ADMIN_DATABASE_URL, E2E_DATABASE_NAME } from './support/env';
import { login } from './support/session';

/** Takes the journeys' database away from the server (new connections refused, open ones ended). */
async function setDatabaseAvailable(available: boolean) {
  const admin = new pg.Client({ connectionString: E2E_ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`alter database ${E2E_DATABASE_NAME} allow_connections ${available}`);
    if (!available) await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [E2E_DATABASE_NAME]);
  } finally {
    await admin.end();
  }
}

test('while the database is down the app shows maintenance, and returns when it is back', async ({ page }) => {
  await login(page, 'investor@demo.test');
  await setDatabaseAvailable(false);
  try {
    await page.reload();
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByRole('heading').first()).toBeVisible();
  } finally {
    await setDatabaseAvailable(true);
  }
  // The maintenance page polls the health endpoint and goes back to the start once it answers.
  await expect(page).not.toHaveURL(/\/maintenance$/, { timeout: 20_000 });
  await expect(page).toHaveURL(/\/investor$/);
});
