import { expect, test, type Page } from '@playwright/test';
import { createInvestor } from './support/accounts';
import { createLiveOpportunity } from './support/opportunities';
import { signIn } from './support/session';

/**
 * Investment terms as a versioned resource (decision 0053): the investor accepts the version they
 * read when reserving; staff publish a new version on the opportunity's Terms tab; the investor,
 * whose investment is not yet paid, is notified and accepts it; staff see which version each
 * investment accepted, and the investor finds both versions among their documents.
 */
const NAME = `Tidewater Energy ${Date.now() % 100000}`;
const SHOTS = '/tmp/shots';

async function shots(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/terms-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('staff publish new terms on a live opportunity; an unpaid investor accepts them; staff see v2 accepted', async ({ browser }) => {
  test.setTimeout(180_000);
  await createInvestor('terms-journey@demo.test', 'Tess Terms');
  const opportunity = await createLiveOpportunity(NAME, '<p>Version one: shares are issued when the round completes.</p>');
  const investor = await (await browser.newContext()).newPage();
  const staff = await (await browser.newContext()).newPage();

  // The investor reads version 1 in the invest form and accepts exactly it.
  await signIn(investor, 'terms-journey@demo.test');
  await investor.goto(`/investor/investments/${opportunity.slug}/invest?holder_type=personal`);
  await investor.getByRole('link', { name: 'Take the test' }).click();
  for (const answer of [
    'You lose all the money you invested',
    'Usually not until the company is sold or lists',
    'Your percentage falls when new shares are issued',
    'No, you are unlikely to be protected if something goes wrong',
    'No more than 10%',
  ])
    await investor.getByLabel(answer).check();
  await investor.getByRole('button', { name: 'Submit answers' }).click();
  await investor.getByRole('link', { name: 'Continue' }).click();
  await expect(investor.getByText('Version one: shares are issued when the round completes.')).toBeVisible();
  await investor.getByLabel(/Amount/).fill('2000');
  const reserve = investor.getByRole('button', { name: 'Reserve my allocation' });
  await expect(reserve).toBeDisabled();
  await shots(investor, 'invest');
  await investor.getByLabel('I have read and accept version 1 of the investment terms').check();
  await reserve.click();
  await expect(investor.getByText('Your allocation is reserved', { exact: true })).toBeVisible();
  await expect(investor.getByText(/^Terms v1 accepted \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/)).toBeVisible();

  // Staff publish version 2 on the Terms tab; version 1 is history, accepted by one investment.
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto(`/admin/investments/opportunities/${opportunity.id}/terms`);
  await expect(staff.getByText('Accepted by 1 investment')).toBeVisible();
  await expect(staff.getByRole('button', { name: /Correct version/ })).toHaveCount(0);
  await staff.getByRole('button', { name: 'Publish a new version' }).click();
  const editor = staff.getByRole('dialog', { name: 'Publish new terms' });
  await expect(editor.getByText(/will be notified and asked to accept the new version/)).toBeVisible();
  await editor.locator('.ProseMirror').fill('Version two: a 2% arrangement fee is paid by the company.');
  await editor.getByRole('button', { name: 'Publish the new version' }).click();
  await expect(editor).toBeHidden();
  await expect(staff.getByText('Version two: a 2% arrangement fee is paid by the company.')).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Earlier versions' })).toBeVisible();
  await shots(staff, 'staff-tab');

  // The investor is notified and asked on their investment; they read version 2 and accept it.
  await investor.goto('/investor');
  await investor.getByRole('button', { name: /notifications/i }).click();
  await investor
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /investment terms of .* have changed/ })
    .click();
  await expect(investor).toHaveURL(new RegExp(`/investor/investments/${opportunity.slug}$`));
  await expect(investor.getByText('The investment terms have changed')).toBeVisible();
  await shots(investor, 'asked');
  await investor.getByRole('button', { name: 'Accept the new terms' }).click();
  const modal = investor.getByRole('dialog');
  await expect(modal.getByText('Version two: a 2% arrangement fee is paid by the company.')).toBeVisible();
  await shots(investor, 'accept-modal');
  await modal.getByLabel('I have read and accept version 2 of the investment terms').check();
  await modal.getByRole('button', { name: 'Accept the new terms' }).click();
  await expect(modal).toBeHidden();
  await expect(investor.getByText('The investment terms have changed')).toHaveCount(0);
  await expect(investor.getByText(/^Terms v2 accepted /)).toBeVisible();

  // Both accepted versions are among the investor's documents, each opening the text accepted.
  await investor.goto('/investor/profile/documents');
  const section = investor.locator('.mantine-Paper-root', { has: investor.getByRole('heading', { name: 'Investment terms' }) });
  await expect(section.getByText(NAME)).toHaveCount(2);
  await shots(investor, 'documents');
  await section.getByRole('button', { name: `Read version 1 of the terms of ${NAME}` }).click();
  await expect(investor.getByRole('dialog').getByText('Version one: shares are issued when the round completes.')).toBeVisible();
  await shots(investor, 'documents-read');

  // Staff see version 2 accepted on the investment.
  await staff.goto(`/admin/investments/opportunities/${opportunity.id}/transactions`);
  await expect(staff.getByRole('row', { name: /Tess Terms/ })).toContainText('v2');
  await staff.goto(`/admin/investments/opportunities/${opportunity.id}/terms`);
  await expect(staff.getByText('Accepted by 1 investment')).toHaveCount(2);
});
