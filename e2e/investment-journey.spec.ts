import { expect, test, type Page } from '@playwright/test';
import { createInvestor } from './support/accounts';
import { signIn } from './support/session';

/**
 * The spine of the product (issue 4): staff create and publish an opportunity; an investor passes the
 * appropriateness test, reserves and sees the cash call; staff mark payment received and complete;
 * the investor says they have paid (staff's bell rings), is told live and finds the holding in the
 * portfolio with its value.
 */
const NAME = `Lumen Batteries ${Date.now() % 100000}`;

async function staffOpen(page: Page, name: string) {
  await page.goto('/admin/investments/opportunities');
  await page.getByLabel('Search').fill(name);
  await page.getByRole('row', { name: new RegExp(name) }).click();
}

async function moveTo(page: Page, status: string) {
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: status }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`is now ${status}`)).toBeVisible();
}

test('an opportunity from creation to a valued holding in the investor portfolio', async ({ browser }) => {
  test.setTimeout(240_000);
  await createInvestor('journey@demo.test', 'Jo Journey');
  const staff = await (await browser.newContext()).newPage();
  // The investor copies payment details with the page's copy buttons.
  const investor = await (await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })).newPage();

  // Staff: a Draft, refused publication until complete, then Live - External.
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/investments/opportunities/new-opportunity');
  await staff.getByLabel('Opportunity name').fill(NAME);
  await staff.getByLabel(/^Company/).fill('Lumen Batteries Ltd');
  await staff.getByRole('button', { name: 'Create draft' }).click();
  await expect(staff).toHaveURL(/\/admin\/investments\/opportunities\/\d+\/edit$/);
  await staff.getByRole('button', { name: 'Change status' }).click();
  await staff.getByRole('menuitem', { name: 'Live - External' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(staff.getByText('Set the target raise before publishing.')).toBeVisible();

  await staff.getByLabel('Target raise').fill('100000');
  await staff.getByLabel('Minimum investment').fill('1000');
  await staff.getByLabel('Maximum investment', { exact: false }).first().fill('20000');
  await staff.getByLabel('Share price').fill('2.00');
  await staff.getByLabel('Summary').fill('Solid-state batteries for electric bikes.');
  await staff.getByLabel('Account number').fill('12345678');
  await staff.getByLabel('Sort code').fill('12-34-56');
  await staff.getByRole('button', { name: 'Save changes' }).click();
  await expect(staff.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  await moveTo(staff, 'Live - External');
  await expect(staff).toHaveURL(/\/details$/);

  // Investor: sees it, is sent to the appropriateness test, passes, reserves.
  await signIn(investor, 'journey@demo.test');
  await investor.goto('/investor/investments');
  const card = investor.getByRole('region', { name: 'Reserve An Allocation' }).locator('.mantine-Card-root', { hasText: NAME });
  await card.getByRole('link', { name: 'View opportunity' }).click();
  await expect(investor.getByRole('heading', { name: NAME })).toBeVisible();
  await investor.getByRole('link', { name: 'Invest', exact: true }).click();
  // The demo offers nominees, so the investor first says how they will hold it: personally.
  await expect(investor.getByRole('heading', { name: 'How will you hold this investment?' })).toBeVisible();
  await investor.getByRole('button', { name: 'Continue' }).click();
  await investor.getByRole('link', { name: 'Take the test' }).click();
  await expect(investor.getByRole('heading', { name: 'Appropriateness test' })).toBeVisible();
  const correct = [
    'You lose all the money you invested',
    'Usually not until the company is sold or lists',
    'Your percentage falls when new shares are issued',
    'No, you are unlikely to be protected if something goes wrong',
    'No more than 10%',
  ];
  for (const answer of correct) await investor.getByLabel(answer).check();
  await investor.getByRole('button', { name: 'Submit answers' }).click();
  await expect(investor.getByText('You passed')).toBeVisible();
  await investor.getByRole('link', { name: 'Continue' }).click();
  await expect(investor).toHaveURL(/\/invest(\?holder_type=personal)?$/);

  // Each submission of the form names itself with a fresh Idempotency-Key (decision 0019).
  const reservationKeys: string[] = [];
  investor.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/investments/investor')
      reservationKeys.push(request.headers()['idempotency-key'] ?? '');
  });
  await investor.getByLabel(/Amount/).fill('500');
  await investor.getByRole('button', { name: 'Reserve my allocation' }).click();
  await expect(investor.getByText(/The minimum investment is £1,000.00/)).toBeVisible();
  await investor.getByLabel(/Amount/).fill('5000');
  await investor.getByRole('button', { name: 'Reserve my allocation' }).click();
  await expect(investor.getByText('Your allocation is reserved', { exact: true })).toBeVisible();
  await expect(investor.getByText('What happens next')).toBeVisible();
  await expect(investor.getByText(/You then have 14 days to pay/)).toBeVisible();
  await expect(investor.getByText('12345678')).toBeVisible();
  expect(reservationKeys).toHaveLength(2);
  expect(new Set(reservationKeys).size).toBe(2);
  for (const key of reservationKeys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  // Staff: issue the cash call; the investor's bell rings live.
  const bell = investor.getByRole('button', { name: /notifications/i });
  await staffOpen(staff, NAME);
  await staff.getByRole('tab', { name: 'Transactions' }).click();
  const row = staff.getByRole('row', { name: /Jo Journey/ });
  await expect(row).toContainText('£5,000.00');
  await row.getByRole('button', { name: /Actions for/ }).click();
  await staff.getByRole('menuitem', { name: 'Issue cash call' }).click();
  await expect(row).toContainText('Cash call issued');
  await investor.goto('/investor/investments');
  await expect(investor.getByRole('region', { name: 'Cash Call - Awaiting Payment' })).toContainText(NAME);
  await expect(bell).toHaveAccessibleName(/unread/);

  // Investor: opens the cash call, copies the reference, says they have paid; staff's bell rings.
  await investor.getByRole('region', { name: 'Cash Call - Awaiting Payment' }).getByRole('link', { name: 'View' }).click();
  await expect(investor.getByText(/please pay by \d{1,2} \w{3} \d{4}/)).toBeVisible();
  await investor.getByRole('button', { name: 'Copy payment reference' }).click();
  await expect(investor.getByRole('button', { name: 'Payment reference copied' })).toBeVisible();
  const reference = await investor.evaluate(() => navigator.clipboard.readText());
  await expect(investor.getByText(reference, { exact: true })).toBeVisible();
  await investor.getByRole('button', { name: 'I’ve paid' }).click();
  await investor.getByRole('dialog').getByLabel('Note for our team').fill('Sent from my bank today');
  await investor.getByRole('button', { name: 'Confirm I’ve paid' }).click();
  await expect(investor.getByText('Payment sent — awaiting confirmation').first()).toBeVisible();
  await expect(investor.getByRole('button', { name: 'I’ve paid' })).toHaveCount(0);
  await staff.getByRole('button', { name: /notifications/i }).click();
  await expect(staff.getByRole('dialog', { name: 'Notifications' })).toContainText(
    `Jo Journey says they have paid £5,000.00 (reference ${reference})`,
  );
  await staff.keyboard.press('Escape');

  // Staff: payment received, close, complete.
  await row.getByRole('button', { name: /Actions for/ }).click();
  await staff.getByRole('menuitem', { name: 'Mark payment received' }).click();
  await expect(row).toContainText('Payment received');
  await moveTo(staff, 'Closed');
  await moveTo(staff, 'Completed');
  await expect(staff).toHaveURL(/\/admin\/investments\/existing\/\d+\/details$/);

  // Investor: told live, and the holding is in the portfolio at its value.
  await bell.click();
  await expect(investor.getByRole('dialog', { name: 'Notifications' })).toContainText(`${NAME} has completed`);
  await investor.goto('/investor/portfolio');
  const holding = investor.getByRole('row', { name: new RegExp(NAME) });
  await expect(holding).toContainText('£5,000.00');
  await expect(holding).toContainText('2,500');
  await expect(holding).toContainText('Held');
});
