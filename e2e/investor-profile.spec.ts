import { expect, test } from '@playwright/test';
import { createInvestor } from './support/accounts';
import { DEMO_PASSWORD } from './support/env';
import { chooseFile } from './support/files';
import { login } from './support/session';
import { setFlags } from './support/settings';

/**
 * The investor's profile (issue 4): with the investor-type pop-up on, an investor without a category
 * is asked for one before investing, declares it by accepting its statement and comes back to the
 * investment; they keep their details, upload an identity document, and change their password.
 */
test('an investor declares their category from the pop-up, keeps their details and changes their password', async ({ page }) => {
  const email = `profile-${Date.now() % 100000}@demo.test`;
  await createInvestor(email, 'Pat Profile', { gates: 'new' });
  await setFlags({ investor_categorisation_popups_enabled: true });
  try {
    await login(page, email);
    // Without a category the opportunity is not shown (decision 0028): the pop-up asks for one at once.
    await page.goto('/investor/investments/heliotrope-energy-series-a');

    const popup = page.getByRole('dialog', { name: 'What kind of investor are you?' });
    await expect(popup).toBeVisible();
    await popup.getByRole('radio', { name: /High net worth investor/ }).check();
    await popup.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/investor\/profile\/type\?/);
    await expect(page.getByRole('radio', { name: /High net worth investor/ })).toBeChecked();
    const submit = page.getByRole('button', { name: 'Submit declaration' });
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('blockquote', { name: 'Statement' })).toContainText('certified high net worth investor');
    await page.getByLabel('I have read this statement and it is true of me').check();
    await submit.click();
    // Back on the way to invest, the pop-up no longer stands in the way.
    await expect(page).toHaveURL(/\/investor\/investments\/heliotrope-energy-series-a\/(investor-type|invest)/);
    await expect(page.getByRole('dialog', { name: 'What kind of investor are you?' })).toHaveCount(0);
    await page.goto('/investor/profile/type');
    await expect(page.getByText('High net worth investor').first()).toBeVisible();
    await expect(page.getByText('Approved')).toBeVisible();

    await page.getByRole('link', { name: 'Personal details' }).click();
    await page.getByLabel('Phone').fill('not a number');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Enter a phone number such as +44 20 7946 0000.')).toBeVisible();
    await page.getByLabel('Phone').fill('+44 113 496 0000');
    await page.getByLabel('Town or city').fill('Leeds');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your details are saved.')).toBeVisible();
    await page.getByRole('link', { name: 'Overview' }).last().click();
    await expect(page.getByText('+44 113 496 0000')).toBeVisible();

    await page.getByRole('link', { name: 'Identity' }).click();
    await chooseFile(page, 'Document', {
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'),
    });
    await page.getByLabel('Name (optional)').fill('Passport');
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Documents submitted')).toBeVisible();
    await expect(page.getByText('Passport', { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByLabel('Current password').fill('wrong-password-1');
    await page.getByLabel(/^New password/).fill('a-new-password-2026');
    await page.getByLabel('Confirm new password').fill('a-new-password-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The current password is incorrect.')).toBeVisible();
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been updated.')).toBeVisible();

    await page.context().clearCookies();
    await login(page, email, 'a-new-password-2026');
    await expect(page).toHaveURL(/\/investor/);
  } finally {
    await setFlags({ investor_categorisation_popups_enabled: false });
  }
});
