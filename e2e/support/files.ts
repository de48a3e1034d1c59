import type { Page } from '@playwright/test';

/** Picks a file through the labelled file input's chooser, as a person would. */
export async function chooseFile(page: Page, label: string | RegExp, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel(label).click();
  await (await chooser).setFiles(file);
}
