import { expect, test } from '@playwright/test';
import { createInvestor } from './support/accounts';
import { signIn } from './support/session';

test('an investor reads a statement in the PDF viewer; another investor opening it finds the 404 page', async ({ browser }) => {
  const investor = await (await browser.newContext()).newPage();
  await signIn(investor, 'investor@demo.test');
  await investor.goto('/investor/profile/documents');
  await investor
    .getByRole('link', { name: /Portfolio statement/ })
    .first()
    .click();
  await expect(investor).toHaveURL(/\/investor\/pdf\/\d+$/);
  const documentId = investor.url().split('/').pop();

  // The first page is drawn: the canvas holds ink, not just a white page.
  await expect(investor.getByText(/^Page 1 of \d+$/)).toBeVisible();
  const page = investor.getByRole('img', { name: /, page 1$/ });
  await expect(page).toBeVisible();
  await expect(investor.getByLabel('Drawing the page')).toHaveCount(0);
  const inked = await page.evaluate((canvas) => {
    const c = canvas as HTMLCanvasElement;
    const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i] < 128 && pixels[i + 3] > 0) return true;
    return false;
  });
  expect(inked).toBe(true);
  await expect(investor).toHaveTitle(/\.pdf \|/);

  // Zoom steps and the download button.
  await investor.getByRole('button', { name: 'Zoom in' }).click();
  await expect(investor.getByRole('button', { name: 'Fit to width' })).toHaveText('125%');
  await investor.getByRole('button', { name: 'Fit to width' }).click();
  await expect(investor.getByRole('button', { name: 'Fit to width' })).toHaveText('100%');
  await expect(investor.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/my/documents/${documentId}/download`);

  // Someone else's document is not there for another investor.
  await createInvestor('pdf-viewer-other@e2e.test', 'Olive Other');
  const other = await (await browser.newContext()).newPage();
  await signIn(other, 'pdf-viewer-other@e2e.test');
  await other.goto(`/investor/pdf/${documentId}`);
  await expect(other.getByText('404 page not found')).toBeVisible();
  await expect(other).toHaveTitle('Error - 404');
});
