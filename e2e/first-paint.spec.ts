import { expect, test, type Browser } from '@playwright/test';
import { signIn } from './support/session';

/**
 * An investor page's HTML draws the risk warning before the code has run (decision 0079): seen here
 * with the page's script switched off. The band the investor shell then draws sits in the same
 * place at the same size, so nothing moves as one takes the other's place, and the HTML's one is gone.
 */
async function riskBands(browser: Browser, width: number) {
  const viewport = { width, height: 800 };
  const signedIn = await (await browser.newContext({ viewport })).newPage();
  await signIn(signedIn, 'investor@demo.test');
  const session = await signedIn.context().storageState();

  const htmlOnly = await (await browser.newContext({ viewport, javaScriptEnabled: false, storageState: session })).newPage();
  await htmlOnly.goto('/investor');
  const drawnByHtml = htmlOnly.locator('#first-paint .risk-warning');
  await expect(drawnByHtml).toContainText("Don't invest unless you're prepared to lose all the money you invest.");
  await expect(drawnByHtml).toContainText('Take 2 mins to learn more.');
  await htmlOnly.screenshot({ path: `test-results/pages/first-paint-${width}.png` });

  await signedIn.goto('/investor');
  const drawnByApp = signedIn.getByRole('region', { name: 'Risk warning' });
  await expect(drawnByApp.getByRole('button', { name: 'Take 2 mins to learn more.' })).toBeVisible();
  await expect(signedIn.locator('#first-paint')).toHaveCount(0);
  // Read with the firm's font settled on both pages.
  await htmlOnly.evaluate(() => document.fonts.ready);
  await signedIn.evaluate(() => document.fonts.ready);
  return { html: await drawnByHtml.boundingBox(), app: await drawnByApp.boundingBox() };
}

for (const width of [1280, 390]) {
  test(`an investor page draws its risk warning from the HTML, where the portal then draws its own (${width} px)`, async ({ browser }) => {
    const { html, app } = await riskBands(browser, width);
    expect(html).not.toBeNull();
    expect(app).toEqual(html);
  });
}

test('a page signed out, or outside the portal, has no risk warning in its HTML', async ({ browser }) => {
  const signedOut = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await signedOut.goto('/investor');
  await expect(signedOut.locator('#first-paint')).toHaveCount(0);
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'superadmin@demo.test');
  const staffHtml = await (await staff.request.get('/admin')).text();
  expect(staffHtml).not.toContain('id="first-paint"');
});
