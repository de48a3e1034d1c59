import { expect, test } from '@playwright/test';
import { logout, signIn } from './support/session';

/** Staff define a KPI, record a company's values, read the portfolio grid and chart; the holder sees the chart. */
test('a KPI is defined, filled in for a company, reported across the portfolio and charted for its investor', async ({ page }) => {
  const name = `Net promoter score ${Date.now()}`;
  await signIn(page, 'superadmin@demo.test');

  await page.goto('/admin/settings/kpis');
  await page.getByRole('button', { name: 'New KPI' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('textbox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Operational' }).click();
  await dialog.getByLabel('Investors may see it on their holdings').check();
  await dialog.getByRole('button', { name: 'Save KPI' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Quarterly');

  const companies = await (await page.request.get('/api/reports/kpis/companies')).json();
  const brightwater = companies.data.find((c: { name: string }) => c.name === 'Brightwater Foods Seed');
  await page.goto(`/admin/investments/existing/${brightwater.id}/kpis`);
  await expect(page.getByRole('tab', { name: 'KPIs', selected: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'KPI', exact: true }).click();
  await page.getByRole('option', { name }).click();
  // A month is not a quarter: the server's message shows on the field.
  await page.getByLabel('Period').fill('2026-03');
  await page.getByLabel('Value').fill('42');
  await page.getByRole('button', { name: 'Add value' }).click();
  await expect(page.getByText('Enter a quarter such as 2026-Q1.')).toBeVisible();
  await page.getByLabel('Period').fill('2026-Q1');
  await page.getByRole('button', { name: 'Add value' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByLabel('Period').fill('2026-Q2');
  await page.getByLabel('Value').fill('47.5');
  await page.getByRole('button', { name: 'Add value' }).click();
  await expect(page.getByRole('table', { name: `${name} by period` }).getByRole('row', { name: /2026-Q2/ })).toContainText('47.5');

  const kpis = await (await page.request.get(`/api/kpis?filter[search]=${encodeURIComponent(name)}`)).json();
  await page.goto(`/admin/reports/kpis?kpi=${kpis.data[0].id}`);
  const row = page.getByRole('row', { name: /Brightwater Foods Seed/ });
  await expect(row).toContainText('42');
  await expect(row).toContainText('47.5');
  await expect(page.getByRole('heading', { name: 'KPI over time' })).toBeVisible();
  await expect(page.getByLabel(`${name} over time`)).toBeVisible();

  await logout(page);
  await signIn(page, 'investor@demo.test');
  await page.goto(`/investor/portfolio/${brightwater.id}`);
  await page.getByRole('link', { name: 'KPIs' }).click();
  await expect(page).toHaveURL(new RegExp(`/investor/portfolio/${brightwater.id}/reports/kpis$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('47.5 in Q2 2026')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revenue' })).toBeVisible();
  // A money KPI's axis carries the company's currency in short ticks; periods read as words, not keys.
  const revenue = page.getByRole('img', { name: 'Revenue over time' });
  await expect(revenue.getByText('£0', { exact: true })).toBeVisible();
  const ticks = await revenue.locator('svg text').allTextContents();
  expect(ticks.filter((tick) => tick.startsWith('£')).length).toBeGreaterThan(2);
  // Every label is a short money tick or a period in words: no bare figure, no '.00', no '2026-Q1'.
  expect(ticks.filter((tick) => !/^(£\d+(\.\d)?[km]?|Q[1-4] \d{4}|[A-Z][a-z]{2} \d{4}|\d{4})$/.test(tick))).toEqual([]);
  // A staff-only KPI stays with staff.
  await expect(page.getByRole('heading', { name: 'Cash runway (months)' })).toHaveCount(0);
});
