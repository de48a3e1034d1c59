import { expect, test } from '@playwright/test';
import { logout, signIn } from './support/session';

/**
 * Soft-circling a deal before launch (decision 0062): staff place a deal with a client group, an
 * investor in the group says "finance in place" with £20,000 under the intent terms, staff see the
 * demand, and launching the deal invites that investor to the new opportunity.
 */
test('staff place a deal with a client group; an interested investor is invited at launch', async ({ page }) => {
  test.setTimeout(180_000);
  const company = 'Marlow & Finch Ltd';
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investments/deals?view=table');
  await page.getByRole('link', { name: company }).click();
  await expect(page.getByRole('heading', { name: company, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Placement' }).click();
  await expect(page).toHaveURL(/\/placement$/);
  const placementTab = page.url();
  await page.getByLabel('Teaser').fill('A growing maker of bespoke furniture, raising before its London showroom opens.');
  await page.getByRole('textbox', { name: 'Client groups' }).click();
  await page.getByRole('option', { name: 'Co-investment club' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Place the deal' }).click();
  await expect(page.getByRole('heading', { name: 'Demand' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Isla Investor/ })).toContainText('Co-investment club');
  await logout(page);

  await signIn(page, 'investor@demo.test');
  await page.goto('/investor/investments');
  const section = page.getByRole('region', { name: 'Deals being placed with you' });
  const card = section.locator('.mantine-Card-root', { hasText: company });
  await card.getByRole('link', { name: 'View and answer' }).click();
  await expect(page.getByRole('heading', { name: company, level: 1 })).toBeVisible();
  await expect(page.getByText('bespoke furniture')).toBeVisible();
  await page.getByRole('radio', { name: 'Finance in place', exact: true }).check();
  await page.getByLabel('Indicative amount').fill('20000');
  // Interest needs the intent terms accepted: without the tick the server refuses.
  await page.getByRole('button', { name: 'Send my answer' }).click();
  await expect(page.getByText('Accept the intent terms to state your interest.')).toBeVisible();
  await page.getByRole('checkbox', { name: /I have read and accept version \d+ of the intent terms/ }).check();
  await page.getByRole('button', { name: 'Send my answer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'your answer is saved' })).toBeVisible();
  await logout(page);

  await signIn(page, 'superadmin@demo.test');
  await page.goto(placementTab);
  const row = page.getByRole('row', { name: /Isla Investor/ });
  await expect(row).toContainText('Finance in place');
  await expect(row).toContainText('£20,000.00');
  await expect(page.getByText('Indicative total (interested)')).toBeVisible();

  await page.getByRole('button', { name: 'Promote to opportunity' }).click();
  const dialog = page.getByRole('dialog', { name: `Promote ${company}?` });
  await expect(dialog).toContainText('1 interested investor from the placement will be invited to the opportunity.');
  await dialog.getByRole('button', { name: 'Create the draft' }).click();
  await expect(page).toHaveURL(/\/admin\/investments\/opportunities\/\d+\/edit$/);
  const id = page.url().match(/opportunities\/(\d+)\/edit/)?.[1];
  await page.goto(`/admin/investments/opportunities/${id}/invitations`);
  await expect(page.getByRole('row', { name: /Isla Investor/ })).toBeVisible();
});
