import { expect, test } from '@playwright/test';
import { chooseFile } from './support/files';
import { signIn } from './support/session';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * Staff define a custom attribute, create an investor with a value for it, file a private and a
 * public document, add a note and a task, and read it all back in the investor's history.
 */
test('staff create an investor with a custom attribute, documents, a note and a task, and see the activity', async ({ page }) => {
  const stamp = Date.now();
  const attribute = `Referral source ${stamp}`;
  const email = `e2e.investor.${stamp}@example.test`;
  await signIn(page, 'superadmin@demo.test');

  await page.goto('/admin/settings/attributes');
  await page.getByRole('button', { name: 'New attribute' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill(attribute);
  await page.getByRole('button', { name: 'Create attribute' }).click();
  await expect(page.getByRole('link', { name: attribute })).toBeVisible();

  await page.goto('/admin/investors/new-investor');
  await page.getByRole('button', { name: 'Create investor' }).click();
  await expect(page.getByText('Enter a name.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Edith E2E');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByLabel('Phone').fill('12');
  await page.getByLabel(attribute).fill('Angel dinner');
  await page.getByRole('button', { name: 'Create investor' }).click();
  // The server's field error lands on the field; fixing it lets the form through.
  await expect(page.getByText('Enter a phone number such as +44 20 7946 0000.')).toBeVisible();
  await page.getByLabel('Phone').fill('+44 20 7946 0123');
  await page.getByRole('button', { name: 'Create investor' }).click();
  await expect(page).toHaveURL(/\/admin\/investors\/\d+\/details$/);
  await expect(page.getByRole('heading', { name: 'Edith E2E' })).toBeVisible();
  await expect(page.getByText('Angel dinner')).toBeVisible();

  await page.getByRole('tab', { name: 'Documents', exact: true }).click();
  await expect(page).toHaveURL(/\/documents$/);
  for (const [name, visibility] of [
    ['Private KYC pack.pdf', 'Staff only'],
    ['Welcome letter.pdf', 'Visible to the investor'],
  ] as const) {
    await chooseFile(page, 'File', { name, mimeType: 'application/pdf', buffer: PDF });
    await page.locator('label', { hasText: visibility }).click();
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(visibility);
  }

  await page.getByRole('tab', { name: 'Notes Calls and Tasks' }).click();
  await page.getByLabel('New note').fill('Introduced by a member at the angel dinner.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Introduced by a member at the angel dinner.')).toBeVisible();
  await page.locator('label', { hasText: /^Tasks$/ }).click();
  await page.getByLabel('New task').fill('Send the subscription pack');
  await page.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByRole('checkbox', { name: 'Send the subscription pack' })).toBeVisible();

  await page.getByRole('tab', { name: 'Details', exact: true }).click();
  const history = page.getByRole('heading', { name: 'History' }).locator('..');
  for (const action of ['Created', 'Attributes updated', 'Document created', 'Note created', 'Task created']) {
    await expect(history.getByText(action, { exact: true }).first()).toBeVisible();
  }

  // The list finds the investor, and the export link carries the same filters.
  await page.goto(`/admin/investors?search=${encodeURIComponent(email)}`);
  await expect(page.getByRole('link', { name: 'Edith E2E' })).toBeVisible();
  const csv = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
  const body = await csv.text();
  expect(body).toContain(email);
  expect(body).toContain('Angel dinner');
  expect(body.trim().split('\n')).toHaveLength(2);
});
