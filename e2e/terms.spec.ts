import { expect, test } from '@playwright/test';
import { login } from './support/session';

test('an investor with outdated terms must accept them before using the portal', async ({ page }) => {
  await login(page, 'pending@demo.test');
  const modal = page.getByRole('dialog');
  const box = modal.getByRole('checkbox', { name: 'I have read, understood and accept the terms and conditions' });
  const submit = modal.getByRole('button', { name: 'Submit' });
  await expect(box).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(box).toBeVisible();
  // The terms open over the acceptance, as rendered text, and close back to it.
  await modal.getByRole('link', { name: 'Read the terms and conditions' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await expect(terms.getByRole('heading', { name: '2. Investments' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(terms).toHaveCount(0);
  await box.check();
  await submit.click();
  await expect(modal).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'I have read, understood and accept the terms and conditions' })).toHaveCount(0);
  // The portal's footer opens the same terms.
  await page.locator('footer').getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page.getByRole('dialog', { name: 'Terms & Conditions' }).getByText('These terms govern your use')).toBeVisible();
});
