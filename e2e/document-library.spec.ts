import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { openPostgres } from '../apps/server/src/db/client';
import { createInvestor, userIdOf } from './support/accounts';
import { E2E_DATABASE_URL } from './support/env';
import { chooseFile } from './support/files';
import { login, signIn } from './support/session';

/** A client group of the given investors, as staff keep them on Reports › Client groups. */
async function clientGroup(name: string, emails: string[]) {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    await database.db.execute(sql`
      with g as (insert into client_groups (name) values (${name}) returning id)
      insert into client_group_members (group_id, user_id)
      select g.id, u.id from g, users u where u.email in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )})`);
  } finally {
    await database.close();
  }
}

test('staff publish a PDF to a client group in the library; a member reads and downloads it, an outsider never sees it', async ({
  browser,
}) => {
  const stamp = Date.now();
  const member = `library-member-${stamp}@demo.test`;
  const outsider = `library-outsider-${stamp}@demo.test`;
  await createInvestor(member, 'Library Member');
  await createInvestor(outsider, 'Library Outsider');
  const group = `Library readers ${stamp}`;
  await clientGroup(group, [member]);
  const folder = `Syndicate packs ${stamp}`;
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('Syndicate pack');
  const bytes = Buffer.from(await pdf.save());

  // Staff open the Library from the menu, create a folder for the group and upload a PDF into it.
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/reports/library');
  await expect(staff).toHaveTitle(/Library/);
  await staff.getByRole('button', { name: 'New folder' }).click();
  const dialog = staff.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Name').fill(folder);
  await dialog.getByRole('radio', { name: 'Chosen client groups' }).check();
  await dialog.getByRole('textbox', { name: 'Client groups' }).click();
  await staff.getByRole('option', { name: new RegExp(group) }).click();
  await staff.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Create folder' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('row', { name: new RegExp(folder) })).toContainText(group);
  await expect(staff.getByRole('heading', { name: `Documents in ${folder}` })).toBeVisible();
  await chooseFile(staff, 'File', { name: 'syndicate-pack.pdf', mimeType: 'application/pdf', buffer: bytes });
  await staff.getByRole('button', { name: 'Upload' }).click();
  await expect(staff.getByRole('link', { name: 'syndicate-pack.pdf' })).toBeVisible();
  await expect(staff.getByRole('row', { name: new RegExp(folder) })).toContainText('1');

  // The member finds it under News › Document library and downloads the very bytes.
  const reader = await (await browser.newContext()).newPage();
  await login(reader, member);
  await reader.getByRole('link', { name: 'News', exact: true }).click();
  await reader.getByRole('link', { name: 'Document library' }).click();
  await expect(reader).toHaveURL(/\/investor\/news\/library$/);
  await expect(reader).toHaveTitle(/Library/);
  await expect(reader.getByRole('heading', { name: folder })).toBeVisible();
  // A PDF opens in the portal's viewer, which reads it through the investor's download route.
  await reader.getByRole('link', { name: 'syndicate-pack.pdf' }).click();
  await expect(reader).toHaveURL(/\/investor\/pdf\/\d+$/);
  const documentId = reader.url().split('/').at(-1);
  await expect(reader.locator('canvas').first()).toBeVisible();
  const download = await reader.request.get(`/api/my/documents/${documentId}/download`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.compare(await download.body(), bytes)).toBe(0);

  // An investor outside the group sees neither the folder nor the file, and its address is not found.
  const other = await (await browser.newContext()).newPage();
  await signIn(other, outsider);
  await other.goto('/investor/news/library');
  await expect(other.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Letters to investors' })).toBeVisible();
  await expect(other.getByText(folder)).toHaveCount(0);
  expect((await other.request.get(`/api/my/documents/${documentId}/download`)).status()).toBe(404);
  await other.goto(`/investor/pdf/${documentId}`);
  await expect(other).toHaveTitle(/^Error - 404/);
});

test('staff see the registration documents an investor accepted on their record, with the file of that version', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto(`/admin/investors/${await userIdOf('investor@demo.test')}/investment-documents`);
  await expect(page.getByRole('tab', { name: 'Onboarding Documents' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row', { name: /Client agreement/ });
  await expect(row).toContainText('Accepted');
  const version = row.getByRole('link', { name: /v1 of Client agreement, as accepted/ });
  const href = await version.getAttribute('href');
  expect(href).toMatch(/\/api\/sign-up-documents\/\d+\/file\?version=1$/);
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
});
