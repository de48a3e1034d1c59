import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import { E2E_DATABASE_URL } from './support/env';
import { login, signIn } from './support/session';

/** One count read straight from the database, apart from the app's own figures. */
async function countOf(query: ReturnType<typeof sql>): Promise<number> {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    const result = await database.db.execute(query);
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
  } finally {
    await database.close();
  }
}

test.describe('the staff overview and the reports landing', () => {
  test('a manager reads the morning figures and follows one to the list behind it', async ({ page }) => {
    await login(page, 'superadmin@demo.test');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Committed this month').first()).toBeVisible();
    await expect(page.getByText('Cash calls outstanding').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pipeline by stage' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My tasks' })).toBeVisible();

    // Investors by identity check: the count shown is the database's, and it opens the filtered list.
    const verified = await countOf(
      sql`select count(*)::int as n from users where role_id = 5 and deleted_at is null and kyc_status = 'verified'`,
    );
    const kyc = page.getByRole('heading', { name: 'Identity checks (KYC)' }).locator('xpath=ancestor::div[contains(@class, "Paper")][1]');
    const row = kyc.getByRole('link', { name: 'Verified', exact: true }).locator('xpath=../..');
    await expect(row).toContainText(verified.toLocaleString('en-GB'));
    await kyc.getByRole('link', { name: 'Verified', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/investors\?kyc=verified/);
  });

  test('the Reports menu opens the landing, whose cards carry their headline and open the report', async ({ page }) => {
    await login(page, 'superadmin@demo.test');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    const published = await countOf(sql`select count(*)::int as n from update_reports where deleted_at is null and status = 2`);
    const updates = page.getByRole('link', { name: new RegExp(`^Update Reports\\s*${published}\\s*updates published`) });
    await expect(updates).toBeVisible();
    for (const name of [
      /^KPIs\s*\d+\s*companies reporting/,
      /^Portfolio KPIs\s*\d+\s*companies held/,
      /^WIP Reports\s*\d+\s*deals and opportunities/,
    ])
      await expect(page.getByRole('link', { name })).toBeVisible();
    await updates.click();
    await expect(page).toHaveURL(/\/admin\/reports\/updates$/);
  });

  test('the Fund Manager, without the overview, still opens every report from the landing', async ({ page }) => {
    await signIn(page, 'fundmanager@demo.test');
    await page.goto('/admin/reports');
    await expect(page.getByRole('main').getByRole('link', { name: /^(KPIs|Portfolio KPIs|Update Reports|WIP Reports)\s*\d/ })).toHaveCount(
      4,
    );
  });
});
