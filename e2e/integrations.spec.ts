import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/** Settings › API tokens and Triggers (decision 0066): a token is shown once and works; a webhook trigger's secret likewise. */
test('create an API token, see it once and use it; create a webhook trigger', async ({ page, playwright, baseURL }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/settings/integrations/api-tokens');
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Journey script');
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByTestId('new-api-token');
  await expect(shown).toHaveText(/^pat_/);
  const token = (await shown.textContent())!.trim();
  await page.screenshot({ path: 'test-results/integrations/api-tokens-1440.png', fullPage: true });

  // The token works from outside the browser, without cookies.
  const outside = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  expect((await outside.get('/api/triggers')).status()).toBe(200);
  await outside.dispose();

  await page.reload();
  await expect(page.getByRole('cell', { name: 'Journey script' }).first()).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/integrations/api-tokens-390.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto('/admin/settings/integrations/triggers');
  await expect(page.getByRole('heading', { name: 'Triggers', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New trigger' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Reservations to the CRM');
  await dialog.getByRole('textbox', { name: 'Event' }).click();
  await page.getByRole('option', { name: 'Investment reserved' }).click();
  await dialog.getByRole('textbox', { name: 'Webhook address' }).fill('https://crm.example.test/hooks');
  await dialog.getByRole('button', { name: 'Save trigger' }).click();
  await expect(page.getByTestId('trigger-secret')).toHaveText(/^whsec_/);
  await expect(page.getByRole('cell', { name: 'Reservations to the CRM' }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/integrations/triggers-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/integrations/triggers-390.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('link', { name: 'Delivery log of Payments to the finance desk' }).click();
  await expect(page.getByRole('heading', { name: /Delivery log/ })).toBeVisible();
  await expect(page.getByText('Delivered', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/integrations/deliveries-1440.png', fullPage: true });
});
