import { expect, type Page, test } from '@playwright/test';
import { chooseFile } from './support/files';
import { login, signIn } from './support/session';
import { keepBranding } from './support/settings';

// A 1×1 PNG and the first bytes of a WOFF2 font: enough for the server, which checks what the bytes are.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5dd8f9a0000000049454e44ae426082',
  'hex',
);
const WOFF2 = Buffer.concat([Buffer.from('wOF2\x00\x01\x00\x00', 'latin1'), Buffer.alloc(120, 7)]);
const BRAND = '#7a1f5c';

const brandColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-brand-6').trim());
const bodyFont = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily);

let restore: () => Promise<void>;
test.beforeAll(async () => {
  restore = await keepBranding();
});
test.afterAll(async () => {
  await restore();
});

test('a new primary colour, logo and font apply at once in both shells, on pages already open', async ({ page, browser }) => {
  const investorContext = await browser.newContext();
  const investor = await investorContext.newPage();
  await login(investor, 'investor@demo.test');
  await expect(investor).toHaveURL(/\/investor/);
  expect(await brandColour(investor)).not.toBe(BRAND);

  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/settings/account');
  await page.getByLabel('Primary').fill(BRAND);
  await chooseFile(page, /^Logo/, { name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Font family').fill('Brand Sans');
  await chooseFile(page, 'Font file', { name: 'brand-sans.woff2', mimeType: 'font/woff2', buffer: WOFF2 });
  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The branding has been saved.' })).toBeVisible();

  // The admin shell follows on save…
  await expect.poll(() => brandColour(page)).toBe(BRAND);
  await expect.poll(() => bodyFont(page)).toMatch(/^"?Brand Sans"?,/);
  // …and the investor's open page without a reload (realtime settings.updated).
  await expect.poll(() => brandColour(investor)).toBe(BRAND);
  await expect(investor.locator('header img[src^="/api/files/branding/"]').first()).toBeVisible();
  await expect.poll(() => bodyFont(investor)).toMatch(/^"?Brand Sans"?,/);
  const fontFace = await investor.evaluate(() => [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Brand Sans'));
  expect(fontFace).toBe(true);
  await investorContext.close();
});
