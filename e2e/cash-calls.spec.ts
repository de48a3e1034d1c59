import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/**
 * Cash calls across the book (decision 0050): staff record part of a call's money on the cash-calls
 * page and see it part-paid, then the rest and see it paid.
 */
test('a part payment leaves a call part-paid, and the rest pays it', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/cash-calls');
  await expect(page.getByRole('heading', { name: 'Cash calls' })).toBeVisible();
  await page.getByRole('textbox', { name: 'State' }).click();
  // The list keeps the open calls on screen until the filtered page has drawn, so the row is picked
  // by its own state, then held by its reference.
  await page.getByRole('option', { name: 'Outstanding' }).click();
  const first = page
    .getByRole('row')
    .filter({ has: page.getByText('Outstanding', { exact: true }) })
    .filter({ has: page.getByRole('button', { name: /Record payment/ }) })
    .first();
  const reference = (await first.getByRole('cell').nth(2).textContent())!.trim();
  await page
    .getByRole('row')
    .filter({ hasText: reference })
    .getByRole('button', { name: /Record payment/ })
    .click();

  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount received').fill('100');
  await dialog.getByLabel('Note').fill('First instalment');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Part-paid' }).click();
  const part = page.getByRole('row').filter({ hasText: reference });
  await expect(part.getByText('Part-paid')).toBeVisible();

  // The amount offered is what is still outstanding: accepting it pays the call.
  await part.getByRole('button', { name: /Record payment/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Record payment' }).click();
  await page.getByRole('textbox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Paid', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: reference }).getByText('Paid', { exact: true })).toBeVisible();
});
