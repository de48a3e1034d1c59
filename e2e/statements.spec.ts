import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

test('staff generate statements for every investor and watch them finish; the investor downloads theirs from documents and the portfolio', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await (await browser.newContext()).newPage();
  const investor = await (await browser.newContext({ acceptDownloads: true })).newPage();

  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/reports');
  await staff.getByRole('link', { name: /Investor statements/ }).click();
  await expect(staff).toHaveURL(/\/admin\/reports\/statements$/);
  await staff.getByLabel('Statement date').fill('2026-06-30');
  await staff.getByLabel('Transactions from').fill('2026-01-01');
  await staff.getByRole('button', { name: 'Generate statements' }).click();

  // The new run is listed first and moves to Done while the page polls its progress.
  const run = staff.getByRole('row').filter({ hasText: '30 Jun 2026' }).first();
  await expect(run).toBeVisible();
  await expect(run.getByText('Done')).toBeVisible({ timeout: 120_000 });
  await expect(run.getByText(/\d+ of \d+ filed/)).toBeVisible();

  // The investor finds the statement in their documents, and downloads it.
  await signIn(investor, 'investor@demo.test');
  await investor.goto('/investor/profile/documents');
  const filed = investor.getByRole('link', { name: /Portfolio statement 30 Jun 2026/ }).first();
  await expect(filed).toBeVisible();
  // A PDF opens in the portal's viewer, which reads it through the investor's download route.
  const href = await filed.getAttribute('href');
  const id = href?.match(/^\/investor\/pdf\/(\d+)$/)?.[1];
  expect(id, `statement link ${href}`).toBeDefined();
  const response = await investor.request.get(`/api/my/documents/${id}/download`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');

  // From the portfolio: the Statement action downloads a PDF as at the chosen day.
  await investor.goto('/investor/portfolio');
  await investor.getByRole('button', { name: 'Statement' }).click();
  const pdf = investor.getByRole('link', { name: 'Download PDF' });
  // A day in an earlier year than the period's start (1 January of this year) moves the start to
  // that year's first of January. The calendar has turned to the typed day; picking it closes the
  // calendar and keeps the popover.
  await investor.getByLabel('As at').fill('2025-12-31');
  await investor.getByRole('button', { name: '31 December 2025' }).click();
  await expect(pdf).toHaveAttribute('href', /[?&]as_at=2025-12-31&from=2025-01-01&format=pdf$/);
  // A later day keeps a start that still comes first. The link names the day before it is followed.
  await investor.getByLabel('As at').fill('2026-06-30');
  await investor.getByRole('button', { name: '30 June 2026' }).click();
  await expect(pdf).toHaveAttribute('href', /[?&]as_at=2026-06-30&from=2025-01-01&format=pdf$/);
  const [download] = await Promise.all([investor.waitForEvent('download'), pdf.click()]);
  expect(download.suggestedFilename()).toBe('statement-2026-06-30.pdf');
});
