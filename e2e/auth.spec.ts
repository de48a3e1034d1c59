import { expect, test } from '@playwright/test';
import { countInvestors } from './support/accounts';
import { login } from './support/session';

test.describe('signing in', () => {
  test('a wrong password is shown on the e-mail field, and nothing reveals whether the account exists', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: /forgot/i })).toBeVisible();
    await page.getByLabel(/email/i).fill('superadmin@demo.test');
    await page.getByLabel(/^password/i).fill('not-the-password');
    await page.getByRole('button', { name: /log in|sign in/i }).click();
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('Super Admin lands on the overview with every area in the menu and real figures', async ({ page }) => {
    await login(page, 'superadmin@demo.test');
    await expect(page).toHaveURL(/\/admin$/);
    const menu = page.getByRole('navigation', { name: /main|admin|side/i });
    for (const area of ['Overview', 'Investments', 'Funds', 'Investors', 'Insider Register', 'Reports']) {
      await expect(menu.getByRole('link', { name: area, exact: true }).first()).toBeVisible();
    }
    // The overview shows the real count of investor accounts, as the database holds it.
    const investors = await countInvestors();
    expect(investors).toBeGreaterThan(100);
    await expect(page.getByText(investors.toLocaleString('en-GB'), { exact: true }).first()).toBeVisible();
  });

  test('Creator sees only Investors and lands on the first page it may open', async ({ page }) => {
    await login(page, 'creator@demo.test');
    await expect(page).toHaveURL(/\/admin\/investors$/);
    const menu = page.getByRole('navigation', { name: /main|admin|side/i });
    await expect(menu.getByRole('link', { name: 'Investors', exact: true }).first()).toBeVisible();
    for (const area of ['Overview', 'Investments', 'Funds', 'Insider Register', 'Reports']) {
      await expect(menu.getByRole('link', { name: area, exact: true })).toHaveCount(0);
    }
  });

  test('Custodian sees only Investments', async ({ page }) => {
    await login(page, 'custodian@demo.test');
    await expect(page).toHaveURL(/\/admin\/investments\/opportunities$/);
    const menu = page.getByRole('navigation', { name: /main|admin|side/i });
    await expect(menu.getByRole('link', { name: 'Investments', exact: true }).first()).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Investors', exact: true })).toHaveCount(0);
  });

  test('an investor goes to /investor even when sent to log in from an admin page', async ({ page }) => {
    await page.goto('/login?redirect=/admin/investors');
    await page.getByLabel(/email/i).fill('investor@demo.test');
    await page.getByLabel(/^password/i).fill('demo-password-2026');
    await page.getByRole('button', { name: /log in|sign in/i }).click();
    await expect(page).toHaveURL(/\/investor$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/investor$/);
  });
});
