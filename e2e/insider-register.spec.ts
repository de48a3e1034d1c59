import { expect, test, type Page } from '@playwright/test';
import { createInvestor } from './support/accounts';
import { signIn } from './support/session';

/**
 * The insider register wired into the deal flow (issue 14): staff send a market sounding on a
 * Live - Internal opportunity, the invited investor accepts and is on the register; a staff member who
 * opened the project asks for PA pre-clearance in its company and is refused as an insider; staff
 * cleanse the project, every insider ceases, and the same request then awaits pre-clearance.
 */
const SUFFIX = Date.now() % 100000;
const NAME = `Quayside Minerals ${SUFFIX}`;
const COMPANY = `Quayside Minerals ${SUFFIX} plc`;

async function moveTo(page: Page, status: string) {
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: status }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`is now ${status}`)).toBeVisible();
}

async function askForPreClearance(page: Page) {
  await page.goto('/admin/insider-register/pa-deals/create');
  await page.getByLabel('Company').fill(COMPANY);
  await page.getByLabel('Quantity').fill('5000');
  await page.getByLabel('Expected price').fill('1.25');
  await page.getByLabel('Reason').fill('Long-term personal holding');
  await page.getByRole('button', { name: 'Ask for pre-clearance' }).click();
}

test('a market sounding puts the investor on the register; cleansing ends it; an insider is refused PA dealing', async ({ browser }) => {
  test.setTimeout(180_000);
  await createInvestor('wallcrossed@demo.test', 'Wendy Wallcrossed');
  const staff = await (await browser.newContext()).newPage();
  const investor = await (await browser.newContext()).newPage();

  // Staff: a Live - Internal opportunity that needs market sounding, with the investor invited.
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/investments/opportunities/new-opportunity');
  await staff.getByLabel('Opportunity name').fill(NAME);
  await staff.getByLabel(/^Company/).fill(COMPANY);
  await staff.getByLabel('Investors must accept market sounding first').check();
  await staff.getByRole('button', { name: 'Create draft' }).click();
  await expect(staff).toHaveURL(/\/admin\/investments\/opportunities\/\d+\/edit$/);
  const id = /opportunities\/(\d+)\/edit/.exec(staff.url())![1];
  await staff.getByLabel('Target raise').fill('500000');
  await staff.getByLabel('Minimum investment').fill('1000');
  await staff.getByLabel('Maximum investment', { exact: false }).first().fill('50000');
  await staff.getByLabel('Share price').fill('1.20');
  await staff.getByLabel('Summary').fill('A confidential placing.');
  await staff.getByLabel('Account number').fill('12345678');
  await staff.getByLabel('Sort code').fill('12-34-56');
  await staff.getByRole('button', { name: 'Save changes' }).click();
  await expect(staff.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  await moveTo(staff, 'Live - Internal');
  await staff.getByRole('tab', { name: 'Invitations' }).click();
  await staff.getByRole('textbox', { name: 'Invite an investor' }).fill('wallcrossed@demo');
  await staff.getByRole('option', { name: /Wendy Wallcrossed/ }).click();
  await staff.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(staff.getByRole('row', { name: /wallcrossed@demo\.test/ })).toBeVisible();

  // Investor: reads the market sounding and accepts it.
  await signIn(investor, 'wallcrossed@demo.test');
  await investor.goto(`/investor/investments/market-sounding/${id}`);
  await investor.getByLabel('I understand and accept to receive inside information').check();
  await investor.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(investor.getByRole('heading', { name: NAME })).toBeVisible();

  // Staff: the register shows the entry, with the project to filter on.
  await staff.goto('/admin/insider-register');
  await expect(staff.getByRole('heading', { name: 'Market Sounding Acceptance' })).toBeVisible();
  const project = staff.getByRole('row', { name: new RegExp(NAME) }).filter({ hasText: 'Inside information' });
  await project.getByRole('button', { name: `Show the insiders of ${NAME}` }).click();
  await expect(staff).toHaveURL(/project=\d+/);
  const entry = staff.getByRole('row', { name: /Wendy Wallcrossed/ });
  await expect(entry).toContainText(`Accepted the market sounding of ${NAME}`);
  await expect(entry).toContainText('UTC');
  await expect(entry).toContainText('Current');

  // Staff who open the project are insiders too, and may not deal in its company.
  await staff.goto(`/admin/investments/opportunities/${id}/details`);
  await expect(staff.getByRole('heading', { name: NAME })).toBeVisible();
  await askForPreClearance(staff);
  await expect(staff.getByText(`Refused: you are an insider of ${NAME}, a project about ${COMPANY}.`, { exact: false })).toBeVisible();
  await expect(staff).toHaveURL(/pa-deals\/create$/);

  // Staff cleanse the project: every insider ceases and is told.
  await staff.goto('/admin/insider-register');
  await staff.getByRole('button', { name: `Cleanse ${NAME}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Cleanse ${NAME}` });
  await expect(dialog).toContainText('All 2 current insiders cease to be insiders now');
  await dialog.getByRole('textbox', { name: 'Why' }).click();
  await staff.getByRole('option', { name: 'Information made public' }).click();
  await dialog.getByLabel('Note').fill('Announced this morning');
  await dialog.getByRole('button', { name: 'Cleanse project' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(staff.getByRole('row', { name: new RegExp(NAME) }).filter({ hasText: 'Cleansed' })).toBeVisible();
  await staff.goto(`/admin/insider-register?search=Wendy`);
  await expect(staff.getByRole('row', { name: /Wendy Wallcrossed/ })).not.toContainText('Current');

  // Once cleansed, the same request goes to compliance.
  await askForPreClearance(staff);
  await expect(staff).toHaveURL(/\/admin\/insider-register\/pa-deals$/);
  // Both requests are kept: the refusal with the platform's reason, and the new one awaiting compliance.
  const requests = staff.getByRole('row', { name: new RegExp(COMPANY) });
  await expect(requests).toHaveCount(2);
  await expect(requests.filter({ hasText: 'Refused' })).toHaveCount(1);
  await requests.filter({ hasText: 'Awaiting pre-clearance' }).click();
  const deal = staff.getByRole('dialog');
  // A history table: the modal takes the spec's 'wide' width.
  expect((await deal.boundingBox())?.width).toBe(900);
  await expect(deal.getByRole('row', { name: /Awaiting pre-clearance/ })).toBeVisible();
  await expect(deal.getByRole('row', { name: /Refused/ })).toHaveCount(0);
});

test('a correction is typed with UK date fields and restates the entry in the register', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/insider-register');
  const correct = page.getByRole('button', { name: /^Correct the entry of / }).first();
  const name = ((await correct.getAttribute('aria-label')) ?? '').replace('Correct the entry of ', '');
  await correct.click();
  const dialog = page.getByRole('dialog', { name: /^Correct entry \d+$/ });
  // A two-column form: the spec's default modal width.
  expect((await dialog.boundingBox())?.width).toBe(800);
  // The moment is shown day first, never as the browser's mm/dd/yyyy picker.
  await expect(dialog.getByRole('button', { name: 'Became an insider (UTC)' })).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  const birth = dialog.getByRole('textbox', { name: 'Date of birth' });
  await expect(birth).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  await birth.fill('05/01/1980');
  await birth.blur();
  await expect(birth).toHaveValue('05/01/1980');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/corrections'));
  await dialog.getByRole('button', { name: 'Record correction' }).click();
  const body = (await sent).postDataJSON() as Record<string, string>;
  expect(body.date_of_birth).toBe('1980-01-05');
  expect(body.obtained_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await expect(dialog).toHaveCount(0);
  await expect(
    page
      .getByRole('row', { name: new RegExp(name) })
      .filter({ hasText: /Corrects entry \d+/ })
      .first(),
  ).toBeVisible();
});
