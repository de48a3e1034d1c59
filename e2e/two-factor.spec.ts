import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { createStaff, requireStaffTwoFactor } from './support/accounts';
import { DEMO_PASSWORD } from './support/env';
import { login, logout, openSignedOut, signIn } from './support/session';

const STEP_MS = 30_000;

/** The code an authenticator app shows for the secret, as the person would read it off their phone. */
const totp = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/** A code works once per 30-second step: wait for the next step after the one last used. */
async function nextStep(page: Page, lastUsedAt: number) {
  const wait = (Math.floor(lastUsedAt / STEP_MS) + 1) * STEP_MS - Date.now() + 500;
  if (wait > 0) await page.waitForTimeout(wait);
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test.afterAll(async () => {
  // Other journeys sign staff in with a password alone.
  await requireStaffTwoFactor(false);
});

test('a Super Admin requires two-factor sign-in; a member of staff enrols, signs in with a code and ends another session', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = `custodian.2fa.${Date.now()}@example.test`;
  await createStaff(email, 'Tess Twofactor', 7);

  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/settings/security');
  await expect(page.getByRole('heading', { name: 'Password Management' })).toBeVisible();
  await page.getByLabel('Require two-factor sign-in for every staff role').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The security settings are saved.' })).toBeVisible();

  // The member of staff is led to enrol before anything else.
  const desk = await (await browser.newContext()).newPage();
  await login(desk, email);
  await expect(desk).toHaveURL(/\/two-factor-setup$/);
  await desk.goto('/admin/investments/opportunities');
  await expect(desk).toHaveURL(/\/two-factor-setup$/);
  await desk.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(desk.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await desk.getByTestId('totp-secret').textContent())!.trim();
  await desk.getByLabel('Code from the app').fill(await totp(secret));
  const lastCodeAt = Date.now();
  await desk.getByRole('button', { name: 'Turn on' }).click();
  await expect(desk.getByTestId('recovery-code')).toHaveCount(10);
  const recoveryCode = (await desk.getByTestId('recovery-code').first().textContent())!.trim();
  await desk.getByRole('button', { name: 'Continue' }).click();
  await expect(desk).toHaveURL(/\/admin\/investments\/opportunities$/);

  // Signed out and in again: the password alone is not enough.
  await logout(desk);
  await signInWithPassword(desk, email);
  await desk.getByLabel('Authentication code').fill('000000');
  await desk.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(desk.getByText(/That code is not right/)).toBeVisible();
  await nextStep(desk, lastCodeAt);
  await desk.getByLabel('Authentication code').fill(await totp(secret));
  await desk.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(desk).toHaveURL(/\/admin\/investments\/opportunities$/);

  // A second device signs in with a recovery code; the desk sees it and ends it.
  const laptop = await (await browser.newContext()).newPage();
  await signInWithPassword(laptop, email);
  await laptop.getByRole('button', { name: 'Use a recovery code' }).click();
  await laptop.getByLabel('Recovery code').fill(recoveryCode);
  await laptop.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(laptop).toHaveURL(/\/admin\/investments\/opportunities$/);

  await desk.goto('/admin/settings/security/details');
  await expect(desk.getByRole('heading', { name: 'User Details' })).toBeVisible();
  await expect(desk.getByTestId('session')).toHaveCount(2);
  await expect(desk.getByTestId('session').filter({ hasText: 'This device' })).toHaveCount(1);
  await desk.getByRole('button', { name: /^End session on/ }).click();
  await expect(desk.getByTestId('session')).toHaveCount(1);
  await expect(desk.getByText('You are not signed in anywhere else.')).toBeVisible();

  // The laptop's open page may notice first (a request answered 401) and go to the login page itself.
  await openSignedOut(laptop, '/admin/investments/opportunities');
});
