import { expect, test } from '@playwright/test';
import { createInvestor } from './support/accounts';
import { signIn } from './support/session';

test('an investor writes to support from Contact us: field errors first, then a confirmation', async ({ page }) => {
  await createInvestor('contact-us@e2e.test', 'Cora Contact');
  await signIn(page, 'contact-us@e2e.test');
  await page.goto('/investor/profile/view');
  await page.locator('footer').getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/investor\/profile\/contact$/);
  await expect(page).toHaveTitle(/^Contact us \|/);

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter a subject.')).toBeVisible();
  await expect(page.getByText('Write your message.')).toBeVisible();

  await page.getByLabel('Subject').fill('Where is my EIS3?');
  await page.getByLabel('Message').fill('I cannot find the certificate for my last investment.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('We have your message')).toBeVisible();
  await expect(page.getByText(/“Where is my EIS3\?” was sent to our team/)).toBeVisible();
});
