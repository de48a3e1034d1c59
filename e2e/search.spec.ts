import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/** A 1×1 PNG: the smallest picture the server takes by its bytes. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('staff press / and find a demo investor by name, move down to it with the arrow keys and open it with Enter', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Latest activity' })).toBeVisible();
  await page.keyboard.press('/');
  const box = page.getByRole('textbox', { name: 'Search the back office' });
  await expect(box).toBeFocused();
  await box.fill('Isla Investor');
  await expect(page.getByText('Investors', { exact: true }).last()).toBeVisible();
  await expect(page.getByRole('button', { name: /Isla Investor/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/investors\/\d+\/details$/);
  await expect(page.getByRole('heading', { name: /Isla Investor/ }).first()).toBeVisible();
});

test('staff place a picture in an update and publish it; the investor sees the picture', async ({ browser }) => {
  const title = `Plant tour ${Date.now()}`;
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/reports/new-update');
  await staff.getByLabel('Title').fill(title);
  await staff.getByRole('textbox', { name: 'Report type' }).click();
  await staff.getByRole('option', { name: 'Company news' }).click();
  await staff.getByRole('textbox', { name: 'Text' }).click();
  await staff.keyboard.type('Our new plant:');
  const chooser = staff.waitForEvent('filechooser');
  await staff.getByRole('button', { name: 'Insert picture' }).click();
  await (await chooser).setFiles({ name: 'new-plant.png', mimeType: 'image/png', buffer: PIXEL });
  await expect(staff.getByRole('img', { name: 'new-plant' })).toBeVisible();
  await staff.getByRole('radio', { name: 'Every investor' }).check();
  await staff.getByRole('button', { name: 'Create draft' }).click();
  await expect(staff).toHaveURL(/\/admin\/reports\/updates\/\d+\/edit-update$/);
  const reportId = staff.url().match(/updates\/(\d+)\//)![1];
  await staff.getByRole('button', { name: 'Publish now' }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/reports/updates/${reportId}/details$`));

  const investor = await (await browser.newContext()).newPage();
  await signIn(investor, 'investor@demo.test');
  await investor.goto(`/investor/news/reports/${reportId}`);
  await expect(investor.getByRole('heading', { name: title })).toBeVisible();
  const picture = investor.getByRole('img', { name: 'new-plant' });
  await expect(picture).toBeVisible();
  // The picture really loaded for this investor, not a broken image.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
});
