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

/**
 * Signs out as the menu's link does. The page being left may go to /api/logout itself meanwhile: a
 * request it still had in flight (a prefetch, the realtime socket's authorisation) answers 401 once
 * the session has ended, and the API client then signs out (api-client.ts). That navigation replaces
 * this one (net::ERR_ABORTED), and both end on /login.
 */
export async function logout(page: Page) {
  await page.goto('/api/logout').catch((error: Error) => {
    if (!error.message.includes('net::ERR_ABORTED')) throw error;
  });
  await expect(page).toHaveURL(/\/login/);
}
