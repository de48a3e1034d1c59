import { expect, test } from '@playwright/test';
import { signIn } from './support/session';
import { chooseFile } from './support/files';

/** Documents, notes and tasks on an opportunity; investors see only the public documents. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('staff attach a public and a private document, a note and a task; investors see only the public document', async ({ browser }) => {
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/investments/opportunities?status=2');
  await staff.getByRole('row', { name: /Heliotrope Energy Series A/ }).click();
  await staff.getByRole('tab', { name: 'Documents' }).click();
  await expect(staff).toHaveURL(/\/documents$/);

  for (const [name, visibility] of [
    ['Information memorandum.pdf', 'Visible to investors'],
    ['Board minutes.pdf', 'Staff only'],
  ] as const) {
    await chooseFile(staff, 'File', { name, mimeType: 'application/pdf', buffer: PDF });
    await staff.locator('label', { hasText: visibility }).click();
    await staff.getByRole('button', { name: 'Upload' }).click();
    await expect(staff.getByRole('row', { name: new RegExp(name) })).toContainText(visibility);
  }
  await chooseFile(staff, 'File', { name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<script>alert(1)</script>') });
  await staff.getByRole('button', { name: 'Upload' }).click();
  await expect(staff.getByRole('alert')).toBeVisible();

  await staff.getByRole('tab', { name: 'Notes Calls and Tasks' }).click();
  await staff.getByLabel('New note').fill('Spoke to the founder about the IC pack.');
  await staff.getByRole('button', { name: 'Add note' }).click();
  await expect(staff.getByText('Spoke to the founder about the IC pack.')).toBeVisible();
  await staff.locator('label', { hasText: /^Tasks$/ }).click();
  await staff.getByLabel('New task').fill('Chase the signed term sheet');
  await staff.getByRole('button', { name: 'Add task' }).click();
  const task = staff.getByRole('checkbox', { name: 'Chase the signed term sheet' });
  await expect(task).toBeVisible();
  await task.click();
  await expect(task).toBeChecked();
  await staff.reload();
  await staff.locator('label', { hasText: /^Tasks$/ }).click();
  await expect(staff.getByRole('checkbox', { name: 'Chase the signed term sheet' })).toBeChecked();

  const investor = await (await browser.newContext()).newPage();
  await signIn(investor, 'investor@demo.test');
  await investor.goto('/investor/investments/heliotrope-energy-series-a');
  const memo = investor.getByRole('link', { name: 'Information memorandum.pdf' });
  await expect(memo).toBeVisible();
  await expect(investor.getByText('Board minutes.pdf')).toHaveCount(0);
  const download = await investor.request.get((await memo.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);

  // Q&A: the investor asks, staff answer, the investor reads the answer.
  await investor.getByLabel('Ask a question').fill('Is the round EIS advance assured?');
  await investor.getByRole('button', { name: 'Ask' }).click();
  await expect(investor.getByText('Is the round EIS advance assured?')).toBeVisible();
  await staff.getByRole('tab', { name: 'Q&A' }).click();
  await expect(staff.getByText('Is the round EIS advance assured?')).toBeVisible();
  await staff.getByLabel('Answer').fill('Yes, HMRC assured it in March.');
  await staff.getByRole('button', { name: 'Post' }).click();
  await expect(staff.getByText('Yes, HMRC assured it in March.')).toBeVisible();
  await investor.reload();
  await expect(investor.getByText('Yes, HMRC assured it in March.')).toBeVisible();
});
