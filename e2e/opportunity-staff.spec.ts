import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/** Staff invite investors to a Live - Internal opportunity and record an investment taken outside the portal. */
test('staff invite an investor and record a manual investment', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investments/opportunities?status=3');
  await page.getByRole('row', { name: /Ferrous Robotics Syndicate/ }).click();
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(page.getByRole('row', { name: /Isla Investor/ })).toBeVisible();

  await page.getByRole('textbox', { name: 'Invite an investor' }).fill('olivia.smith0');
  await page.getByRole('option', { name: /Olivia Smith \(olivia\.smith0@example\.test\)/ }).click();
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const invited = page.getByRole('row', { name: /olivia\.smith0@example\.test/ });
  await expect(invited).toBeVisible();
  await invited.getByRole('button', { name: /Remove the invitation/ }).click();
  await expect(invited).toHaveCount(0);

  await page.getByRole('tab', { name: 'Transactions' }).click();
  await page.getByRole('button', { name: 'Record an investment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record an investment' });
  await dialog.getByRole('textbox', { name: 'Investor' }).fill('george.davies1');
  await page.getByRole('option', { name: 'George Davies (george.davies1@example.test)' }).click();
  await dialog.getByLabel(/Amount/).fill('5');
  await dialog.locator('label', { hasText: 'Payment received' }).click();
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog.getByText(/The minimum investment is/)).toBeVisible();
  await dialog.getByLabel(/Amount/).fill('12000');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: /George Davies.*£12,000\.00/ })).toContainText('Payment received');
});
