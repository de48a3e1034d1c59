import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env';

/** Signs in through the login form, as a person would, and waits for the landing page. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export async function logout(page: Page) {
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/login/);
}
