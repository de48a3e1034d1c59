import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfPagesText } from '../apps/server/src/test/pdf-text';
import { signIn } from './support/session';

/**
 * A compliance officer hands a regulator an investor's records (issue 14, decision 0033): from the
 * investor's page in the back office, staff download the evidence pack; the PDF names the investor
 * on every page with each section of their records, and the zip carries it with their files.
 */
test('staff download the evidence pack of an investor, as a PDF and as a zip', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto(`/admin/investors?search=${encodeURIComponent('Isla Investor')}`);
  await page.getByRole('link', { name: 'Isla Investor' }).first().click();
  await expect(page.getByRole('heading', { name: 'Isla Investor' })).toBeVisible();

  await page.getByRole('button', { name: 'Evidence pack' }).click();
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF', exact: true }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^evidence-pack-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pages = await pdfPagesText(await fs.readFile(await pdf.path()));
  const text = pages.join(' ').replace(/\s+/g, ' ');
  for (const [n, page] of pages.entries()) {
    expect(page).toContain('Evidence pack: Isla Investor');
    expect(page).toContain(`Page ${n + 1} of ${pages.length}`);
  }
  for (const title of [
    'Identity and KYC',
    'Categorisations',
    'Appropriateness test',
    'Risk warning and cooling-off',
    'Terms accepted',
    'Market soundings and insider register',
    'Investments',
    'Record retention',
  ])
    expect(text).toContain(title);
  expect(text).toContain('High net worth investor');
  expect(text).toMatch(/Beaumont Ventures Ltd — supporting document Organisation applications .+ documents\/\d+-certificate\.pdf/);
  expect(text).toContain('Quillon Security Exit');
  expect(text).toMatch(/Generated \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC by Sam Admin \(superadmin@demo\.test\)/);

  await page.getByRole('button', { name: 'Evidence pack' }).click();
  const zipDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF and files (zip)' }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toMatch(/^evidence-pack-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await fs.readFile(await zip.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(bytes.toString('latin1')).toMatch(/documents\/\d+-certificate\.pdf/);
});
