import { expect, test } from '@playwright/test';
import { createInvestor } from './support/accounts';
import { login, signIn } from './support/session';
import { keepInvestorSettings } from './support/settings';

/**
 * Settings › Investor (issue 14, decision 0031): staff reword a question of the appropriateness test
 * and the personalised risk warning, and an investor reads the new words; staff change the terms
 * and an investor must accept them again before anything else.
 */
const SLUG = 'heliotrope-energy-series-a';
const ORIGINAL_QUESTION = 'If the company you invest in fails, what is the most likely outcome?';
const NEW_QUESTION = 'If the company you back goes bust, what is the most likely outcome?';

let restore: Awaited<ReturnType<typeof keepInvestorSettings>>;
test.beforeAll(async () => {
  restore = await keepInvestorSettings();
});
test.afterAll(async () => {
  await restore({ question: { from: NEW_QUESTION, to: ORIGINAL_QUESTION } });
});

test('staff reword a test question and the risk warning; a new investor reads both', async ({ browser }) => {
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/settings/investor/appropriateness-test');
  await expect(staff.getByRole('heading', { name: 'Appropriateness Test', level: 1 })).toBeVisible();
  await expect(staff.getByRole('navigation', { name: 'Investor settings' }).getByRole('link', { name: 'Risk Warning' })).toBeVisible();
  await staff.getByRole('button', { name: 'Edit question 1' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Edit question' });
  await dialog.getByLabel('Question').fill(NEW_QUESTION);
  await dialog.getByRole('button', { name: 'Save question' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(staff.getByText(`1. ${NEW_QUESTION}`)).toBeVisible();

  await staff.getByRole('navigation', { name: 'Investor settings' }).getByRole('link', { name: 'Risk Warning' }).click();
  await staff.getByLabel('Personalised risk warning').fill('{name}, please stop and think: you could lose all the money you invest.');
  await expect(staff.getByText('Preview: Jane Smith, please stop and think')).toBeVisible();
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText(/Risk warning saved \(version \d+\)/)).toBeVisible();

  const email = `wording-${Date.now() % 100000}@demo.test`;
  await createInvestor(email, 'Wendy Wording', { gates: 'categorised' });
  const investor = await (await browser.newContext()).newPage();
  await signIn(investor, email);
  await investor.goto(`/investor/investments/${SLUG}`);
  await investor.getByRole('link', { name: 'Invest', exact: true }).click();
  await investor.getByRole('button', { name: 'Continue' }).click();
  await expect(investor.getByText('Wendy Wording, please stop and think: you could lose all the money you invest.')).toBeVisible();
  await investor.getByRole('button', { name: 'I understand the risks' }).click();
  await investor.getByRole('link', { name: 'Take the test' }).click();
  await expect(investor.getByText(NEW_QUESTION)).toBeVisible();
  await expect(investor.getByText(ORIGINAL_QUESTION)).toHaveCount(0);
});

test('staff change the terms and an investor must accept them again', async ({ browser }) => {
  const email = `terms-${Date.now() % 100000}@demo.test`;
  await createInvestor(email, 'Terry Terms');

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/settings/investor/terms');
  const version = Number((await staff.getByText(/Version \d+ is in force/).innerText()).match(/Version (\d+)/)?.[1]);
  const editor = staff.getByRole('textbox', { name: 'Terms and conditions' });
  await editor.click();
  await staff.keyboard.press('ControlOrMeta+a');
  await staff.keyboard.type('Our terms from next year: fees are now 2% a year.');
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText(`Terms saved. Version ${version + 1} is now in force.`)).toBeVisible();

  const investor = await (await browser.newContext()).newPage();
  await login(investor, email);
  const modal = investor.getByRole('dialog', { name: 'Terms and conditions' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await modal.getByLabel('I have read, understood and accept the terms and conditions').check();
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal).toHaveCount(0);
  await investor.goto(`/investor/investments/${SLUG}`);
  await expect(investor.getByRole('heading', { name: 'Heliotrope Energy Series A' })).toBeVisible();
  await investor.goto('/terms');
  await expect(investor.getByText('Our terms from next year: fees are now 2% a year.')).toBeVisible();
});
