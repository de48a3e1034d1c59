import { expect, test } from '@playwright/test';
import { ageCategorisation, createInvestor } from './support/accounts';
import { login } from './support/session';

/**
 * The gates before financial promotions and investing (issue 14, decision 0028): a new investor sees
 * no opportunity until categorised, waits out the 24-hour cooling-off of a first-time investor (the
 * journey ages the categorisation as if the clock had moved on), acknowledges the personalised risk
 * warning, passes the appropriateness test and invests.
 */
const SLUG = 'heliotrope-energy-series-a';

test('a new investor is categorised, waits out the cooling-off, acknowledges the risk warning and invests', async ({ page }) => {
  test.setTimeout(150_000);
  const email = `gates-${Date.now() % 100000}@demo.test`;
  await createInvestor(email, 'Gale Gates', { gates: 'new' });
  await login(page, email);

  // No promotion before a category: the page leads to the declaration instead.
  await page.goto(`/investor/investments/${SLUG}`);
  await expect(page.getByText('Tell us what kind of investor you are')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Heliotrope Energy Series A' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Declare your category' }).click();
  await expect(page).toHaveURL(/\/investor\/profile\/type\?/);
  await page.getByRole('radio', { name: /High net worth investor/ }).check();
  await page.getByLabel('I have read this statement and it is true of me').check();
  await page.getByRole('button', { name: 'Submit declaration' }).click();

  // Back on the opportunity, which is shown now; investing waits for the cooling-off.
  await expect(page).toHaveURL(new RegExp(`/investor/investments/${SLUG}$`));
  await expect(page.getByRole('heading', { name: 'Heliotrope Energy Series A' })).toBeVisible();
  await page.getByRole('link', { name: 'Invest', exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Your 24-hour cooling-off period')).toBeVisible();
  await expect(page.getByText(/You can invest from/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reserve my allocation' })).toBeDisabled();

  // A day later: the personalised risk warning, acknowledged.
  await ageCategorisation(email, 24);
  await page.reload();
  await expect(page.getByText('Before your first investment')).toBeVisible();
  await expect(
    page.getByText("Gale Gates, this is a high-risk investment. How would you feel if you lost the money you're about to invest?"),
  ).toBeVisible();
  await page.getByRole('button', { name: 'I understand the risks' }).click();

  // The appropriateness test of the demo, then the reservation.
  await page.getByRole('link', { name: 'Take the test' }).click();
  for (const answer of [
    'You lose all the money you invested',
    'Usually not until the company is sold or lists',
    'Your percentage falls when new shares are issued',
    'No, you are unlikely to be protected if something goes wrong',
    'No more than 10%',
  ])
    await page.getByLabel(answer).check();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByText('You passed')).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/invest(\?holder_type=personal)?$/);
  await page.getByLabel(/Amount/).fill('2000');
  await page.getByLabel(/I have read and accept version \d+ of the investment terms/).check();
  await page.getByRole('button', { name: 'Reserve my allocation' }).click();
  await expect(page.getByText('Your allocation is reserved', { exact: true })).toBeVisible();
});
