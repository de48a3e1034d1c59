import { expect, test, type Page } from '@playwright/test';
import { login } from './support/session';

/** The first record of a staff list, read through the API as the page would. */
async function firstId(page: Page, path: string, query = ''): Promise<number> {
  const response = await page.request.get(`${path}?per_page=1${query}`);
  expect(response.ok()).toBe(true);
  const [row] = (await response.json()).data as { id: number }[];
  return row.id;
}

/**
 * Links written to the spec's paths (§2.2: sub-pages under `details`) land on the app's page with
 * the matching tab; and a long form refused by its check takes the person to the first field in error.
 */
test('spec-form sub-page paths land on their tab, and a refused long form focuses its first error', async ({ page }) => {
  await login(page, 'superadmin@demo.test');
  const investor = await firstId(page, '/api/users', '&filter[role_id]=5');
  const contact = await firstId(page, '/api/contacts');
  const organisation = await firstId(page, '/api/organisations');
  const opportunity = await firstId(page, '/api/investment-opportunities', '&filter[status]=2');
  // One sub-page of each area the spec nests (the unit test of app/routes/spec-paths.ts covers the
  // whole list of §2.2); a full page load each, as a link from outside the app would open it.
  const nested: [string, string][] = [
    [`/admin/investors/${investor}`, 'investor-consent'],
    [`/admin/investors/contacts/${contact}`, 'risk-profile'],
    [`/admin/investors/organisations/${organisation}`, 'transactions'],
    [`/admin/investments/opportunities/${opportunity}`, 'key-information'],
  ];
  for (const [base, sub] of nested) {
    await page.goto(`${base}/details/${sub}`);
    await expect(page).toHaveURL(`${base}/${sub}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
  }

  await page.goto('/admin/investors/new-investor');
  const submit = page.getByRole('button', { name: 'Create investor' });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  const name = page.getByRole('textbox', { name: /^Name/ });
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
});
