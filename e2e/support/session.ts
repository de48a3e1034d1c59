import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env';

/**
 * Signs in through the login form, as a person would, and waits for the landing page. The page may
 * be one whose session was just cleared, and so may be signing itself out meanwhile (`openSignedOut`).
 */
export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await openSignedOut(page, '/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signs in with the request the login form sends, without loading a page: for a journey whose next
 * step opens a page of its own, which is then the first page that browser loads: the login page is
 * not loaded only to be left. `auth.spec.ts` and the journeys that look at where the form lands sign
 * in through `login`.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.post('/login', {
    data: { email, password },
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
  });
  expect(answer.status(), `signing in as ${email}: ${await answer.text()}`).toBe(200);
}

/**
 * Opens a page in a browser whose session has ended or is ending, and expects the login page. The
 * page being left may go to /api/logout itself meanwhile: a request it still had in flight (a
 * prefetch, the realtime socket's authorisation) answers 401 once the session has ended, and the
 * API client then signs out (api-client.ts). That navigation replaces this one (net::ERR_ABORTED),
 * and both end on /login.
 */
export async function openSignedOut(page: Page, url: string) {
  await page.goto(url).catch((error: Error) => {
    if (!error.message.includes('net::ERR_ABORTED')) throw error;
  });
  await expect(page).toHaveURL(/\/login/);
}

/** Signs out as the menu's link does. */
export async function logout(page: Page) {
  await openSignedOut(page, '/api/logout');
}
