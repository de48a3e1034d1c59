import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

test('staff save a view of the investors list, pick it after a reload, and give two investors an owner', async ({ page }) => {
  const run = Date.now().toString(36);
  const name = `Verified, Z to A ${run}`;
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investors?kyc=verified&sort=-name');
  const table = page.getByRole('table');
  await expect(table.locator('tbody').getByRole('link').first()).toBeVisible();

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name })).toBeVisible();

  // A fresh visit shows the plain list; the view brings back its filter and sort.
  await page.goto('/admin/investors');
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  await expect(page).toHaveURL(/kyc=verified/);
  await expect(page).toHaveURL(/sort=-name/);
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');

  const rows = table.locator('tbody tr');
  const chosen = [await rows.nth(0).getByRole('link').innerText(), await rows.nth(1).getByRole('link').innerText()];
  await page.getByRole('checkbox', { name: `Select ${chosen[0]}` }).check();
  await page.getByRole('checkbox', { name: `Select ${chosen[1]}` }).check();
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk).toContainText('2 selected');
  await bulk.getByRole('button', { name: 'Assign owner' }).click();
  // The pick opens in a popover of its own; the list's Owner filter beside it is another field.
  const pick = page.getByRole('dialog');
  await pick.getByRole('textbox', { name: 'Owner' }).click();
  const owner = pick.getByRole('option').filter({ hasNotText: 'No owner' }).first();
  const ownerName = await owner.innerText();
  await owner.click();
  await pick.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('2 investors assigned.')).toBeVisible();
  await expect(bulk).toHaveCount(0);
  for (const investor of chosen) await expect(table.getByRole('row', { name: new RegExp(investor) })).toContainText(ownerName);
});
