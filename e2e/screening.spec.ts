import { expect, test } from '@playwright/test';
import { createInvestor } from './support/accounts';
import { logout, signIn } from './support/session';

/**
 * Sanctions screening (decision 0032): staff upload a list in OFSI's layout, the investors who
 * resemble listed people appear in the review queue, one is cleared and one confirmed, and the
 * confirmed investor cannot invest — told only that their account is being reviewed.
 */
const SLUG = 'heliotrope-energy-series-a';
const HEADER =
  'Name 6,Name 1,Name 2,Name 3,Name 4,Name 5,Title,Name Non-Latin Script,Non-Latin Script Type,Non-Latin Script Language,DOB,Town of Birth,Country of Birth,Nationality,Passport Number,Passport Details,National Identification Number,National Identification Details,Position,Address 1,Address 2,Address 3,Address 4,Address 5,Address 6,Post/Zip Code,Country,Other Information,Group Type,Alias Type,Alias Quality,Regime,Listed On,UK Sanctions List Date Designated,Last Updated,Group ID';
const row = (surname: string, given: string, group: number) =>
  `${surname},${given},,,,,,,,,,,,,,,,,,,,,,,,,,,Individual,Primary name,Good quality,Russia,16/03/2022,16/03/2022,16/03/2022,${group}`;

test('staff upload a list, clear one match and confirm another; the confirmed investor cannot invest', async ({ page }) => {
  test.setTimeout(120_000);
  // Names of this run only, so earlier runs' matches do not get in the way.
  const run = (Date.now() % 1e8).toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]);
  const surname = `Zor${run}`;
  const cleared = { name: `Elias ${surname}`, email: `screen-a-${run}@demo.test` };
  const confirmed = { name: `Mira ${surname}ova`, email: `screen-b-${run}@demo.test` };
  await createInvestor(cleared.email, cleared.name);
  await createInvestor(confirmed.email, confirmed.name);
  const csv = [
    'Last Updated,02/04/2024',
    HEADER,
    row(surname.toUpperCase(), 'Elias', 7001),
    row(`${surname.toUpperCase()}OVA`, 'Mira', 7002),
  ].join('\n');

  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investors/screening');
  await expect(page.getByRole('heading', { name: 'Screening', level: 1 })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'ConList.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and screen everyone' }).click();
  await expect(page.getByText(/2 names read/)).toBeVisible();
  // Everyone is screened in the background; the page follows the run to its end.
  await expect(page.getByRole('status').filter({ hasText: 'Last screening finished' })).toContainText('investors screened', {
    timeout: 20_000,
  });

  const cardOf = (name: string) => page.getByRole('article', { name: new RegExp(`^${name} and `) });
  await expect(cardOf(cleared.name)).toBeVisible();
  await expect(cardOf(confirmed.name)).toBeVisible();

  await cardOf(cleared.name).getByLabel('Reason').fill('Different person: date of birth and nationality on the passport differ.');
  await cardOf(cleared.name).getByRole('button', { name: 'Clear (false positive)' }).click();
  await expect(cardOf(cleared.name)).toHaveCount(0);
  await cardOf(confirmed.name).getByLabel('Reason').fill('Same person: passport matches the listing. Reported to OFSI.');
  await cardOf(confirmed.name).getByRole('button', { name: 'Confirm match' }).click();
  await expect(cardOf(confirmed.name)).toHaveCount(0);

  await page.getByLabel('Show matches').selectOption('confirmed');
  await expect(cardOf(confirmed.name)).toContainText('Same person: passport matches the listing. Reported to OFSI.');
  await expect(cardOf(confirmed.name)).toContainText('by Sam Admin');
  await logout(page);

  await signIn(page, confirmed.email);
  await page.goto(`/investor/investments/${SLUG}`);
  await page.getByRole('link', { name: 'Invest', exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Your account is being reviewed')).toBeVisible();
  await expect(page.getByText(/Our compliance team is reviewing your account/)).toBeVisible();
  await expect(page.getByText(/sanction|politically exposed|match/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reserve my allocation' })).toBeDisabled();
});
