import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/** The whole book's figures: per currency and per company, as of a date, with each company one click from its performance. */
test('staff read the book’s KPIs, with an exit’s proceeds as realised, as of today and as of a year ago', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/reports/kpi-portfolio');
  await expect(page.getByRole('heading', { name: 'Portfolio KPIs' })).toBeVisible();
  const quillon = page.getByRole('row', { name: /Quillon Security Exit/ });
  // Every holder sold at the exit (demo): nothing left to value, £170,500 realised on £55,000.
  await expect(quillon).toContainText('£55,000');
  await expect(quillon).toContainText('£170,500');
  await expect(quillon).toContainText('3.10x');
  await expect(page.getByText('Realised', { exact: true }).first()).toBeVisible();

  // A year ago the exit had not happened: the shares were held and valued, nothing realised.
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('As of').fill(yearAgo);
  await expect(page).toHaveURL(new RegExp(`as_of=${yearAgo}`));
  await expect(quillon).not.toContainText('£170,500');
  await expect(quillon).toContainText('Share price');

  await quillon.click();
  await expect(page).toHaveURL(/\/admin\/investments\/existing\/\d+\/performance$/);
  await expect(page.getByRole('heading', { name: 'Holders’ proceeds' })).toBeVisible();
});
