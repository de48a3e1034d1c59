import type { Page } from '@playwright/test';

/** Two animation frames: whatever a resize, a keypress or the last answer changed has been laid out and handled. */
export async function frames(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
