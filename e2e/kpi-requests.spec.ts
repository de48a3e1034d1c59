import { expect, test } from '@playwright/test';
import { newestMail } from './support/mail';
import { login, logout, signIn } from './support/session';

/**
 * Staff ask a company's contact for a quarter's KPIs; the founder opens the mailed link without an
 * account and sends the figures; staff correct one and accept; the holder's chart has the new point.
 */
test('a KPI request is sent, answered through the mailed link, accepted, and charted for the holder', async ({ page }) => {
  // Staff, a mailed link and the investor's portal: a long journey on a busy machine.
  test.setTimeout(150_000);
  const contact = `founder.${Date.now()}@brightwater.test`;
  await login(page, 'superadmin@demo.test');
  const companies = await (await page.request.get('/api/reports/kpis/companies')).json();
  const brightwater = companies.data.find((c: { name: string }) => c.name === 'Brightwater Foods Seed');

  await page.goto(`/admin/investments/existing/${brightwater.id}/kpis`);
  await page.getByRole('button', { name: 'Request KPIs' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Period').fill('2030-Q1');
  await dialog.getByLabel('Contact name').fill('Ada Founder');
  await dialog.getByLabel('Contact e-mail').fill(contact);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  const requests = page.getByRole('table', { name: 'KPI requests to this company' });
  await expect(requests.getByRole('row', { name: /2030-Q1/ })).toContainText('Sent');

  // The founder: no session, only the link from the e-mail.
  await logout(page);
  let mail: string | null = null;
  await expect.poll(async () => (mail = await newestMail(contact, 'KPIs for 2030-Q1'))).not.toBeNull();
  const link = /https?:\/\/\S+\/kpi-request\/[A-Za-z0-9_-]{43}/.exec(mail ?? '')?.[0];
  expect(link, mail ?? '').toBeDefined();
  const path = new URL(link!).pathname;
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Brightwater Foods Ltd KPIs for 2030-Q1' })).toBeVisible();
  await page.getByLabel('Revenue').fill('12.1234567');
  await page.getByRole('button', { name: 'Send figures' }).click();
  await expect(page.getByText('no more than 6 decimal places')).toBeVisible();
  await page.getByLabel('Revenue').fill('985,000');
  await page.getByLabel('Headcount').fill('31');
  await page.getByLabel('Comment').fill('Headcount includes two contractors.');
  await page.getByRole('button', { name: 'Send figures' }).click();
  await expect(page.getByText('Thank you: your figures have been sent')).toBeVisible();
  // The link works once.
  await page.reload();
  await expect(page.getByText('Thank you: your figures have been sent')).toBeVisible();

  // Staff review: correct the headcount, accept.
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/reports/kpis/requests?status=submitted');
  const row = page.getByRole('row', { name: /Brightwater Foods Seed.*2030-Q1/ });
  await expect(row).toContainText('Submitted');
  await row.getByRole('button', { name: 'Review Brightwater Foods Seed 2030-Q1' }).click();
  const review = page.getByRole('dialog');
  await expect(review).toContainText('Headcount includes two contractors.');
  await expect(review.getByLabel('Revenue to record')).toHaveValue('985000');
  await review.getByLabel('Headcount to record').fill('29');
  await review.getByRole('button', { name: 'Accept and record' }).click();
  await expect(review).toBeHidden();
  await page.goto('/admin/reports/kpis/requests');
  await expect(page.getByRole('row', { name: /Brightwater Foods Seed.*2030-Q1/ })).toContainText('Accepted');

  // The holder sees the new point.
  await logout(page);
  await signIn(page, 'investor@demo.test');
  await page.goto(`/investor/portfolio/${brightwater.id}/reports/kpis`);
  await expect(page.getByText('£985,000 in Q1 2030')).toBeVisible();
  await expect(page.getByText('29 in Q1 2030')).toBeVisible();
});
