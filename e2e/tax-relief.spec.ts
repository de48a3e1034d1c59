import { expect, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { seriousFindings, withAxe } from './support/axe';
import { chooseFile } from './support/files';
import { signIn } from './support/session';
import { setFlags } from './support/settings';

/**
 * The page at desktop and phone width: a screenshot to look at (in the test's output folder) and
 * axe's findings, none serious or critical — the page walk's rule, on a page holding data.
 */
async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    const serious = await seriousFindings(page);
    expect(serious.map((f) => `${name} @${width} ${f.rule}: ${f.targets.join(' | ')}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Tax relief with `enableTax` on: staff record an EIS share issue on an existing investment, the
 * relief an investor's holding claims, and upload their EIS3; the investor sees the relief and its
 * three-year clock on their holding and downloads the certificate.
 */
test('staff upload an EIS3 and the investor downloads it and sees the holding clock', async ({ browser }) => {
  // Two people's sessions and four full-page screenshots.
  test.setTimeout(180_000);
  await setFlags({ tax_enabled: true });
  try {
    const doc = await PDFDocument.create();
    doc.addPage().drawText('EIS3 compliance certificate');
    const pdf = Buffer.from(await doc.save());

    const staff = await (await withAxe(await browser.newContext())).newPage();
    await signIn(staff, 'superadmin@demo.test');
    await staff.goto('/admin/investments/existing');
    await staff.getByRole('row', { name: /Brightwater Foods Seed/ }).click();
    await staff.getByRole('tab', { name: 'Tax relief' }).click();
    await expect(staff).toHaveURL(/\/tax-relief$/);

    await staff.getByRole('button', { name: 'Add a share issue' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Add a share issue' });
    await dialog.getByLabel('Issue date').fill('15/06/2025');
    await dialog.getByLabel('Price per share (GBP)').fill('1.00');
    await dialog.getByRole('button', { name: 'Add share issue' }).click();
    await expect(dialog).toBeHidden();
    const issue = staff.getByRole('heading', { name: /Ordinary shares issued 15 Jun 2025 · EIS/ }).first();
    await expect(issue).toBeVisible();

    await staff.getByRole('textbox', { name: 'Relief claimed by Isla Investor' }).first().click();
    await staff.getByRole('option', { name: 'EIS', exact: true }).click();
    await expect(staff.getByRole('textbox', { name: 'Relief claimed by Isla Investor' }).first()).toHaveValue('EIS');
    await staff.getByRole('textbox', { name: 'Share issue of Isla Investor' }).first().click();
    await staff
      .getByRole('option', { name: /Ordinary · 15 Jun 2025/ })
      .first()
      .click();

    const owners = staff.getByRole('table', { name: 'Beneficial owners' }).first();
    await expect(owners.getByRole('row', { name: /Isla Investor/ })).toContainText('Not uploaded');
    await chooseFile(staff, 'Choose the PDF: EIS3 for Isla Investor', { name: 'isla-eis3.pdf', mimeType: 'application/pdf', buffer: pdf });
    await owners
      .getByRole('row', { name: /Isla Investor/ })
      .getByRole('button', { name: 'Upload' })
      .click();
    await expect(owners.getByRole('link', { name: /EIS3 Ordinary 2025-06-15/ })).toBeVisible();
    await shoot(staff, 'staff-tax-relief');

    // A follow-on is for a line of the register: Isla holds through her company, so a personal one is refused.
    await staff.getByRole('tab', { name: 'Transactions' }).click();
    await staff.getByRole('button', { name: 'Record a follow-on' }).click();
    const followOn = staff.getByRole('dialog', { name: 'Record a follow-on investment' });
    await followOn.getByRole('textbox', { name: 'Holder' }).fill('investor@demo');
    await staff.getByRole('option', { name: /Isla Investor/ }).click();
    await followOn.getByLabel(/Amount/).fill('1000');
    await followOn.getByLabel('Shares bought').fill('500');
    await followOn.getByLabel(/^Paid on/).fill('2026-01-10');
    await followOn.getByRole('button', { name: 'Record the follow-on' }).click();
    await expect(followOn.getByText(/does not hold shares in this company that way/)).toBeVisible();
    await followOn.getByRole('button', { name: 'Cancel' }).click();

    const investor = await (await withAxe(await browser.newContext())).newPage();
    await signIn(investor, 'investor@demo.test');
    await investor.goto('/investor/portfolio');
    await investor.getByRole('row', { name: /Brightwater Foods Seed/ }).click();
    await expect(investor.getByRole('heading', { name: 'Tax relief' })).toBeVisible();
    await expect(investor.getByText('Until 15 Jun 2028')).toBeVisible();
    await expect(investor.getByText(/\d+ days left/).first()).toBeVisible();
    await shoot(investor, 'investor-holding');
    const response = investor.waitForResponse((r) => r.url().includes('/api/my/tax-certificates/'));
    await investor.getByRole('link', { name: /Download EIS3/ }).click();
    const answered = await response;
    expect(answered.status()).toBe(200);
    expect(answered.headers()['content-type']).toBe('application/pdf');
  } finally {
    await setFlags({ tax_enabled: false });
  }
});
