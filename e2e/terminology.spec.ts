import { expect, test } from '@playwright/test';
import { newestMail } from './support/mail';
import { login, signIn } from './support/session';

test.describe('settings › terminology', () => {
  test('renaming Investments and the product changes the menus, the page title and the e-mails, for everyone at once', async ({
    page,
    browser,
  }) => {
    const investorContext = await browser.newContext();
    const investor = await investorContext.newPage();
    await login(investor, 'investor@demo.test');
    const investorNav = investor.getByRole('navigation', { name: 'Investor navigation' });
    await expect(investorNav.getByRole('link', { name: 'Investments', exact: true })).toBeVisible();

    await login(page, 'superadmin@demo.test');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Terminology' }).click();
    await expect(page.getByRole('heading', { name: 'Terminology', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^Terminology: Navigation/);

    const investments = page.getByRole('textbox', { name: 'Investments', exact: true });
    await expect(investments).toHaveValue('Investments');
    // Markup is refused on the label itself, before anything is sent.
    await investments.fill('<b>Deals</b>');
    await page.getByRole('button', { name: 'Save navigation labels' }).click();
    await expect(page.getByText('Labels are plain text: remove the < and > characters.')).toBeVisible();

    await investments.fill('Deal Room');
    await page.getByRole('textbox', { name: 'Page title', exact: true }).fill('Acme Angels');
    await page.getByRole('button', { name: 'Save navigation labels' }).click();
    await expect(page.getByText('Navigation labels saved.')).toBeVisible();

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Deal Room', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Terminology: Navigation | Acme Angels');
    // The investor's open page follows without a reload.
    await expect(investorNav.getByRole('link', { name: 'Deal Room', exact: true })).toBeVisible();
    await investorNav.getByRole('link', { name: 'Deal Room', exact: true }).click();
    await expect(investor).toHaveTitle('Deal Room | Acme Angels');

    // E-mails name the product by the new wording. A visitor of their own: the investor's open page,
    // its session cleared, would sign itself out (to /api/logout) over a navigation of this one.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/forgot-password');
    await visitor.getByLabel('Email').fill('newcomer@demo.test');
    await visitor.getByRole('button', { name: /send|reset/i }).click();
    await expect
      .poll(() => newestMail('newcomer@demo.test', 'Reset your Acme Angels password'), { timeout: 15_000 })
      .toContain('— Acme Angels');

    // Each label goes back to its default.
    await page.getByRole('button', { name: 'Reset Investments to its default, Investments' }).click();
    await page.getByRole('button', { name: 'Reset Page title to its default, Investor Platform' }).click();
    await page.getByRole('button', { name: 'Save navigation labels' }).click();
    await expect(menu.getByRole('link', { name: 'Investments', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Terminology: Navigation | Investor Platform');
    await investorContext.close();
  });

  test('every terminology page opens, and an unknown one is the not-found page', async ({ page }) => {
    await signIn(page, 'support@demo.test');
    await page.goto('/admin/settings/terminology/roles');
    const pages = page.getByRole('navigation', { name: 'Terminology pages' });
    for (const [name, field] of [
      ['Opportunities', 'Live Opportunities'],
      ['Roles', 'Super Admin'],
      ['Investor', 'Contacts'],
      ['Portfolio columns', 'Current value'],
      ['Funds', 'Cash Call'],
      ['Navigation', 'Reports'],
    ]) {
      await pages.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('textbox', { name: field, exact: true })).toBeVisible();
    }
    await page.goto('/admin/settings/terminology/nonsense');
    await expect(page.getByText("404 - Sorry that page doesn't seem to exist")).toBeVisible();
  });
});
