import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/**
 * A pre-emption round from start to answer: staff open it on an existing investment, the investor
 * sees the offer on their holding page and asks for more than their entitlement, staff see the
 * answer and the totals; the cap table lists the holders.
 */
test('staff open a pre-emption round, the investor increases, staff see the choice and totals, close it, and the investor sees the allotment', async ({
  browser,
}) => {
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/investments/existing');
  await staff.getByRole('row', { name: /Brightwater Foods Seed/ }).click();

  await staff.getByRole('tab', { name: 'Cap Table', exact: true }).click();
  await expect(staff.getByRole('table', { name: 'Cap table' }).getByRole('row', { name: /Isla Investor/ })).toContainText('5,000');

  await staff.getByRole('tab', { name: 'Pre-emption' }).click();
  await expect(staff.getByText('No pre-emption rounds yet')).toBeVisible();
  await staff.getByRole('button', { name: 'Open a round' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Open a pre-emption round' });
  await dialog.getByLabel('Name').fill('Rescue round');
  await dialog.getByLabel('Price per share (GBP)').fill('0.10');
  await dialog.getByLabel('Amount available (GBP)').fill('5000');
  await dialog.getByRole('button', { name: 'Open the round' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('heading', { name: 'Rescue round' })).toBeVisible();
  await expect(staff.getByText('50,000', { exact: true })).toBeVisible();

  const investor = await (await browser.newContext()).newPage();
  await signIn(investor, 'investor@demo.test');
  await investor.goto('/investor/portfolio');
  await investor.getByRole('row', { name: /Brightwater Foods Seed/ }).click();
  await expect(investor.getByRole('heading', { name: 'New shares offered: Rescue round' })).toBeVisible();
  await investor.getByRole('radio', { name: 'Increase' }).check();
  await investor.getByLabel('Amount to invest (GBP)').fill('1');
  await investor.getByRole('button', { name: 'Send my answer' }).click();
  await expect(investor.getByText(/To increase, enter more than the entitlement of/)).toBeVisible();
  await investor.getByLabel('Amount to invest (GBP)').fill('5000');
  await investor.getByRole('button', { name: 'Send my answer' }).click();
  await expect(investor.getByText('Your answer: Increase, £5,000.00')).toBeVisible();

  await staff.reload();
  const isla = staff.getByRole('table', { name: /Holders' choices in Rescue round/ }).getByRole('row', { name: /Isla Investor/ });
  await expect(isla).toContainText('Increase');
  await expect(isla).toContainText('£5,000.00');
  // Requested, and what closing now would allot: the whole offer, as nobody else has taken up.
  await expect(staff.getByText('£5,000.00 · 50,000 shares')).toHaveCount(2);
  await expect(staff.getByText('Allotted if closed now')).toBeVisible();
  await expect(staff.getByText(/^1 of \d+$/)).toBeVisible();

  // Closing fixes the allotment; the investor sees what they were allotted instead of the form.
  await staff.getByRole('button', { name: 'Close the round' }).click();
  await expect(staff.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(staff.getByText('Allotted if closed now')).toHaveCount(0);
  await investor.reload();
  await expect(investor.getByText('This offer has closed')).toBeVisible();
  await expect(
    investor.getByText('You have been allotted 50,000 new shares for £5,000.00. We will be in touch about payment.'),
  ).toBeVisible();
  await expect(investor.getByRole('button', { name: /my answer/ })).toHaveCount(0);
});
