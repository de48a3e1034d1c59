import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';

/** The draft form's status line (aria-live): "Saved at 14:03" once the autosave is answered. */
const savedLine = (page: Page) => page.getByRole('status').filter({ hasText: /^Saved at \d{2}:\d{2}$/ });

/**
 * Spec §9's 3000 ms helper: a draft saves itself after typing stops. What was typed is there after
 * a reload, with no press of the save button; a draft the server refuses shows why on the field and
 * keeps the text.
 */
test('a draft opportunity saves itself as it is typed, and a refused field keeps its text', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investments/opportunities/new-opportunity');
  await page.getByLabel('Opportunity name').fill(`Kestrel Robotics ${Date.now() % 100000}`);
  await page.getByLabel(/^Company/).fill('Kestrel Robotics Ltd');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/admin\/investments\/opportunities\/\d+\/edit$/);
  await expect(page.getByRole('status').filter({ hasText: 'Changes to this draft save by themselves.' })).toBeVisible();

  const summary = 'Warehouse robots that pick any item first time, saved without pressing a button.';
  await page.getByLabel('Summary').fill(summary);
  await expect(savedLine(page)).toBeVisible();

  const price = page.getByLabel('Share price');
  await price.fill('twelve pounds');
  await expect(page.getByRole('status').filter({ hasText: /^Not saved:/ })).toBeVisible();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toHaveValue('twelve pounds');
  await price.fill('');
  await expect(savedLine(page)).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Summary')).toHaveValue(summary);
  await expect(page.getByLabel('Share price')).toHaveValue('');
});

test('a draft update saves itself as it is typed and is there after a reload', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/reports/new-update');
  await page.getByLabel('Title').fill('Quarterly letter');
  await page.getByRole('textbox', { name: 'Report type' }).click();
  await page.getByRole('option', { name: 'Company news' }).click();
  const text = page.getByRole('textbox', { name: 'Text' });
  await text.click();
  await page.keyboard.type('Revenue doubled this quarter.');
  await page.getByRole('radio', { name: 'Every investor' }).check();
  await page.getByRole('button', { name: 'Create draft' }).press('Enter');
  await expect(page).toHaveURL(/\/admin\/reports\/updates\/\d+\/edit-update$/);
  // The new page's own form: until it is drawn, the create form (already saying "Saved at") is still on screen.
  await expect(page.getByRole('heading', { name: 'Edit Quarterly letter' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Changes to this draft save by themselves.' })).toBeVisible();

  const title = `Quarterly letter to holders ${Date.now() % 100000}`;
  await page.getByLabel('Title').fill(title);
  await text.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Margins held.');
  await expect(savedLine(page)).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(text).toContainText('Revenue doubled this quarter. Margins held.');
});
