import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { settings } from '../../db/schema';
import { SETTINGS_ID } from '../../shared/settings';
import { createFund, setFundsEnabled } from '../../test/deals-funds';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let fundId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  await setFundsEnabled(t, true);
  fundId = (await createFund(t, { name: 'Analysed fund' })).id;
});
afterAll(() => t.close());

/** The stored flags with `portfolio_analysis_enabled` set, or removed (a deployment that never switched it). */
async function storeFlag(value: boolean | undefined) {
  const [row] = await t.db.select({ flags: settings.flags }).from(settings).where(eq(settings.id, SETTINGS_ID));
  const { portfolio_analysis_enabled: _, ...others } = row.flags;
  const flags = value === undefined ? others : { ...others, portfolio_analysis_enabled: value };
  await t.db.update(settings).set({ flags }).where(eq(settings.id, SETTINGS_ID));
}

const analysis = async () => (await admin.client.get(`/api/funds/${fundId}/portfolio-analysis`)).statusCode;
const published = async () => (await agent(t.app).get('/api/public-settings/1')).json().data.portfolio_analysis_enabled;

describe('portfolio_analysis_enabled (spec §2.2 "portfolio-analysis (feature-flagged)")', () => {
  it('is on where the stored settings do not mention it: the analysis answers and the public settings say true', async () => {
    await storeFlag(undefined);
    expect(await analysis()).toBe(200);
    expect(await published()).toBe(true);
  });

  it('switched off on the features form, the analysis is a 404 and the public settings say false; on again, 200', async () => {
    expect((await admin.client.patch('/api/branding', { portfolio_analysis_enabled: false })).statusCode).toBe(200);
    expect(await analysis()).toBe(404);
    expect(await published()).toBe(false);
    // The rest of the fund is untouched by this flag.
    expect((await admin.client.get(`/api/funds/${fundId}`)).statusCode).toBe(200);

    expect((await admin.client.patch('/api/branding', { portfolio_analysis_enabled: '1' })).statusCode).toBe(200);
    expect(await analysis()).toBe(200);
    expect(await published()).toBe(true);
  });

  it('answers 404 while funds are off even with the analysis flag on, and 401 before either', async () => {
    await storeFlag(true);
    await setFundsEnabled(t, false);
    try {
      expect(await analysis()).toBe(404);
      expect((await agent(t.app).get(`/api/funds/${fundId}/portfolio-analysis`)).statusCode).toBe(401);
    } finally {
      await setFundsEnabled(t, true);
    }
  });
});
