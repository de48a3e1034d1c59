import { expect, test, type Page } from '@playwright/test';
import { login } from './support/session';

/** The first record of a staff list, read through the API as the page would. */
async function firstId(page: Page, path: string, query = ''): Promise<number> {
  const response = await page.request.get(`${path}?per_page=1${query}`);
  expect(response.ok()).toBe(true);
  const [row] = (await response.json()).data as { id: number }[];
  return row.id;
}

/**
 * Links written to the spec's paths (§2.2: sub-pages under `details`) land on the app's page with
 * the matching tab; and a long form refused by its check takes the person to the first field in error.
 */
test('spec-form sub-page paths land on their tab, and a refused long form focuses its first error', async ({ page }) => {
  await login(page, 'superadmin@demo.test');
  const investor = await firstId(page, '/api/users', '&filter[role_id]=5');
  const contact = await firstId(page, '/api/contacts');
  const organisation = await firstId(page, '/api/organisations');
  const opportunity = await firstId(page, '/api/investment-opportunities', '&filter[status]=2');
  // One sub-page of each area the spec nests (the unit test of app/routes/spec-paths.ts covers the
  // whole list of §2.2); a full page load each, as a link from outside the app would open it.
  const nested: [string, string][] = [
    [`/admin/investors/${investor}`, 'investor-consent'],
    [`/admin/investors/contacts/${contact}`, 'risk-profile'],
    [`/admin/investors/organisations/${organisation}`, 'transactions'],
    [`/admin/investments/opportunities/${opportunity}`, 'key-information'],
  ];
  for (const [base, sub] of nested) {
    await page.goto(`${base}/details/${sub}`);
    await expect(page).toHaveURL(`${base}/${sub}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
  }

  await page.goto('/admin/investors/new-investor');
  const submit = page.getByRole('button', { name: 'Create investor' });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  const name = page.getByRole('textbox', { name: /^Name/ });
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
});

/**
 * Spec §9 link prefetch margin: a page's code is fetched when a link to it comes within 200 px of
 * the viewport, before any click or hover; a link further away waits until it comes near. The code
 * is downloaded, not run (decision 0080): running a page's module through the router would first
 * add a `modulepreload` link for each of its files.
 */
test('a page preloads when a link to it comes within 200 px of the viewport', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    // The build names a chunk `<module>-<8-character hash>.js`; the hash may itself hold a '-'
    // ('verify-email-page-ab-Cd1e2.js'), so the name is whatever comes before the last 8 characters.
    const file = /\/assets\/([\w-]+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (file) chunks.push(file[1]);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(chunks).not.toContain('verify-email-page');
  expect(chunks).not.toContain('terms-page');
  // Two links the page does not show itself: one 150 px below the fold, one 500 px below it.
  await page.evaluate(() => {
    for (const [href, below] of [
      ['/verify-email', 150],
      ['/terms', 500],
    ] as const) {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = href;
      link.style.cssText = `position:absolute;left:0;top:${window.innerHeight + below}px`;
      document.body.append(link);
    }
  });
  await expect.poll(() => chunks.includes('verify-email-page')).toBe(true);
  expect(chunks).not.toContain('terms-page');
  await expect(page.locator('link[rel="modulepreload"][href*="verify-email-page"]')).toHaveCount(0);
  // The far link comes near, as scrolling or the page moving above it would bring it.
  await page.evaluate(() => {
    const far = document.querySelector<HTMLAnchorElement>('a[href="/terms"]')!;
    far.style.top = `${window.innerHeight + 150}px`;
  });
  await expect.poll(() => chunks.includes('terms-page')).toBe(true);
});

/**
 * The investor overview's own data downloads with its code (decision 0074): its shell's `Link`
 * header names the addresses, the browser fetches them, and the page takes those answers. Chrome
 * warns of a preloaded answer left unused: a page that asks for another address, or asks in a way
 * that does not match the preload, leaves it unused.
 */
test("the investor overview's first data downloads with its code, and the page takes it", async ({ page }) => {
  await login(page, 'investor@demo.test');
  const asked: string[] = [];
  const unused: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
  });
  page.on('console', (message) => {
    if (message.text().includes('preloaded using link preload but not used')) unused.push(message.text());
  });
  const shell = await page.goto('/investor');
  const preloads = [...((await shell!.headerValue('link')) ?? '').matchAll(/<([^>]+)>; rel=preload/g)].map((match) => match[1]);
  expect(preloads).toEqual(expect.arrayContaining(['/api/my/portfolio', '/api/notifications/user/unread']));
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const href of preloads) expect(asked, href).toContain(href);
  // Chrome reports an unused preload a few seconds after the load event.
  await page.waitForTimeout(4_000);
  expect(unused).toEqual([]);
});
