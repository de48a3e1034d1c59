import { expect, test } from '@playwright/test';
import { newestMail } from './support/mail';
import { login, signIn } from './support/session';
import { setFlags } from './support/settings';

test.describe('settings › account', () => {
  test("an invited staff member sets a password, signs in with their role's menu, and is signed out when deactivated", async ({
    page,
    browser,
  }) => {
    const email = `new.custodian.${Date.now()}@example.test`;
    await signIn(page, 'superadmin@demo.test');
    await page.goto('/admin/settings/account/admin-accounts');
    await page.getByRole('button', { name: 'Invite staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
    await dialog.getByLabel('Name').fill('Cara Custodian');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Custodian', exact: true }).click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: `An invitation to set a password has been sent to ${email}.` })).toBeVisible();

    const mail = await newestMail(email, 'invited');
    const link = /https?:\/\/\S+\/set-password\/\S+/.exec(mail ?? '')?.[0];
    expect(link).toBeTruthy();
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await staff.goto(link!);
    await staff.getByLabel(/^New password/).fill('a-custodian-password');
    await staff.getByLabel(/^Confirm new password/).fill('a-custodian-password');
    await staff.getByRole('button', { name: 'Set password' }).click();
    await expect(staff).toHaveURL(/\/admin\/investments\/opportunities$/);
    const menu = staff.getByRole('navigation', { name: /main|admin|side/i });
    await expect(menu.getByRole('link', { name: 'Investments', exact: true }).first()).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Investors', exact: true })).toHaveCount(0);

    await page.getByLabel('Search').fill(email);
    const row = page.getByRole('row').filter({ hasText: 'Cara Custodian' });
    await expect(row.getByText('Active')).toBeVisible();
    await row.getByRole('button', { name: 'Actions for Cara Custodian' }).click();
    page.once('dialog', (confirm) => void confirm.accept());
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await expect(row.getByText('Deactivated')).toBeVisible();

    await staff.reload();
    await expect(staff).toHaveURL(/\/login/);
    await staffContext.close();
  });

  test('switching a feature off changes the menu at once, here and on another signed-in page', async ({ page, browser }) => {
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await login(other, 'committee@demo.test');
    const otherFunds = other.getByRole('navigation', { name: /main|admin|side/i }).getByRole('link', { name: 'Funds', exact: true });
    await expect(otherFunds.first()).toBeVisible();

    await signIn(page, 'superadmin@demo.test');
    await page.goto('/admin/settings/account/features');
    const menu = page.getByRole('navigation', { name: /main|admin|side/i });
    const funds = page.getByRole('switch', { name: 'Funds' });
    await expect(funds).toBeChecked();
    await expect(menu.getByRole('link', { name: 'Funds', exact: true }).first()).toBeVisible();
    await funds.click();
    await expect(funds).not.toBeChecked();
    await expect(menu.getByRole('link', { name: 'Funds', exact: true })).toHaveCount(0);
    // The other person's open page follows without a reload (realtime).
    await expect(otherFunds).toHaveCount(0);
    await funds.click();
    await expect(funds).toBeChecked();
    await expect(menu.getByRole('link', { name: 'Funds', exact: true }).first()).toBeVisible();
    await expect(otherFunds.first()).toBeVisible();
    await otherContext.close();
  });

  test('switching Portfolio Analysis off removes the tab from a fund, and a link to it finds no page', async ({ page }) => {
    await login(page, 'superadmin@demo.test');
    const fund = (await (await page.request.get('/api/funds?per_page=1')).json()).data[0].id as number;
    try {
      // Demo settings never stored this flag: it reads as on, as for a deployment that predates it.
      await page.goto(`/admin/funds/${fund}/portfolio-analysis`);
      await expect(page.getByRole('tab', { name: 'Portfolio analysis', selected: true })).toBeVisible();

      await page.goto('/admin/settings/account/features');
      const analysis = page.getByRole('switch', { name: 'Portfolio Analysis' });
      await expect(analysis).toBeChecked();
      await analysis.click();
      await expect(analysis).not.toBeChecked();

      await page.goto(`/admin/funds/${fund}/details`);
      await expect(page.getByRole('tab', { name: 'Details', selected: true })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Portfolio analysis' })).toHaveCount(0);
      await page.goto(`/admin/funds/${fund}/portfolio-analysis`);
      await expect(page.getByText("404 - Sorry that page doesn't seem to exist")).toBeVisible();
      expect((await page.request.get(`/api/funds/${fund}/portfolio-analysis`)).status()).toBe(404);
    } finally {
      await setFlags({ portfolio_analysis_enabled: true });
    }
  });
});
