import { eq, sql } from 'drizzle-orm';
import { investmentOpportunities, investments, settings } from '../db/schema';
import { loadSettings, SETTINGS_ID } from '../shared/settings';
import type { TestApp } from './harness';

/** Factories for opportunity and investment tests: rows straight into the database. */

let sequence = 0;

export async function createOpportunityRow(t: TestApp, overrides: Partial<typeof investmentOpportunities.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await t.db
    .insert(investmentOpportunities)
    .values({
      slug: `test-opportunity-${process.pid}-${sequence}`,
      name: `Test Opportunity ${sequence}`,
      companyName: `Test Company ${sequence}`,
      status: 2,
      currency: 'GBP',
      targetRaise: '100000.00',
      minimumInvestment: '1000.00',
      maximumInvestment: '50000.00',
      sharePrice: '2.500000',
      summary: 'A test opportunity.',
      ...overrides,
    })
    .returning();
  return row;
}

/** An investment row, keeping the opportunity's committed amount in step as the service does. */
export async function createInvestmentRow(
  t: TestApp,
  values: { opportunityId: number; userId: number; amount: string; status?: string; type?: string },
) {
  const [row] = await t.db
    .insert(investments)
    .values({
      currency: 'GBP',
      paymentReference: `TEST-${process.pid}-${++sequence}`,
      status: 'reserved',
      // A paid row counts as paid in full, as the payments ledger would have it.
      receivedAmount: values.status === 'paid' || values.status === 'completed' ? values.amount : '0',
      ...values,
    })
    .returning();
  if (row.status !== 'cancelled') {
    await t.db
      .update(investmentOpportunities)
      .set({ committedAmount: sql`${investmentOpportunities.committedAmount} + ${values.amount}::numeric` })
      .where(eq(investmentOpportunities.id, values.opportunityId));
  }
  return row;
}

export async function setFlags(t: TestApp, flags: Record<string, boolean>) {
  const current = await loadSettings(t.db);
  await t.db
    .update(settings)
    .set({ flags: { ...current.flags, ...flags } })
    .where(eq(settings.id, SETTINGS_ID));
}

export async function setSettings(t: TestApp, values: Partial<typeof settings.$inferInsert>) {
  await loadSettings(t.db);
  await t.db.update(settings).set(values).where(eq(settings.id, SETTINGS_ID));
}
