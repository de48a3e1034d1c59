import { expect, test, type Locator, type Page } from '@playwright/test';
import { createLongPipeline } from './support/deals';
import { signIn } from './support/session';

/** Deal flow journeys (spec §2.2 Deals and Settings › Pipelines) on the demo pipelines. */
const SHOTS = '/tmp/shots';
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/deals-${name}.png`, fullPage: true });
}

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });
const card = (scope: Page | Locator, company: string) => scope.locator('[data-deal-id]').filter({ hasText: company });

async function dragTo(page: Page, from: Locator, to: Locator) {
  const source = (await from.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 12, source.y + source.height / 2, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 20 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2 + 2, { steps: 2 });
  await page.mouse.up();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('staff move deals between stages by mouse and by keyboard, and the moves persist', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investments/deals');
  await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
  await expect(card(column(page, 'Sourced'), 'Ashgrove Robotics Ltd')).toBeVisible();
  await shot(page, 'board');

  // Mouse: drag a card from Sourced onto the Screening column.
  const moved = page.waitForResponse((r) => r.url().includes('/move') && r.request().method() === 'POST');
  await dragTo(page, card(page, 'Ashgrove Robotics Ltd'), column(page, 'Screening').locator('[data-deal-id]').first());
  expect((await moved).status()).toBe(200);
  await expect(card(column(page, 'Screening'), 'Ashgrove Robotics Ltd')).toBeVisible();
  await page.reload();
  await expect(card(column(page, 'Screening'), 'Ashgrove Robotics Ltd')).toBeVisible();
  await expect(card(column(page, 'Sourced'), 'Ashgrove Robotics Ltd')).toHaveCount(0);

  // Keyboard: focus a card, pick it up, move it one stage right, drop it.
  const pennine = page.getByRole('button', { name: /^Pennine Water Labs Ltd\./ });
  await pennine.focus();
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Picked up Pennine Water Labs Ltd. It is in Sourced');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Screening, place');
  const keyed = page.waitForResponse((r) => r.url().includes('/move') && r.request().method() === 'POST');
  await page.keyboard.press('Space');
  expect((await keyed).status()).toBe(200);
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Pennine Water Labs Ltd was dropped in Screening');
  await page.reload();
  await expect(card(column(page, 'Screening'), 'Pennine Water Labs Ltd')).toBeVisible();
  await expect(card(column(page, 'Sourced'), 'Pennine Water Labs Ltd')).toHaveCount(0);

  // The Move to… menu is the obvious alternative.
  await page.getByRole('button', { name: 'Move Thistle Health Ltd to…' }).click();
  await shot(page, 'board-move-menu');
  await page.getByRole('menuitem', { name: 'Term sheet' }).click();
  await expect(card(column(page, 'Term sheet'), 'Thistle Health Ltd')).toBeVisible();
  await page.reload();
  await expect(card(column(page, 'Term sheet'), 'Thistle Health Ltd')).toBeVisible();

  // A move the server refuses goes back, with a message.
  await page.route('**/api/pipeline-deals/*/move', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The given data was invalid.', errors: { stage_id: ['Choose a stage.'] } }),
    }),
  );
  await page.getByRole('button', { name: 'Move Copperleaf Pay Ltd to…' }).click();
  await page.getByRole('menuitem', { name: 'Due diligence' }).click();
  await expect(page.getByText('The deal was not moved')).toBeVisible();
  await expect(page.getByText('Choose a stage. It is back where it was.')).toBeVisible();
  await expect(card(column(page, 'Sourced'), 'Copperleaf Pay Ltd')).toBeVisible();
  await expect(card(column(page, 'Due diligence'), 'Copperleaf Pay Ltd')).toHaveCount(0);
  await page.unrouteAll();
  await page.locator('.mantine-Notification-root').getByRole('button').click();

  // The other pipeline, and the table view with its filters and exports.
  await page.getByRole('textbox', { name: 'Pipeline' }).click();
  await page.getByRole('option', { name: 'Secondaries' }).click();
  await expect(column(page, 'Identified')).toBeVisible();
  await shot(page, 'board-secondaries');

  await page.getByText('Table', { exact: true }).click();
  await expect(page).toHaveURL(/view=table/);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByText(/^\d+ records$/)).toBeVisible();
  await shot(page, 'table');
  await page.getByLabel('Search').fill('ltd');
  await page.getByRole('button', { name: 'Amount sought' }).click();
  await expect(page.getByRole('columnheader', { name: 'Amount sought' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=amount_sought/);
  // The search is debounced: wait until the link carries it.
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', /filter%5Bsearch%5D=ltd/);
  const csv = await exportLink.getAttribute('href');
  expect(csv).toContain('format=csv');
  expect(csv).toContain('sort=amount_sought');
  const exported = await page.request.get(csv!);
  expect(exported.status()).toBe(200);
  expect(await exported.text()).toContain('Company');
  await page.getByLabel('Search').fill('no-company-is-called-this');
  await expect(page.getByText('No deals match')).toBeVisible();
  await shot(page, 'table-empty');
});

test('a long column shows its first deals and loads the rest as staff scroll, or by its button; moves keep the counts', async ({
  page,
}) => {
  const name = `Long pipeline ${Date.now()}`;
  await createLongPipeline(name, 60);
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investments/deals');
  await page.getByRole('textbox', { name: 'Pipeline' }).click();
  await page.getByRole('option', { name }).click();
  const inbox = column(page, 'Inbox');
  await expect(inbox.getByLabel('60 deals')).toBeVisible();
  // The first page, then the next as the end of the column scrolls into view.
  await expect(card(inbox, 'Long Column 25')).toBeVisible();
  await expect(inbox.locator('[data-deal-id]')).toHaveCount(25);
  await inbox.getByRole('button', { name: /Load more deals/ }).scrollIntoViewIfNeeded();
  await expect(inbox.locator('[data-deal-id]')).toHaveCount(50);
  await shot(page, 'board-long-column');
  // The button does the same for whoever does not scroll; the column then ends.
  await inbox.getByRole('button', { name: 'Load more deals (10 more in Inbox)' }).click();
  await expect(inbox.locator('[data-deal-id]')).toHaveCount(60);
  await expect(inbox.getByRole('button', { name: /Load more deals/ })).toHaveCount(0);
  const names = await inbox.locator('[data-deal-id]').evaluateAll((cards) => cards.map((c) => c.textContent ?? ''));
  expect(names.map((text) => /Long Column \d\d/.exec(text)?.[0])).toEqual(
    Array.from({ length: 60 }, (_, i) => `Long Column ${String(i + 1).padStart(2, '0')}`),
  );

  // A card from deep in the column moves; the counts follow and the column keeps what was loaded.
  const moved = page.waitForResponse((r) => r.url().includes('/move') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Move Long Column 55 to…' }).click();
  await page.getByRole('menuitem', { name: 'Shortlist' }).click();
  expect((await moved).status()).toBe(200);
  await expect(card(column(page, 'Shortlist'), 'Long Column 55')).toBeVisible();
  await expect(inbox.getByLabel('59 deals')).toBeVisible();
  await expect(column(page, 'Shortlist').getByLabel('1 deals')).toBeVisible();
  await expect(inbox.locator('[data-deal-id]')).toHaveCount(59);
  await page.reload();
  await expect(column(page, 'Shortlist').getByLabel('1 deals')).toBeVisible();
  await expect(card(column(page, 'Inbox'), 'Long Column 55')).toHaveCount(0);
});

test('staff create a deal: a server-side error shows on its field, then the fixed form saves', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/investments/deals');
  await page.getByRole('link', { name: 'New deal' }).click();
  await expect(page).toHaveURL(/\/admin\/investments\/deals\/new-deal/);
  await page.getByLabel('Company').fill('Wrenfield Analytics Ltd');
  await page.getByRole('textbox', { name: 'Industry' }).fill('Soft');
  await page.getByRole('option', { name: 'Software' }).click();
  // The money field stops at 2 decimal places as it is typed; 19 digits are more than the server takes.
  await page.getByLabel('Amount sought').fill('1234567890123456789');
  await page.getByRole('button', { name: 'Add a key date' }).click();
  await page.getByLabel('What').fill('Term sheet deadline');
  await page.getByLabel('Date', { exact: true }).fill('2026-09-30');
  await page.getByLabel('Key information').fill('<p>Flood models for <strong>insurers</strong>.</p>');
  await page.getByRole('button', { name: 'Create deal' }).click();

  const amount = page.getByLabel('Amount sought');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('no more than 2 decimal places')).toBeVisible();
  await shot(page, 'new-deal-error');

  await amount.fill('1250.50');
  await page.getByRole('button', { name: 'Create deal' }).click();
  await expect(page).toHaveURL(/\/admin\/investments\/deals\/\d+\/performance$/);
  await expect(page.getByRole('heading', { name: 'Wrenfield Analytics Ltd' })).toBeVisible();
  await expect(page.getByText('£1,250.50')).toBeVisible();
  await shot(page, 'deal-performance');

  await page.getByRole('tab', { name: 'Key Information' }).click();
  await expect(page).toHaveURL(/\/key-information$/);
  await expect(page.getByText('Term sheet deadline')).toBeVisible();
  await expect(page.locator('.rich-text strong')).toHaveText('insurers');
  await shot(page, 'deal-key-information');

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.getByLabel('Amount sought')).toHaveValue('1,250.50');
  await shot(page, 'deal-edit');
  await page.getByLabel('Amount sought').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/performance$/);
  await expect(page.getByText('£1,250.50')).toHaveCount(0);

  // The new deal sits at the end of the first stage of the board.
  await page.getByRole('link', { name: 'Deals' }).first().click();
  await expect(card(column(page, 'Sourced'), 'Wrenfield Analytics Ltd')).toBeVisible();
});

test('staff reorder, add and rename stages in settings', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/settings/account/pipelines');
  await expect(page.getByRole('heading', { name: 'Pipelines', level: 1 })).toBeVisible();
  await shot(page, 'settings-pipelines');
  await page.getByRole('button', { name: 'New pipeline' }).click();
  await shot(page, 'settings-new-pipeline');
  await page.getByRole('dialog').getByLabel('Name').fill('Co-investments');
  await page.getByRole('button', { name: 'Create pipeline' }).click();
  await expect(page.getByRole('link', { name: 'Co-investments', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Deal flow', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Deal flow: stages' })).toBeVisible();
  const order = () => page.locator('[data-stage-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-stage-row')));
  expect(await order()).toEqual(['Sourced', 'Screening', 'Due diligence', 'Investment committee', 'Term sheet']);
  await shot(page, 'settings-stages');

  // Keyboard: Term sheet up one place.
  await page.getByRole('button', { name: /^Reorder Term sheet/ }).focus();
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Picked up Term sheet, place 5 of 5.');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Term sheet is now at place 4 of 5.');
  const keyed = page.waitForResponse((r) => r.url().endsWith('/api/pipeline-stages/reorder'));
  await page.keyboard.press('Space');
  expect((await keyed).status()).toBe(200);
  await expect.poll(order).toEqual(['Sourced', 'Screening', 'Due diligence', 'Term sheet', 'Investment committee']);

  // Mouse: Sourced dragged below Screening.
  const dragged = page.waitForResponse((r) => r.url().endsWith('/api/pipeline-stages/reorder'));
  await dragTo(page, page.getByRole('button', { name: /^Reorder Sourced/ }), page.locator('[data-stage-row="Screening"]'));
  expect((await dragged).status()).toBe(200);
  await page.reload();
  await expect.poll(order).toEqual(['Screening', 'Sourced', 'Due diligence', 'Term sheet', 'Investment committee']);

  await page.getByLabel('New stage name').fill('Completed');
  await page.getByRole('button', { name: 'Add stage' }).click();
  await expect.poll(order).toEqual(['Screening', 'Sourced', 'Due diligence', 'Term sheet', 'Investment committee', 'Completed']);
  await page.getByRole('button', { name: 'Rename Completed' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Invested');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-stage-row="Invested"]')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Due diligence' }).click();
  await expect(page.getByRole('dialog')).toContainText('Move its');
  await shot(page, 'settings-delete-stage');
  await page.getByRole('button', { name: 'Keep it' }).click();

  // The board follows the new order.
  await page.goto('/admin/investments/deals');
  await expect(column(page, 'Invested')).toBeVisible();
  const headings = await page.locator('section[data-stage-id]').evaluateAll((s) => s.map((el) => el.getAttribute('aria-label')));
  expect(headings).toEqual(['Screening', 'Sourced', 'Due diligence', 'Term sheet', 'Investment committee', 'Invested']);

  // The new pipeline's board: its stages, each empty.
  await page.getByRole('textbox', { name: 'Pipeline' }).click();
  await page.getByRole('option', { name: 'Co-investments' }).click();
  await expect(column(page, 'Sourced').getByText('No deals in this stage')).toBeVisible();
  await shot(page, 'board-empty-stages');
});
