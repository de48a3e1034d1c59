import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createInvestor, userIdOf } from './support/accounts';
import { logout, signIn } from './support/session';

/**
 * Card memberships and fees (decision 0058): staff add a plan in Settings and ask the investor for
 * a fee on their record; the investor subscribes by card through the hosted checkout (the local
 * Stripe-compatible server, whose "Pay" sends the signed notifications), sees the payment and
 * next renewal, pays the fee, cancels at the period end, and staff find the payment on
 * /admin/payments.
 */
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'pages');
const EMAIL = 'member@demo.test';
const PLAN = `Network membership ${Date.now()}`;

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, '1440', `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, '390', `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an investor subscribes to membership by card', async ({ page }) => {
  test.setTimeout(150_000);
  await createInvestor(EMAIL, 'Mona Member');

  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/settings/membership-plans');
  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New membership plan' });
  await dialog.getByRole('button', { name: 'Add plan' }).click();
  await expect(dialog.getByText('Enter the plan name.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(PLAN);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Deal flow, pitch evenings and the members’ newsletter');
  await dialog.getByRole('textbox', { name: 'Price' }).fill('250');
  await dialog.getByRole('button', { name: 'Add plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: PLAN, exact: true })).toBeVisible();
  await expect(page.getByText('£250.00 a year').first()).toBeVisible();
  await shoot(page, 'settings-membership-plans-journey');

  // A one-off fee asked on the investor's record, to pay by card.
  await page.goto(`/admin/investors/${await userIdOf(EMAIL)}/details`);
  await page.getByRole('button', { name: 'Ask for a fee' }).click();
  const ask = page.getByRole('dialog', { name: 'Ask for a fee' });
  await ask.getByRole('textbox', { name: 'For' }).fill('Joining fee');
  await ask.getByRole('textbox', { name: 'Amount' }).fill('75');
  await ask.getByRole('button', { name: 'Ask for the fee' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('table', { name: 'Fees' }).getByText('Joining fee')).toBeVisible();
  await logout(page);

  await signIn(page, EMAIL);
  await page.goto('/investor/profile/subscription');
  await expect(page.getByText('No membership payments yet')).toBeVisible();
  await page.getByRole('button', { name: `Start membership: ${PLAN}` }).click();
  // The provider's hosted checkout, then back to the membership page.
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await expect(page.getByText('250.00 GBP')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/investor\/profile\/subscription\?payment=done/);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(/Next payment £250\.00 on/)).toBeVisible();
  const payments = page.getByRole('table', { name: 'Membership payments' });
  await expect(payments.getByText('£250.00')).toBeVisible();
  await expect(payments.getByText('Received')).toBeVisible();
  await shoot(page, 'investor-membership-active');

  const fees = page.getByRole('table', { name: 'Fees' });
  await fees.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByText('75.00 GBP')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/investor\/profile\/subscription\?payment=done/);
  await expect(fees.getByText(/^Paid /)).toBeVisible();

  await page.getByRole('button', { name: 'Cancel membership' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel membership?' });
  await confirm.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(page.getByText('Ends at period end')).toBeVisible();
  await expect(page.getByText(/no further payments will be taken/)).toBeVisible();
  await logout(page);

  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/payments');
  await page.getByRole('textbox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'Subscription' }).click();
  const row = page.getByRole('row', { name: new RegExp(`Mona Member.*${PLAN}`) });
  await expect(row.getByText('£250.00')).toBeVisible();
  await expect(page.getByLabel('Totals').getByText('£250.00')).toBeVisible();
  await shoot(page, 'admin-payments-subscriptions');
});
