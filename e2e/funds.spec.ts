import { expect, test, type Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { formatTableAmount } from '@platform/domain';
import { signIn } from './support/session';

const FUND = 'Northern Growth EIS Fund 2021';

/** One of a page's labelled figure cards. */
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

/**
 * A fund manager (who may keep a fund's books but not create funds) records a NAV; the fund's table,
 * chart and figures change, and the investor's position is revalued at the new NAV per unit.
 */
test('staff add a NAV point and the investor sees their fund position revalued', async ({ browser }) => {
  const investor = await (await browser.newContext()).newPage();
  await signIn(investor, 'investor@demo.test');
  await investor.goto('/investor/portfolio');
  await investor.getByRole('row', { name: new RegExp(FUND) }).click();
  await expect(investor).toHaveURL(/\/investor\/portfolio\/fund\/\d+$/);
  await expect(investor.getByRole('heading', { name: FUND })).toBeVisible();
  await expect(investor.locator('.recharts-line').first()).toBeVisible();
  // The page shows units to 2 places; the position is valued on the exact units held.
  const shownUnits = (await card(investor, 'Units held').locator('p').nth(1).innerText()).replace(/,/g, '');
  expect(shownUnits).toMatch(/^\d+\.\d{2}$/);
  const fundId = investor.url().match(/fund\/(\d+)$/)![1];
  const heldUnits: string = (await (await investor.request.get(`/api/my/funds/${fundId}`)).json()).data.position.units;
  const valueBefore = await card(investor, 'Current value').innerText();

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'fundmanager@demo.test');
  await staff.goto('/admin/funds');
  await expect(staff.getByRole('link', { name: 'New fund' })).toHaveCount(0);
  await staff.getByRole('row', { name: new RegExp(FUND) }).click();
  await expect(staff).toHaveURL(/\/admin\/funds\/\d+\/details$/);
  await expect(staff.getByRole('heading', { name: 'Net asset value' })).toBeVisible();
  // Two series (NAV and NAV per unit) over years of quarterly NAVs.
  const dots = staff.locator('.recharts-line-dot');
  await expect.poll(() => dots.count()).toBeGreaterThan(20);
  const dotsBefore = await dots.count();

  // NAV = 2 × the units in issue, to the penny: the NAV per unit is £2.00.
  const issued = (await card(staff, 'NAV per unit').innerText()).match(/([\d,.]+) units issued/)![1].replace(/,/g, '');
  const nav = new Decimal(issued).times(2).toFixed(2, Decimal.ROUND_HALF_UP);
  const today = new Date().toISOString().slice(0, 10);
  await staff.getByLabel('NAV date').fill(today);
  await staff.getByLabel('NAV (GBP)').fill(nav);
  await staff.getByRole('button', { name: 'Add NAV' }).click();

  const newest = staff.getByRole('table', { name: 'Net asset values, newest first' }).getByRole('row').nth(1);
  await expect(newest).toContainText(formatTableAmount(nav, 'GBP'));
  await expect(newest).toContainText('£2.00');
  await expect(card(staff, 'NAV per unit')).toContainText('£2.00');
  await expect(card(staff, 'Latest NAV')).toContainText(formatTableAmount(nav, 'GBP'));
  await expect.poll(() => dots.count()).toBe(dotsBefore + 2);

  // The investor's units are now worth £2.00 each.
  const expected = formatTableAmount(new Decimal(heldUnits).times(2).toFixed(2, Decimal.ROUND_HALF_UP), 'GBP');
  await investor.reload();
  await expect(card(investor, 'Current value')).toContainText(expected);
  expect(expected).not.toBe(valueBefore);
  await investor.goto('/investor/portfolio');
  await expect(investor.getByRole('row', { name: new RegExp(FUND) })).toContainText(expected);
});

/** The fund investments list filters (and exports) by status; a custodian records a maturity status. */
test('companies list, details and maturity statuses', async ({ page }) => {
  await signIn(page, 'custodian@demo.test');
  await page.goto('/admin/investments/companies');
  await expect(page.getByRole('heading', { name: 'Fund Investments' })).toBeVisible();
  // The custodian may update fund investments but not create them (spec §6).
  await expect(page.getByRole('link', { name: 'New fund investment' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Written off' }).click();
  await expect(page).toHaveURL(/status=written_off/);
  await expect(page.getByText('2 records')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /filter%5Bmaturity_status%5D=written_off/);
  await page.getByRole('textbox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Written off' }).click();

  await page.getByRole('row', { name: /Lantern Learning Ltd/ }).click();
  await expect(page).toHaveURL(/\/admin\/investments\/companies\/\d+\/details$/);
  await expect(page.getByRole('heading', { name: 'Lantern Learning Ltd' })).toBeVisible();
  await expect(page.getByText('£50,000').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Maturity statuses' }).click();
  await expect(page).toHaveURL(/\/maturity-statuses$/);
  const history = page.getByRole('table', { name: 'Status history' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'New status' }).click();
  await page.getByRole('option', { name: 'Partially realised' }).click();
  await page.getByLabel('Note').fill('Secondary sale of a quarter of the shares.');
  await page.getByRole('button', { name: 'Record status' }).click();
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('Secondary sale of a quarter of the shares.');
  await expect(page.locator('h1').locator('..')).toContainText('Partially realised');
});
