import { expect, test } from '@playwright/test';
import { chooseFile } from './support/files';
import { signIn } from './support/session';

/** Organisations, organisation applications, investment methods and nominees: what staff and an investor do with them. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('staff create an organisation and link an investor to it in a role', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investors/organisations');
  await expect(page.getByRole('row', { name: /Beaumont Ventures Ltd/ })).toBeVisible();
  await page.getByRole('link', { name: 'New organisation' }).click();
  await expect(page).toHaveURL(/\/organisations\/new-organisation$/);

  // The server's field message lands on the field.
  await page.getByRole('textbox', { name: 'Name' }).fill('Juniper Holdings Ltd');
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page.getByText('Enter an email address such as name@example.com.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill('board@juniper.example.test');
  await page.getByRole('textbox', { name: 'Company or registration number' }).fill('13579246');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organisations\/\d+\/details$/);
  await expect(page.getByRole('heading', { name: 'Juniper Holdings Ltd' })).toBeVisible();
  await expect(page.getByText('Nobody is linked to this organisation yet.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Investor' }).fill('olivia.smith0');
  await page.getByRole('option', { name: /Olivia Smith \(olivia\.smith0@example\.test\)/ }).click();
  await page.getByRole('textbox', { name: 'Role in the organisation' }).click();
  await page.getByRole('option', { name: 'Authorised signatory' }).click();
  await page.getByRole('button', { name: 'Link investor' }).click();
  const row = page.getByRole('row', { name: /Olivia Smith/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('textbox', { name: 'Role of Olivia Smith' })).toHaveValue('Authorised signatory');

  // The link is on the record's history; the list finds the organisation by its number.
  await page.getByRole('tab', { name: 'Notes, Calls and Tasks' }).click();
  await expect(page.getByText('User linked')).toBeVisible();
  await expect(page.getByText('Created', { exact: true })).toBeVisible();
  await page.goto('/admin/investors/organisations?search=13579246');
  await expect(page.getByRole('row', { name: /Juniper Holdings Ltd/ })).toContainText('1');
  await expect(page.getByText('1 record')).toBeVisible();
});

test('an investor applies to act for an organisation, staff approve, and the investor then sees it', async ({ browser }) => {
  const investor = await (await browser.newContext()).newPage();
  await signIn(investor, 'investor@demo.test');
  await investor.goto('/investor/profile/view');
  await investor.getByRole('link', { name: 'Organisations' }).click();
  await expect(investor).toHaveURL(/\/investor\/profile\/organisation-apply$/);
  await investor.getByRole('textbox', { name: 'Organisation name' }).fill('Rowntree Family Trust');
  await investor.getByRole('textbox', { name: 'Type' }).click();
  await investor.getByRole('option', { name: 'Trust' }).click();
  await investor.getByRole('textbox', { name: 'Your role' }).click();
  await investor.getByRole('option', { name: 'Trustee' }).click();
  await chooseFile(investor, 'Supporting document', { name: 'trust-deed.pdf', mimeType: 'application/pdf', buffer: PDF });
  await investor.getByRole('button', { name: 'Send application' }).click();
  await expect(investor.getByText('We will review your application')).toBeVisible();
  await expect(investor.getByRole('row', { name: /Rowntree Family Trust/ })).toContainText('Pending');

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/investors/organisation-applications?status=pending');
  await staff.getByRole('row', { name: /Rowntree Family Trust/ }).click();
  await expect(staff.getByRole('heading', { name: 'Rowntree Family Trust' })).toBeVisible();
  await expect(staff.getByRole('link', { name: /Rowntree Family Trust — supporting document/ })).toBeVisible();
  await expect(staff.getByRole('textbox', { name: 'Role in the organisation' })).toHaveValue('Trustee');
  await staff.getByRole('button', { name: 'Approve application' }).click();
  await expect(staff.getByText(/Approved by Sam Admin/)).toBeVisible();
  await staff.getByRole('link', { name: 'Rowntree Family Trust', exact: true }).click();
  await expect(staff.getByRole('row', { name: /Isla Investor/ }).getByRole('textbox', { name: 'Role of Isla Investor' })).toHaveValue(
    'Trustee',
  );

  await investor.reload();
  await expect(investor.getByRole('row', { name: /Rowntree Family Trust/ })).toContainText('Approved');
  await investor.getByRole('link', { name: 'Rowntree Family Trust', exact: true }).click();
  await expect(investor).toHaveURL(/\/investor\/profile\/organisation_\d+$/);
  await expect(investor.getByRole('heading', { name: 'Rowntree Family Trust', exact: true })).toBeVisible();
  await expect(investor.getByText('Trustee', { exact: true })).toBeVisible();
  // The decision reached the investor as a notification too.
  await investor.getByRole('button', { name: /Notifications/ }).click();
  await expect(investor.getByText(/Your application to act for Rowntree Family Trust was approved/)).toBeVisible();
});

test("a nominee's page shows the investments it holds", async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investors/nominees');
  await page.getByRole('row', { name: /Platform Nominees Ltd/ }).click();
  await expect(page).toHaveURL(/\/nominees\/\d+\/transactions$/);
  await expect(page.getByRole('heading', { name: 'Platform Nominees Ltd' })).toBeVisible();
  const rows = page.getByRole('table', { name: /Transactions/ }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(page.getByText('3 records')).toBeVisible();
  await expect(rows.nth(1)).toContainText('Platform Nominees Ltd');
});

test('staff create an investment method and add an investor account to it under a reference', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investors/investment-methods');
  await expect(page.getByRole('row', { name: /Westgate SIPP/ })).toBeVisible();
  await page.getByRole('link', { name: 'New method' }).click();

  // The form checks what it sends with the server's schema: the server's message, before any request.
  await page.getByRole('button', { name: 'Create investment method' }).click();
  await expect(page.getByText('Enter the name of the investment method.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Harbour SSAS');
  await page.getByRole('textbox', { name: 'Provider' }).fill('Harbour Trustees Ltd');
  await page.getByRole('button', { name: 'Create investment method' }).click();
  await expect(page).toHaveURL(/\/investment-methods\/\d+\/details$/);
  await expect(page.getByRole('heading', { name: 'Harbour SSAS' })).toBeVisible();
  await expect(page.getByText('No investor or lead holds an account with this method yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('Choose an investor.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Investor' }).fill('olivia.smith0');
  await page.getByRole('option', { name: /Olivia Smith \(olivia\.smith0@example\.test\)/ }).click();
  await page.getByRole('textbox', { name: 'Reference with the method' }).fill('HSS-0042');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('row', { name: /Olivia Smith/ })).toContainText('HSS-0042');
});
