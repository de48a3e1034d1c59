import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

test.describe('the error page for an unknown path', () => {
  test('a visitor sees the 404 texts with Login and Register links', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveTitle('Error - 404');
    await expect(page.getByText('404 page not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  test('an investor sees links to Overview and Investment Opportunities', async ({ page }) => {
    await signIn(page, 'investor@demo.test');
    await page.goto('/investor/no-such-page');
    await expect(page.getByText('404 page not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Overview' }).last()).toHaveAttribute('href', '/investor');
    await expect(page.getByRole('link', { name: 'Investment Opportunities' })).toHaveAttribute('href', '/investor/investments');
  });

  test('staff see the admin wording and a role-specific homepage button', async ({ page }) => {
    await signIn(page, 'superadmin@demo.test');
    await page.goto('/admin/no-such-page');
    await expect(page).toHaveTitle('Error - 404');
    await expect(page.getByRole('heading', { name: 'Uh oh!' })).toBeVisible();
    await expect(page.getByText("404 - Sorry that page doesn't seem to exist")).toBeVisible();
    await expect(page.getByText('The page you requested cannot be found. Click below to return to our homepage')).toBeVisible();
    await page.getByRole('link', { name: 'Super Admin homepage' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});
