import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/**
 * A firm moving here records what it already holds: an Entrepreneur records the investment as
 * Completed on its date, staff add a dated holding, and the investor finds it in the portfolio.
 */
test('an existing investment is recorded with a holding and reaches the investor portfolio', async ({ browser }) => {
  const name = `Harbour Robotics ${Date.now() % 100000}`;
  const entrepreneur = await (await browser.newContext()).newPage();
  await signIn(entrepreneur, 'entrepreneur@demo.test');
  await entrepreneur.goto('/admin/investments/existing');
  await entrepreneur.getByRole('link', { name: 'Record an existing investment' }).click();
  await entrepreneur.getByLabel('Opportunity name').fill(name);
  await entrepreneur.getByLabel(/^Company/).fill('Harbour Robotics Ltd');
  await entrepreneur.getByLabel(/^Completed on/).fill('2021-05-14');
  await entrepreneur.getByLabel(/^Share price/).fill('0');
  await entrepreneur.getByRole('button', { name: 'Record investment' }).click();
  await expect(entrepreneur.getByText('Enter the price the shares were bought at.')).toBeVisible();
  await entrepreneur.getByLabel(/^Share price/).fill('0.50');
  await entrepreneur.getByRole('button', { name: 'Record investment' }).click();
  await expect(entrepreneur).toHaveURL(/\/admin\/investments\/existing\/\d+\/details$/);
  await expect(entrepreneur.getByRole('heading', { name })).toBeVisible();
  const detailsUrl = entrepreneur.url();

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto(detailsUrl.replace(/\/details$/, '/transactions'));
  await staff.getByRole('button', { name: 'Record an investment' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Record an investment' });
  await dialog.getByRole('textbox', { name: 'Investor' }).fill('investor@demo');
  await staff.getByRole('option', { name: /Isla Investor/ }).click();
  await dialog.getByLabel(/Amount/).fill('4000');
  await dialog.getByLabel(/^Paid on/).fill('2021-05-10');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(staff.getByRole('row', { name: /Isla Investor.*£4,000\.00/ })).toBeVisible();

  const investor = await (await browser.newContext()).newPage();
  await signIn(investor, 'investor@demo.test');
  await investor.goto('/investor/portfolio');
  // 8,000 shares at £0.50, valued at the price they were bought at until a new price is recorded.
  await expect(investor.getByRole('row', { name: new RegExp(name) })).toContainText('£4,000.00');
  await expect(investor.getByRole('row', { name: new RegExp(name) })).toContainText('8,000');
});
