import { expect, test } from '@playwright/test';
import { login } from './support/session';
import { notifyByEmail } from './support/notify';

test('a notification arrives live, is shown in the panel and is marked read when opened', async ({ page }) => {
  await login(page, 'investor@demo.test');
  const bell = page.getByRole('button', { name: /notifications/i });
  // The demo seeds unread notifications for this investor; other journeys may have added more.
  await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/);
  const before = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1]);

  const report = `quarterly report ${Date.now()}`;
  await notifyByEmail('investor@demo.test', {
    message: `<p>Your <strong>${report}</strong> is ready.</p>`,
    icon: 'update_reports',
    cta: '/investor/news',
  });
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
  await expect(bell).toContainText(String(before + 1));

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: 'Mark all as Read' })).toBeVisible();
  const item = panel.getByRole('button', { name: new RegExp(report) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Just now');
  await expect(item.getByLabel('Unread')).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/\/investor\/news$/);
  await expect(bell).toHaveAccessibleName(`Notifications, ${before} unread`);
});
