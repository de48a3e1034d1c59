import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { openPostgres } from '../apps/server/src/db/client';
import { createInvestor } from './support/accounts';
import { E2E_DATABASE_URL } from './support/env';
import { chooseFile } from './support/files';
import { login, signIn } from './support/session';

const run = Date.now();
const title = `Risk disclosure ${run}`;

async function disclosurePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText('Risk disclosure', { x: 60, y: 760, size: 22, font });
  page.drawText('You could lose all the money you invest.', { x: 60, y: 720, size: 12, font });
  return Buffer.from(await pdf.save());
}

/** The document is for every investor: whatever happens above, no later journey meets it. */
test.afterAll(async () => {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    await database.db.execute(sql`update sign_up_documents set archived_at = now() where title = ${title} and archived_at is null`);
  } finally {
    await database.close();
  }
});

test('staff add a required sign-up document; an investor reads and accepts it before reaching the portal', async ({ page, browser }) => {
  const email = `sign-up-${run}@example.test`;
  await createInvestor(email, 'Sasha Signup');

  await signIn(page, 'superadmin@demo.test');
  await page.goto('/admin/settings/investor/sign-up-documents');
  await expect(page.getByRole('heading', { name: 'Sign-up documents', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a sign-up document' });
  await dialog.getByLabel('Title').fill(title);
  await chooseFile(page, 'PDF file', { name: 'risk-disclosure.pdf', mimeType: 'application/pdf', buffer: await disclosurePdf() });
  await expect(dialog.getByLabel('Investors must accept this document')).toBeChecked();
  await dialog.getByRole('button', { name: 'Add document' }).click();
  await expect(page.getByText(`${title} added: investors are asked for it now.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('0 investors');

  const investorContext = await browser.newContext();
  const investor = await investorContext.newPage();
  await login(investor, email);
  await expect(investor.getByRole('heading', { name: 'Before you continue' })).toBeVisible();
  await expect(investor.getByText('1 of 2 accepted')).toBeVisible();
  await investor.getByRole('button', { name: `Read and accept ${title}` }).click();
  const reader = investor.getByRole('dialog', { name: title });
  await expect(reader.getByRole('img', { name: `${title}, page 1` })).toBeVisible();
  // PDF pages read at the spec's 'wide' modal width.
  expect((await reader.boundingBox())?.width).toBe(900);
  const accept = reader.getByRole('button', { name: 'Accept' });
  await expect(accept).toBeDisabled();
  await reader.getByLabel(`I have read, understood and accept ${title}`).check();
  await accept.click();
  await expect(investor.getByRole('heading', { name: 'Welcome, Sasha' })).toBeVisible();

  // Kept on the investor's documents page, and staff see the acceptance.
  await investor.goto('/investor/profile/documents');
  await expect(investor.getByText(title)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('1 investor');
  await page.getByRole('button', { name: `Archive ${title}` }).click();
  await expect(page.getByText(`${title} archived: investors are no longer asked for it.`)).toBeVisible();
  await investorContext.close();
});
