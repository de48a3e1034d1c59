import { expect, test } from '@playwright/test';
import { chooseFile } from './support/files';
import { signIn } from './support/session';

/** A 2×2 PNG: small enough to inline, real enough for the server's check of the bytes. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Staff write what investors read — rich-text description, team, key dates, gallery with its cover —
 * and the investor preview shows exactly that.
 */
test('staff write an opportunity with formatting, team, key dates and a gallery, and preview it as investors see it', async ({ page }) => {
  const name = `Tidewater Analytics ${Date.now() % 100000}`;
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investments/opportunities/new-opportunity');
  await page.getByLabel('Opportunity name').fill(name);
  await page.getByLabel(/^Company/).fill('Tidewater Analytics Ltd');

  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.type('Why now');
  await page.getByRole('combobox', { name: 'Header' }).first().selectOption('Heading 2');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Ports must report emissions from 2027.');

  await page.getByRole('button', { name: 'Add a team member' }).click();
  await page.getByRole('button', { name: 'Add a key date' }).click();
  await page.getByLabel('What happens').fill('First close');
  await page.getByLabel(/^Date/).fill('2027-03-31');
  // A name past the limit: the server's message lands on that team member's field and nothing is saved.
  await page.getByLabel(/^Name/).fill('P'.repeat(121));
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('Use at most 120 characters.')).toBeVisible();
  await expect(page).toHaveURL(/new-opportunity$/);

  await page.getByLabel(/^Name/).fill('Priya Raman');
  await page.getByLabel('Role').fill('Chief executive');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/admin\/investments\/opportunities\/\d+\/edit$/);

  await expect(page.getByText('No pictures yet.')).toBeVisible();
  for (const caption of ['The harbour', 'The sensor']) {
    await chooseFile(page, 'Picture', { name: `${caption}.png`, mimeType: 'image/png', buffer: PICTURE });
    await page.getByLabel('Caption').fill(caption);
    await page.getByRole('button', { name: 'Add picture' }).click();
    await expect(page.getByRole('img', { name: caption })).toBeVisible();
  }
  const pictures = page.getByLabel('Gallery order');
  await expect(pictures.locator('.mantine-Card-root').first()).toContainText('The harbour');
  await page.getByRole('button', { name: 'Move The sensor earlier' }).click();
  await expect(pictures.locator('.mantine-Card-root').first()).toContainText('The sensor');
  await expect(pictures.locator('.mantine-Card-root').first()).toContainText('Cover');

  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Why now' })).toBeVisible();
  await expect(page.getByText('Ports must report emissions from 2027.')).toBeVisible();
  await expect(page.getByText('Priya Raman')).toBeVisible();
  await expect(page.getByText('First close')).toBeVisible();
  // The cover is the first picture of the gallery, as the investor will see it.
  await expect(page.getByRole('img', { name: 'The sensor' }).first()).toBeVisible();
});
