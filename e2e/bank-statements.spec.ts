import { expect, type Page, test } from '@playwright/test';
import { login } from './support/session';

/**
 * Bank statements (decisions 0055, 0061): staff upload one CSV statement that pays three cash calls —
 * two by their payment reference (one of them only in part), the third by its exact amount and its
 * investor's name, suggested and confirmed by staff. A credit nobody recognises stays listed under
 * "Credits to resolve" until it is ignored. The cash-calls page then shows two calls paid and one
 * part-paid.
 */
const SHOTS = '/tmp/shots';
type Call = { id: number; payment_reference: string; amount_outstanding: string; currency: string; user: { name: string } | null };

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    await page.screenshot({ path: `${SHOTS}/bank-statements-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('one statement pays three cash calls, one in part, and a confirmed suggestion; an unknown credit waits to be resolved', async ({
  page,
}) => {
  await login(page, 'superadmin@demo.test');
  const open = await page.request.get('/api/cash-calls?filter[state]=outstanding&include=user&per_page=100');
  const calls = ((await open.json()).data as Call[]).filter((c) => c.currency === 'GBP' && c.user);
  // Three calls of three investors with three different amounts, so the amount match is unambiguous.
  const chosen: Call[] = [];
  for (const call of calls)
    if (chosen.every((c) => c.user?.name !== call.user?.name && c.amount_outstanding !== call.amount_outstanding)) chosen.push(call);
  expect(chosen.length, 'three open GBP cash calls of different investors in the demo data').toBeGreaterThanOrEqual(3);
  const [inFull, inPart, byAmount] = chosen;
  const part = (Number(inPart.amount_outstanding) / 2).toFixed(2);
  const stranger = `Unknown sender ${Date.now() % 100000}`;
  const csv = [
    'Date,Description,Amount,Counterparty',
    `02/03/2026,Payment ${inFull.payment_reference},${inFull.amount_outstanding},${inFull.user?.name}`,
    `02/03/2026,First half ${inPart.payment_reference.toLowerCase().replaceAll('-', ' ')},${part},${inPart.user?.name}`,
    `03/03/2026,Investment,${byAmount.amount_outstanding},${byAmount.user?.name.toUpperCase()}`,
    `03/03/2026,Gift,13.57,${stranger}`,
    '04/03/2026,Card purchase,-4.20,Coffee Shop',
  ].join('\n');

  await page.goto('/admin/cash-calls');
  await page.getByRole('link', { name: 'Bank statements' }).click();
  await expect(page.getByRole('heading', { name: 'Bank statements', level: 1 })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: `statement-${Date.now()}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('textbox', { name: 'Amount column' })).toHaveValue('Amount');
  await shoot(page, 'upload');
  await page.getByRole('button', { name: 'Upload and match' }).click();

  await expect(page.getByRole('heading', { name: /^Statement statement-/ })).toBeVisible();
  for (const call of [inFull, inPart]) {
    const matched = page.getByRole('row').filter({ hasText: call.payment_reference }).first();
    await expect(matched.getByText('Matched')).toBeVisible();
    await expect(matched.getByText('by reference')).toBeVisible();
  }
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'First half' })
      .getByText(/outstanding$/),
  ).toBeVisible();
  const suggested = page.getByRole('row').filter({ hasText: 'Investment' });
  await expect(suggested.getByText('Suggested')).toBeVisible();
  await expect(suggested.getByText(byAmount.payment_reference)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: stranger }).getByText('Unmatched')).toBeVisible();
  await shoot(page, 'review');
  await suggested.getByRole('button', { name: /^Confirm line 4/ }).click();
  await expect(suggested.getByText('Matched')).toBeVisible();
  await expect(suggested.getByText(`${byAmount.payment_reference}, paid`)).toBeVisible();

  // The unknown credit stays among the credits to resolve, across statements, until it is ignored.
  await page.getByRole('main').getByRole('link', { name: 'Bank statements' }).click();
  const toResolve = page.getByRole('table', { name: 'Credits to resolve' });
  const waiting = toResolve.getByRole('row').filter({ hasText: stranger });
  await expect(waiting.getByText('Unmatched')).toBeVisible();
  await expect(toResolve.getByRole('row').filter({ hasText: byAmount.payment_reference })).toHaveCount(0);
  await shoot(page, 'to-resolve');
  await waiting.getByRole('button', { name: /^Ignore line 5/ }).click();
  await expect(waiting).toHaveCount(0);

  await page.getByRole('main').getByRole('link', { name: 'Cash calls' }).click();
  await page.getByRole('textbox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  for (const [call, state] of [
    [inFull, 'Paid'],
    [inPart, 'Part-paid'],
    [byAmount, 'Paid'],
  ] as const)
    await expect(page.getByRole('row').filter({ hasText: call.payment_reference }).getByText(state, { exact: true })).toBeVisible();
  await page
    .getByRole('row')
    .filter({ hasText: byAmount.payment_reference })
    .getByRole('button', { name: /^Reminders/ })
    .click();
  // A paid call is reminded no more: the dialog lists what was sent and offers no new reminder.
  await expect(page.getByRole('dialog').getByText(`Reminders — ${byAmount.payment_reference}`)).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Send reminder now' })).toHaveCount(0);
  await shoot(page, 'reminders');
});
