import { expect, test, type Page } from '@playwright/test';
import { login } from './support/session';

/** Lookup lists (spec §2.2 Settings › Industries; decision 0027): add an industry, use it, retire it. */
const SHOTS = '/tmp/shots';
async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/lookup-lists-${name}.png`, fullPage: true });
}
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('staff add an industry, choose it on a new deal, and retire it once it is in use', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, 'superadmin@demo.test');

  // Add the industry: it goes to the end of the list.
  await page.goto('/admin/settings/industries');
  await expect(page.getByRole('heading', { name: 'Industries', level: 1 })).toBeVisible();
  await expect(row(page, 'Robotics')).toBeVisible();
  await page.getByRole('button', { name: 'New industry' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Quantum computing');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Quantum computing')).toContainText('Offered');
  await expect(page.getByRole('row').last()).toContainText('Quantum computing');

  // Use it on a new deal: the industry is chosen from the list.
  await page.goto('/admin/investments/deals/new-deal');
  await page.getByLabel('Company').fill('Qubitworks Ltd');
  await page.getByRole('textbox', { name: 'Industry' }).fill('Quantum');
  await page.getByRole('option', { name: 'Quantum computing' }).click();
  await page.getByRole('button', { name: 'Create deal' }).click();
  await expect(page).toHaveURL(/\/admin\/investments\/deals\/\d+\/performance$/);
  const dealUrl = page.url();
  await page.getByRole('tab', { name: 'Key Information' }).click();
  await expect(page.getByText('Quantum computing')).toBeVisible();

  // In use: it cannot be deleted, only retired.
  await page.goto('/admin/settings/industries');
  await expect(row(page, 'Quantum computing')).toContainText('1');
  await page.getByRole('button', { name: 'Delete Quantum computing' }).click();
  await expect(page.getByText('Quantum computing is used by 1 record and cannot be deleted. Retire it instead')).toBeVisible();
  await page.getByRole('button', { name: 'Retire Quantum computing' }).click();
  await expect(row(page, 'Quantum computing')).toContainText('Retired');
  await shot(page, 'retired');

  // A new deal is no longer offered it; the deal that holds it keeps it and still saves.
  await page.goto('/admin/investments/deals/new-deal');
  await page.getByRole('textbox', { name: 'Industry' }).fill('Quantum');
  await expect(page.getByText('Not in the list')).toBeVisible();
  await page.goto(dealUrl.replace(/\/performance$/, '/edit'));
  await expect(page.getByRole('textbox', { name: 'Industry' })).toHaveValue('Quantum computing (retired)');
  await page.getByLabel('Source').fill('Referral');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/performance$/);
  await page.getByRole('tab', { name: 'Key Information' }).click();
  await expect(page.getByText('Quantum computing')).toBeVisible();
  await expect(page.getByText('Referral')).toBeVisible();
});
