import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './support/session';
import { chooseFile } from './support/files';

/** Leads: conversion into an investor keeping their notes, spreadsheet import, filtered export. */
const run = Date.now().toString(36);

test('a contact converted into an investor keeps its note', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investors/contacts/new-contact');
  await page.getByLabel('Name').fill(`Connor Convert ${run}`);
  await page.getByLabel('E-mail').fill(`connor-${run}@e2e.test`);
  await page.getByRole('button', { name: 'Create contact' }).click();
  await expect(page).toHaveURL(/\/admin\/investors\/contacts\/\d+\/details$/);

  await page.getByRole('tab', { name: 'Notes, Calls and Tasks' }).click();
  await page.getByLabel('New note').fill('Wants EIS healthtech deals of about £20k.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Wants EIS healthtech deals of about £20k.')).toBeVisible();

  await page.getByRole('button', { name: 'Convert to investor' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/invitation to choose a password/).uncheck();
  await dialog.getByRole('button', { name: 'Convert', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/investors\/\d+\/notes-calls-tasks$/);
  await expect(page.getByRole('heading', { level: 1, name: `Connor Convert ${run}` })).toBeVisible();
  await expect(page.getByText('Wants EIS healthtech deals of about £20k.')).toBeVisible();
});

test('a spreadsheet with a bad row imports nothing; corrected, it imports; the filtered list exports', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investors/contacts');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page).toHaveURL(/\/admin\/investors\/import\?kind=contacts/);

  const rows = (badEmail: string) =>
    [
      'First name,Surname,Email,Lead status,Source',
      `Imogen,Ives ${run},imogen-${run}@e2e.test,new,Webinar`,
      `Jack,Ives ${run},${badEmail},Contacted,Webinar`,
      `Kara,Ives ${run},kara-${run}@e2e.test,,Referral`,
    ].join('\n');
  await chooseFile(page, 'Spreadsheet', { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(rows('jack-at-e2e.test')) });
  await expect(page.getByRole('table', { name: 'Column mapping' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Field for column Surname' })).toHaveValue('Last name');
  await page.getByRole('button', { name: 'Check the rows' }).click();
  const problems = page.getByRole('table', { name: 'Rows to correct' });
  await expect(problems).toContainText("'jack-at-e2e.test' is not a valid e-mail address.");
  await expect(page.getByRole('alert').filter({ hasText: '1 row needs correcting' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import \d+ rows$/ })).toHaveCount(0);

  await chooseFile(page, 'Spreadsheet', {
    name: 'leads-fixed.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows(`jack-${run}@e2e.test`)),
  });
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page.getByText('All 3 rows are ready to import.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import complete' })).toContainText('3 contacts imported');

  await page.goto(`/admin/investors/contacts?search=${encodeURIComponent(`Ives ${run}`)}&sort=name`);
  await expect(page.getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('row', { name: new RegExp(`Jack Ives ${run}`) })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = (await fs.readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\n');
  expect(lines).toHaveLength(4);
  expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([`Imogen Ives ${run}`, `Jack Ives ${run}`, `Kara Ives ${run}`]);
  expect(lines[2]).toContain(`jack-${run}@e2e.test`);
});
