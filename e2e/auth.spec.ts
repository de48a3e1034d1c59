import { expect, test, type Page } from '@playwright/test';
import { countInvestors } from './support/accounts';
import { newestMail } from './support/mail';
import { login } from './support/session';

async function register(page: Page, name: string, email: string) {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^password/i).fill('a-long-enough-password');
  await page.getByLabel('Confirm password').fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Register' }).click();
  return page.getByRole('status');
}

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

test.describe('registering', () => {
  test('a visitor registers, confirms the address from the mailed link, then logs in to the portal', async ({ page }) => {
    const email = `registrant-${Date.now()}@example.test`;
    const confirmation = await register(page, 'Rita Registrant', email);
    await expect(confirmation).toContainText('Check your email');
    await page.goto('/investor');
    await expect(page).toHaveURL(/\/login/);

    let mail: string | null = null;
    await expect.poll(async () => (mail = await newestMail(email, 'Verify your email'))).not.toBeNull();
    const link = new URL(/https?:\/\/\S+\/email\/verify\/\S+/.exec(mail!)![0]);
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveURL(/\/login\?verified=1/);
    await expect(page.getByText('Your email address is verified. Log in to continue.')).toBeVisible();
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/^password/i).fill('a-long-enough-password');
    await page.getByRole('button', { name: /log in/i }).click();
    await expect(page).toHaveURL(/\/investor$/);
  });

  test('an address that already has an account gets the same answer, and its owner an e-mail', async ({ page }) => {
    const fresh = await register(page, 'Someone New', `someone-new-${Date.now()}@example.test`);
    const answer = await fresh.textContent();
    const taken = await register(page, 'Not The Investor', 'investor@demo.test');
    await expect(taken).toHaveText(answer!);
    await page.goto('/investor');
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(() => newestMail('investor@demo.test', 'Someone tried to register')).toMatch(/\/forgot-password/);
  });
});
