import { expect, type Page, test } from '@playwright/test';
import { login } from './support/session';

/**
 * Bank statements (decision 0055): staff upload a CSV statement; the line quoting one cash call's
 * payment reference pays it at once, the line with another call's exact amount and its investor's
 * name is suggested; staff confirm the suggestion and that call shows as paid.
 */
const SHOTS = '/tmp/shots';
type Call = { id: number; payment_reference: string; amount_outstanding: string; currency: string; user: { name: string } | null };

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    await page.screenshot({ path: `${SHOTS}/bank-statements-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a statement pays one call by its reference, and a confirmed suggestion pays another', async ({ page }) => {
  await login(page, 'superadmin@demo.test');
  const open = await page.request.get('/api/cash-calls?filter[state]=outstanding&include=user&per_page=100');
  const calls = ((await open.json()).data as Call[]).filter((c) => c.currency === 'GBP' && c.user);
  const byReference = calls[0];
  const byAmount = calls.find((c) => c.user?.name !== byReference.user?.name && c.amount_outstanding !== byReference.amount_outstanding);
  expect(byAmount, 'two open GBP cash calls of different investors in the demo data').toBeDefined();
  const csv = [
    'Date,Description,Amount,Counterparty',
    `02/03/2026,Payment ${byReference.payment_reference},${byReference.amount_outstanding},${byReference.user?.name}`,
    `03/03/2026,Investment,${byAmount!.amount_outstanding},${byAmount!.user?.name.toUpperCase()}`,
    '04/03/2026,Card purchase,-4.20,Coffee Shop',
  ].join('\n');

  await page.goto('/admin/cash-calls');
  await page.getByRole('link', { name: 'Bank statements' }).click();
  await expect(page.getByRole('heading', { name: 'Bank statements', level: 1 })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: `statement-${Date.now()}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('textbox', { name: 'Amount column' })).toHaveValue('Amount');
  await shoot(page, 'upload');
  await page.getByRole('button', { name: 'Upload and match' }).click();

  await expect(page.getByRole('heading', { name: /^Statement statement-/ })).toBeVisible();
  const matched = page.getByRole('row').filter({ hasText: byReference.payment_reference }).first();
  await expect(matched.getByText('Matched')).toBeVisible();
  await expect(matched.getByText('by reference')).toBeVisible();
  const suggested = page.getByRole('row').filter({ hasText: 'Investment' });
  await expect(suggested.getByText('Suggested')).toBeVisible();
  await expect(suggested.getByText(byAmount!.payment_reference)).toBeVisible();
  await shoot(page, 'review');
  await suggested.getByRole('button', { name: /^Confirm line 3/ }).click();
  await expect(suggested.getByText('Matched')).toBeVisible();
  await expect(suggested.getByText(`${byAmount!.payment_reference}, paid`)).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Bank statements' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Cash calls' }).click();
  await page.getByRole('textbox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Paid', exact: true }).click();
  for (const call of [byReference, byAmount!])
    await expect(page.getByRole('row').filter({ hasText: call.payment_reference }).getByText('Paid', { exact: true })).toBeVisible();
  await page
    .getByRole('row')
    .filter({ hasText: byAmount!.payment_reference })
    .getByRole('button', { name: /^Reminders/ })
    .click();
  // A paid call is reminded no more: the dialog lists what was sent and offers no new reminder.
  await expect(page.getByRole('dialog').getByText(`Reminders — ${byAmount!.payment_reference}`)).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Send reminder now' })).toHaveCount(0);
  await shoot(page, 'reminders');
});
