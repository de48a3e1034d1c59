import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/** Staff record a partial realisation and every holder's proceeds; the investor sees them as realised. */
test('staff record a partial realisation and the holders’ proceeds, and the investor sees what was realised', async ({ browser }) => {
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/investments/existing');
  await staff.getByRole('row', { name: /Orbital Freight Series A/ }).click();
  await staff.getByRole('tab', { name: 'Performance', exact: true }).click();
  await expect(staff.getByRole('heading', { name: 'Holders’ proceeds' })).toBeVisible();

  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await staff.getByRole('textbox', { name: 'Record' }).click();
  await staff.getByRole('option', { name: 'Outcome' }).click();
  await staff.getByLabel('Date', { exact: true }).fill(yesterday);
  // Leaving the field closes its calendar, which would otherwise lie over the next field's options.
  await staff.keyboard.press('Tab');
  await staff.getByRole('textbox', { name: 'Outcome' }).click();
  await staff.getByRole('option', { name: 'Partial realisation' }).click();
  await staff.getByRole('textbox', { name: 'Price per share (GBP)' }).fill('2.00');
  await staff.getByRole('button', { name: 'Add' }).click();

  // A fifth of each holding sold at £2.00: Isla's 12,500 shares give 2,500 sold for £5,000.00.
  await staff.getByRole('button', { name: 'Record every holder’s proceeds' }).click();
  await expect(staff.getByText('Enter the part of each holding sold, above 0 and at most 100 percent.')).toBeVisible();
  await staff.getByRole('textbox', { name: 'Part of each holding sold (%)' }).fill('20');
  await staff.getByRole('button', { name: 'Record every holder’s proceeds' }).click();
  const proceeds = staff.getByRole('table', { name: 'Holders’ proceeds' }).getByRole('row', { name: /Isla Investor/ });
  await expect(proceeds).toContainText('2,500');
  await expect(proceeds).toContainText('£5,000.00');
  await expect(staff.getByRole('button', { name: 'Record every holder’s proceeds' })).toHaveCount(0);

  const investor = await (await browser.newContext()).newPage();
  await signIn(investor, 'investor@demo.test');
  await investor.goto('/investor/portfolio');
  await investor.getByRole('row', { name: /Orbital Freight Series A/ }).click();
  await expect(investor.getByText('Proceeds of shares sold')).toBeVisible();
  await expect(investor.getByText('£5,000.00', { exact: true })).toBeVisible();

  // Deleting the line takes it out of the figures again.
  await staff.getByRole('button', { name: /Delete the proceeds of Isla Investor/ }).click();
  await expect(proceeds).toHaveCount(0);
  await investor.reload();
  await expect(investor.getByRole('heading', { name: 'Orbital Freight Series A' })).toBeVisible();
  await expect(investor.getByText('Proceeds of shares sold')).toHaveCount(0);

  // One holder's own sale: never more than they hold; the server's message lands on the field.
  const sale = staff.getByRole('form', { name: 'Record one holder’s sale' });
  await sale.getByRole('textbox', { name: 'Holder' }).click();
  await staff.getByRole('option', { name: /^Isla Investor: 12,500 shares/ }).click();
  await sale.getByLabel('Date of sale').fill(yesterday);
  await sale.getByRole('textbox', { name: 'Shares sold' }).fill('20000');
  await sale.getByRole('textbox', { name: 'Proceeds (GBP)' }).fill('30000');
  await sale.getByRole('button', { name: 'Record the sale' }).click();
  await expect(sale.getByText(`Isla Investor held 12500 shares on ${yesterday}: a sale cannot be larger.`)).toBeVisible();
  await sale.getByRole('textbox', { name: 'Shares sold' }).fill('500');
  await sale.getByRole('textbox', { name: 'Proceeds (GBP)' }).fill('1250');
  await sale.getByRole('textbox', { name: 'Note' }).fill('Secondary sale');
  await sale.getByRole('button', { name: 'Record the sale' }).click();
  await expect(proceeds).toContainText('£1,250.00');
  await expect(proceeds).toContainText('Secondary sale');
});
