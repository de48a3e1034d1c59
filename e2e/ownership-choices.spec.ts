import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createInvestor, latestHolding, linkToOrganisation } from './support/accounts';
import { signIn } from './support/session';

/**
 * Whole-ownership choices (decision 0054): an investor saves a choice through their organisation as
 * their default, finds it preselected on an opportunity's invest page, invests, and the investment is
 * held by that organisation.
 */
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'pages');
const EMAIL = 'owner@demo.test';

test('a default ownership choice through an organisation holds the next investment', async ({ page }) => {
  test.setTimeout(120_000);
  await createInvestor(EMAIL, 'Olive Owner');
  await linkToOrganisation(EMAIL, 'Beaumont Ventures Ltd');
  await signIn(page, EMAIL);

  await page.goto('/investor/profile/ownership');
  await expect(page.getByText('No saved ownership choices')).toBeVisible();
  await page.getByRole('button', { name: 'New ownership choice' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ownership choice' });
  await dialog.getByLabel('Name').fill('Through Beaumont');
  // Joint shares must add up to exactly 100: the form says so before anything is sent.
  await dialog.getByRole('button', { name: 'Add a joint holder' }).click();
  await dialog.getByLabel('Share (%)').nth(1).fill('0.0001');
  await dialog.getByRole('button', { name: 'Save choice' }).click();
  await expect(dialog.getByText(/add up to 100.0001%; they must add up to exactly 100%/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove holder 2' }).click();
  await dialog.getByRole('textbox', { name: 'Holder 1' }).click();
  await page.getByRole('option', { name: 'Beaumont Ventures Ltd' }).click();
  await dialog.getByLabel('Use this choice by default when investing').check();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, '1440', 'ownership-choice-form.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, '390', 'ownership-choice-form.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Save choice' }).click();
  await expect(dialog).toBeHidden();
  const saved = page.getByRole('listitem', { name: 'Through Beaumont' });
  await expect(saved.getByText('Default')).toBeVisible();
  await expect(saved.getByText(/Beaumont Ventures Ltd — through an organisation, 100%/)).toBeVisible();

  await page.goto('/investor/investments/heliotrope-energy-series-a/invest');
  const held = page.getByRole('radiogroup', { name: 'How this investment is held' });
  await expect(held.getByRole('radio', { name: 'Through Beaumont' })).toBeChecked();
  await expect(held.getByRole('radio', { name: 'Personally' })).not.toBeChecked();
  await page.screenshot({ path: path.join(SHOTS, '1440', 'invest-ownership-picker.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, '390', 'invest-ownership-picker.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByLabel(/Amount/).fill('5000');
  // The demo opportunity has versioned terms (decision 0053): the box names the version accepted.
  await page.getByRole('checkbox', { name: /^I have read and accept version \d+ of the investment terms$/ }).check();
  await page.getByRole('button', { name: 'Reserve my allocation' }).click();
  await expect(page.getByText('Your allocation is reserved', { exact: true })).toBeVisible();
  expect(await latestHolding(EMAIL)).toEqual({ holder_type: 'organisation', organisation: 'Beaumont Ventures Ltd' });
});
