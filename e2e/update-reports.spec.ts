import { expect, type Page, test } from '@playwright/test';
import { frames } from './support/frames';
import { login, signIn } from './support/session';

/**
 * Staff start an update about Orbital Freight for its holders, write its text with `write`, create
 * the draft and publish it; answers the update's id.
 */
async function publishUpdate(staff: Page, title: string, write: () => Promise<void>) {
  await signIn(staff, 'superadmin@demo.test');
  await staff.goto('/admin/reports/updates');
  await staff.getByRole('link', { name: 'New update' }).click();
  await expect(staff).toHaveURL(/\/admin\/reports\/new-update$/);
  await staff.getByLabel('Title').fill(title);
  await staff.getByRole('textbox', { name: 'Report type' }).click();
  await staff.getByRole('option', { name: 'Company news' }).click();
  await staff.getByRole('textbox', { name: 'Company or fund' }).click();
  await staff.getByRole('option', { name: 'Orbital Freight Ltd' }).click();
  await write();
  await expect(staff.getByRole('radio', { name: 'Holders of the company or fund' })).toBeChecked();
  // Pressed from the keyboard: a video's player is a frame of another browser process, and a click
  // landing just after the page scrolls can be routed to that frame instead of the button.
  await staff.getByRole('button', { name: 'Create draft' }).press('Enter');
  await expect(staff).toHaveURL(/\/admin\/reports\/updates\/\d+\/edit-update$/);
  const reportId = staff.url().match(/updates\/(\d+)\//)![1];
  await staff.getByRole('button', { name: 'Publish now' }).press('Enter');
  await expect(staff).toHaveURL(new RegExp(`/admin/reports/updates/${reportId}/details$`));
  await expect(staff.getByRole('heading', { name: /Opened by 0 of \d+/ })).toBeVisible();
  return reportId;
}

test('staff publish an update to holders of a company; the investor reads it under News and the holding, asks, and staff answer', async ({
  browser,
}) => {
  const title = `Orbital Freight: investor day ${Date.now()}`;
  const staff = await (await browser.newContext()).newPage();
  const investor = await (await browser.newContext()).newPage();

  // Staff write a draft about a company, addressed to its holders, and publish it.
  const reportId = await publishUpdate(staff, title, async () => {
    await staff.getByRole('textbox', { name: 'Text' }).click();
    await staff.keyboard.type('Investors are invited to the depot in Daventry on 12 June.');
  });

  // The investor holds Orbital Freight: the update is in their news, unread, and under the holding.
  await login(investor, 'investor@demo.test');
  await investor.getByRole('link', { name: 'News', exact: true }).click();
  await expect(investor).toHaveURL(/\/investor\/news$/);
  await expect(investor.getByRole('link', { name: new RegExp(`${title}\\W+unread`) })).toBeVisible();
  await investor.goto('/investor/portfolio');
  await investor.getByText('Orbital Freight Series A').first().click();
  await expect(investor).toHaveURL(/\/investor\/portfolio\/\d+$/);
  await investor.getByRole('link', { name: new RegExp(title) }).click();
  await expect(investor).toHaveURL(new RegExp(`/investor/portfolio/\\d+/reports/${reportId}$`));
  await expect(investor.getByRole('heading', { name: title })).toBeVisible();
  await expect(investor.getByText('Investors are invited to the depot in Daventry on 12 June.')).toBeVisible();

  // Opened, it is read in the news list, and staff see who opened it.
  await investor.goto('/investor/news');
  const card = investor.getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible();
  await expect(card).not.toHaveAccessibleName(/unread/);
  await staff.reload();
  await expect(staff.getByRole('heading', { name: /Opened by 1 of \d+/ })).toBeVisible();

  // A question on the update, answered to everyone it reached.
  await card.click();
  await expect(investor).toHaveURL(new RegExp(`/investor/news/reports/${reportId}$`));
  await investor.getByLabel('Ask a question about this update').fill('Is there parking at the depot?');
  await investor.getByRole('button', { name: 'Send question' }).click();
  await expect(investor.getByText('Waiting for an answer.')).toBeVisible();

  await staff.reload();
  await expect(staff.getByText('Is there parking at the depot?')).toBeVisible();
  await staff.getByLabel('Answer', { exact: true }).fill('Yes, for twenty cars.');
  await staff.getByText('To everyone the update reached').click();
  await staff.getByRole('button', { name: 'Answer', exact: true }).click();
  await expect(staff.getByRole('button', { name: 'Update answer' })).toBeVisible();

  await investor.reload();
  await expect(investor.getByText('Yes, for twenty cars.')).toBeVisible();
});

test('staff write an update with a heading, a size, a font, a formula and a video; the investor reads them as written', async ({
  browser,
}) => {
  const staff = await (await browser.newContext()).newPage();
  const investor = await (await browser.newContext()).newPage();

  // The spec §9 editor: a Heading 2, words in Large Serif, a formula and a video (a page address becomes the player).
  const reportId = await publishUpdate(staff, `Orbital Freight: depot ${Date.now()}`, async () => {
    await staff.getByRole('textbox', { name: 'Text' }).click();
    await staff.keyboard.type('Depot visit');
    await staff.getByRole('combobox', { name: 'Header' }).selectOption('Heading 2');
    await staff.keyboard.press('End');
    await staff.keyboard.press('Enter');
    await staff.keyboard.type('Capacity doubles');
    await staff.keyboard.press('Shift+Home');
    // The editor reads a keyboard selection on the browser's selectionchange, a task later: the Size
    // list must not take focus before it has (it would mark an empty selection).
    await frames(staff);
    await staff.getByRole('combobox', { name: 'Size' }).selectOption('Large');
    await expect(staff.locator('.mantine-RichTextEditor-content .rt-size-large')).toHaveText('Capacity doubles');
    await staff.getByRole('combobox', { name: 'Font' }).selectOption('Serif');
    await staff.keyboard.press('End');
    await staff.getByRole('button', { name: 'Insert formula' }).click();
    await staff.getByRole('textbox', { name: 'Enter formula' }).fill('c = \\frac{a}{b}');
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(staff.getByRole('textbox', { name: 'Enter formula' })).toBeHidden();
    await expect(staff.locator('.mantine-RichTextEditor-content .katex')).toBeVisible();
    await staff.getByRole('button', { name: 'Insert video' }).click();
    await staff.getByRole('textbox', { name: 'Enter video' }).fill('https://example.com/clip');
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(staff.getByText('Enter a YouTube or Vimeo address.')).toBeVisible();
    await staff.getByRole('textbox', { name: 'Enter video' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(staff.getByRole('textbox', { name: 'Enter video' })).toBeHidden();
    await expect(staff.locator('.mantine-RichTextEditor-content iframe[title="YouTube video"]')).toBeVisible();
  });

  await signIn(investor, 'investor@demo.test');
  await investor.goto(`/investor/news/reports/${reportId}`);
  await expect(investor.getByRole('heading', { level: 2, name: 'Depot visit' })).toBeVisible();
  await expect(investor.locator('.rich-text .rt-size-large .rt-font-serif, .rich-text .rt-font-serif .rt-size-large')).toHaveText(
    'Capacity doubles',
  );
  await expect(investor.locator('.rich-text .katex')).toBeVisible();
  await expect(investor.locator('.rich-text .katex-mathml')).toContainText('c=');
  await expect(investor.locator('.rich-text iframe[title="YouTube video"]')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  );
});
