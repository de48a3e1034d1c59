import { expect, test } from '@playwright/test';
import { login } from './support/session';

test('staff search, filter, sort and page through the investors list', async ({ page }) => {
  await login(page, 'adviser@demo.test');
  await expect(page).toHaveURL(/\/admin\/investors$/);
  const table = page.getByRole('table');
  // The demo has 62 investors (other journeys may have added some): 25 a page.
  const count = page.getByText(/^\d+ records$/);
  const readTotal = async () => Number((await count.innerText()).split(' ')[0]);
  // The footer reads 0 until the first page arrives.
  await expect.poll(readTotal).toBeGreaterThanOrEqual(62);
  const total = await readTotal();
  await expect(table.getByRole('row')).toHaveCount(26);

  // The next page is read from the last row of the one before (decision 0073): the request names it.
  const rowLinks = () =>
    table
      .locator('tbody')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const firstPage = await rowLinks();
  const nextRequest = page.waitForRequest((request) => /\/api\/users\?.*page=2/.test(request.url()));
  await page.getByRole('button', { name: '2', exact: true }).click();
  expect(new URL((await nextRequest).url()).searchParams.get('after')).toMatch(/^\d+$/);
  await expect(page).toHaveURL(/page=2/);
  await expect(table.getByRole('row')).toHaveCount(26);
  const secondPage = await rowLinks();
  expect(secondPage).toHaveLength(25);
  expect(secondPage.filter((href) => firstPage.includes(href))).toEqual([]);

  await page.getByRole('button', { name: '3', exact: true }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(table.getByRole('row')).toHaveCount(Math.min(25, total - 50) + 1);

  await page.getByLabel('Search').fill('amelia');
  await expect(page.getByText(/^\d+ records?$/)).not.toHaveText(`${total} records`);
  // Each row's name is its link.
  const names = await table.locator('tbody').getByRole('link').allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  expect(names.every((name) => name.startsWith('Amelia'))).toBe(true);

  await page.getByRole('button', { name: 'Joined' }).click();
  await expect(page.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: 'Joined' }).click();
  await expect(page.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute('aria-sort', 'descending');

  await page.getByLabel('Search').fill('nobody-matches-this');
  await expect(page.getByText('No investors match')).toBeVisible();
});
