import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/** A new share price on an existing investment changes its chart and the investor's portfolio value. */
test('staff record a share price and the investor portfolio is revalued', async ({ browser }) => {
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/investments/existing');
  await staff.getByRole('row', { name: /Orbital Freight Series A/ }).click();
  await staff.getByRole('tab', { name: 'Performance', exact: true }).click();
  await expect(staff.getByRole('heading', { name: 'Price per share' })).toBeVisible();
  await expect(staff.locator('.recharts-line')).toBeVisible();

  const today = new Date().toISOString().slice(0, 10);
  await staff.getByLabel('Date', { exact: true }).fill(today);
  await staff.getByRole('textbox', { name: 'Price per share (GBP)' }).fill('3.00');
  await staff.getByRole('button', { name: 'Add' }).click();
  const shownToday = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(today),
  );
  await expect(staff.getByText(`Valued at £3.00 (Share price, ${shownToday})`)).toBeVisible();
  // Isla Investor bought 12,500 shares at £1.00: now worth £37,500 (a table amount over £10,000 without pence).
  await expect(staff.getByRole('row', { name: /Isla Investor/ })).toContainText('£37,500');
  await expect(staff.getByRole('row', { name: /Isla Investor/ })).not.toContainText('£37,500.00');

  const investor = await (await browser.newContext()).newPage();
  await signIn(investor, 'investor@demo.test');
  await investor.goto('/investor/portfolio');
  await expect(investor.getByRole('row', { name: /Orbital Freight Series A/ })).toContainText('£37,500');
});
