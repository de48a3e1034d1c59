import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/** A deal becomes a Draft opportunity carrying its data (spec §2.2 Deals, server: modules/deals/promotion.ts). */
test('staff promote a deal into a Draft opportunity that carries the deal over', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investments/deals?view=table');
  await page.getByRole('link', { name: 'Ashgrove Robotics Ltd' }).click();
  await expect(page.getByRole('heading', { name: 'Ashgrove Robotics Ltd', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Promote to opportunity' }).click();
  await page.getByRole('dialog', { name: 'Promote Ashgrove Robotics Ltd?' }).getByRole('button', { name: 'Create the draft' }).click();
  await expect(page).toHaveURL(/\/admin\/investments\/opportunities\/\d+\/edit$/);
  await expect(page.getByLabel('Company')).toHaveValue('Ashgrove Robotics Ltd');
  await page.goto('/admin/investments/opportunities?status=1');
  await expect(page.getByRole('row', { name: /Ashgrove Robotics Ltd/ })).toContainText('Draft');
});
