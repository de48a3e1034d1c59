import { expect, test } from '@playwright/test';
import { login } from './support/session';

/**
 * The accounting integration (decision 0059): staff connect Xero (the journeys' local Xero signs in
 * at once and sends the browser back), and the sync log shows a demo cash call sent as an invoice.
 */
test('connect the accounting service and see an invoice for a cash call', async ({ page }) => {
  await login(page, 'superadmin@demo.test');
  const calls = await page.request.get('/api/cash-calls?filter[state]=outstanding&per_page=1&sort=cash_call_at');
  const reference = (await calls.json()).data[0].payment_reference as string;

  await page.goto('/admin/settings/integrations/accounting');
  await expect(page.getByRole('heading', { name: 'Accounting', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Connect Xero' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/integrations\/accounting\?connected=xero/);
  await expect(page.getByText('Demo Company (UK)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disconnect Xero' })).toBeVisible();
  await page.screenshot({ path: 'test-results/accounting/connected-1440.png', fullPage: true });

  await page.getByRole('link', { name: 'Sync log' }).click();
  await expect(page.getByRole('heading', { name: 'Accounting sync log' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Record' }).click();
  await page.getByRole('option', { name: 'Invoice' }).click();
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('—');
  await page.screenshot({ path: 'test-results/accounting/sync-log-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/accounting/sync-log-390.png', fullPage: true });
  await page.goto('/admin/settings/integrations/accounting');
  await expect(page.getByText('Demo Company (UK)')).toBeVisible();
  await page.screenshot({ path: 'test-results/accounting/connected-390.png', fullPage: true });
});
