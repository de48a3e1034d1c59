import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { chooseFile } from './support/files';
import { signIn } from './support/session';

/** A two-page agreement with a signature line near the foot of the second page. */
async function agreement(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText('Subscription agreement: terms', { x: 60, y: 760, size: 18, font });
  pdf.addPage([595, 842]).drawText('Signature: ______________________', { x: 60, y: 150, size: 12, font });
  return Buffer.from(await pdf.save());
}

test('staff sign an investor’s PDF on a drawing of its page and file the signed copy', async ({ page }) => {
  const name = `Agreement ${Date.now()}.pdf`;
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investors?search=investor%40demo.test');
  await page
    .getByRole('link', { name: /Isla Investor|investor@demo\.test/ })
    .first()
    .click();
  await page.getByRole('tab', { name: 'Documents', exact: true }).click();
  await chooseFile(page, 'File', { name, mimeType: 'application/pdf', buffer: await agreement() });
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('link', { name: `Sign ${name}` }).click();

  // The chosen page is drawn from the file itself, and a click on it places the signature.
  await page.getByRole('textbox', { name: 'Signature' }).fill('Isla Investor');
  await page.getByRole('textbox', { name: 'Page' }).click();
  await page.getByRole('option', { name: 'Page 2 of 2' }).click();
  const drawn = page.getByRole('img', { name: /^Page 2 of Agreement/ });
  await expect(drawn).toBeVisible();
  await expect(page.getByLabel('Drawing the page')).toHaveCount(0);
  const box = (await drawn.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.1, box.y + box.height * 0.8);
  await expect(page.getByRole('textbox', { name: 'From the top (%)' })).toHaveValue('80');
  await expect(page.getByRole('textbox', { name: 'From the left (%)' })).toHaveValue('10');

  await page.getByRole('button', { name: 'Sign and save a copy' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  const signedRow = page.getByRole('row', { name: /\(signed\)/ }).filter({ hasText: name.replace(/\.pdf$/, '') });
  await expect(signedRow).toBeVisible();

  // The signed copy opens as a PDF of the same pages.
  const href = await signedRow.getByRole('link').first().getAttribute('href');
  const signed = await PDFDocument.load(await (await page.request.get(href!)).body());
  expect(signed.getPageCount()).toBe(2);
});
