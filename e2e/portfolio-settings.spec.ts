import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

test.describe('settings › investor portfolio', () => {
  test("staff choose the holdings table's columns and the headline figures, and the investor's portfolio follows", async ({
    page,
    browser,
  }) => {
    const investorContext = await browser.newContext();
    const investor = await investorContext.newPage();
    await signIn(investor, 'investor@demo.test');
    await investor.goto('/investor/portfolio');
    const holdings = investor.getByRole('table', { name: 'Portfolio' });
    await expect(holdings.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    // "Multiple" is a headline figure and a column of each table.
    const multipleFigure = investor.getByRole('group', { name: 'Multiple', exact: true });
    const multipleColumns = [holdings, investor.getByRole('table', { name: 'Your fund positions' })].map((table) =>
      table.getByRole('columnheader', { name: 'Multiple' }),
    );
    await expect(multipleFigure).toBeVisible();
    for (const column of multipleColumns) await expect(column).toBeVisible();

    await signIn(page, 'superadmin@demo.test');
    await page.goto('/admin/settings/investor/portfolio');
    await page.getByRole('link', { name: 'Edit holdings columns' }).click();
    await expect(page.getByRole('heading', { name: 'Holdings', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Remove Status' }).click();
    await page.getByRole('textbox', { name: 'Heading for Gain' }).fill('Profit');
    await page.getByRole('button', { name: 'Move Gain up' }).click();
    await page.getByRole('textbox', { name: 'Add a column' }).click();
    await page.getByRole('option', { name: 'Share price' }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Save columns' }).click();
    await expect(page.getByText('Holdings columns saved.')).toBeVisible();

    // The investor's open page follows at once: no Status, Gain headed Profit before Current value, Share price last.
    await expect(holdings.getByRole('columnheader', { name: 'Status' })).toHaveCount(0);
    const headers = holdings.getByRole('columnheader');
    await expect(headers).toHaveText(['Investment', 'Invested', 'Shares', 'Profit', 'Current value', 'Multiple', 'Share price']);

    await page.goto('/admin/settings/investor/portfolio-stats');
    await page.getByRole('button', { name: 'Remove Multiple' }).click();
    await page.getByRole('button', { name: 'Save figures' }).click();
    await expect(page.getByText('Headline figures saved.')).toBeVisible();
    await expect(multipleFigure).toHaveCount(0);
    for (const column of multipleColumns) await expect(column).toBeVisible(); // the tables' columns remain

    // Back to the defaults for everyone else.
    await page.getByRole('textbox', { name: 'Add a figure' }).click();
    await page.getByRole('option', { name: 'Multiple' }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    // The first save's notice may still be showing, so wait for the second save itself.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/portfolio-stats') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save figures' }).click();
    expect((await saved).ok()).toBe(true);
    await page.goto('/admin/settings/investor/portfolio/1');
    await page.getByRole('button', { name: 'Reset to default columns' }).click();
    await expect(page.getByText('Holdings columns saved.')).toBeVisible();
    await expect(holdings.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    await investorContext.close();
  });
});
