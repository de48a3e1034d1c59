import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/**
 * The cash-call reminder schedule (decision 0061): staff change it from the cash-calls page; a day
 * given twice is refused on the form, and the saved schedule is what the Reminders dialog tells.
 */
test('staff set when unpaid cash calls are reminded', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/cash-calls');
  await page.getByRole('link', { name: 'Reminder schedule' }).click();
  await expect(page.getByRole('heading', { name: 'Reminder schedule', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Reminder 1, days before' })).toHaveValue('3');

  await page.getByRole('button', { name: 'Add a reminder before' }).click();
  await page.getByRole('textbox', { name: 'Reminder 2, days before' }).fill('3');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByRole('group', { name: 'Reminders before the due date' }).getByRole('alert')).toHaveText(
    'Each day before the due date once.',
  );
  await page.getByRole('textbox', { name: 'Reminder 2, days before' }).fill('10');
  await page.getByRole('switch', { name: 'On the due date' }).click();
  await page.getByRole('button', { name: 'Add a reminder after' }).click();
  await page.getByRole('textbox', { name: 'Reminder 2, days after' }).fill('14');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  const words = '10 days, 3 days before the due date and 7 days, 14 days after it';
  await expect(page.getByText(`Reminder schedule saved: ${words}.`)).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Cash calls' }).click();
  await page
    .getByRole('button', { name: /^Reminders/ })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByText(`on the firm's schedule: ${words}.`)).toBeVisible();
  // The demo's schedule again, for the journeys that follow (days before are listed furthest first).
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Reminder schedule' }).click();
  await page.getByRole('button', { name: 'Remove reminder 1 before the due date' }).click();
  await page.getByRole('switch', { name: 'On the due date' }).click();
  await page.getByRole('button', { name: 'Remove reminder 2 after the due date' }).click();
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Reminder schedule saved: 3 days before the due date, on the due date and 7 days after it.')).toBeVisible();
});
