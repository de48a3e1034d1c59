import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { marketSoundingAcceptances } from '../../db/schema';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow, setFlags, setSettings } from '../../test/opportunities';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await setFlags(t, { market_sounding_enabled: true });
  await setSettings(t, { marketSoundingDescription: '<p>You are about to receive inside information.</p>' });
});
afterAll(() => t.close());

describe('market sounding', () => {
  it('hides an opportunity that needs it until the investor accepts, then records the acceptance once', async () => {
    const investor = await signedIn(t, Role.User);
    const row = await createOpportunityRow(t, { status: 2, name: 'Secret Placing', marketSoundingRequired: true });
    const before = (await investor.client.get(`/api/investment-opportunities/${row.slug}`)).json().data;
    expect(before).toEqual({
      id: row.id,
      slug: row.slug,
      status: 2,
      name: 'Confidential opportunity',
      market_sounding_pending: true,
      market_sounding_path: `/investor/investments/market-sounding/${row.id}`,
    });
    const listed = (await investor.client.get('/api/investment-opportunities?per_page=100'))
      .json()
      .data.find((r: { id: number }) => r.id === row.id);
    expect(listed.name).toBe('Confidential opportunity');

    const page = await investor.client.get(`/api/market-sounding/${row.id}`);
    expect(page.json().data).toMatchObject({ description: '<p>You are about to receive inside information.</p>', accepted: false });
    expect((await investor.client.post(`/api/market-sounding/${row.id}/accept`)).statusCode).toBe(200);
    expect((await investor.client.post(`/api/market-sounding/${row.id}/accept`)).statusCode).toBe(200);
    const after = (await investor.client.get(`/api/investment-opportunities/${row.slug}`)).json().data;
    expect(after).toMatchObject({ name: 'Secret Placing', market_sounding_pending: false });

    const entries = await t.db.select().from(marketSoundingAcceptances).where(eq(marketSoundingAcceptances.opportunityId, row.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: investor.user.id,
      opportunityName: 'Secret Placing',
      disclosedText: '<p>You are about to receive inside information.</p>',
    });
  });

  it('keeps the register append-only: the database refuses to change or delete an entry', async () => {
    const investor = await signedIn(t, Role.User);
    const row = await createOpportunityRow(t, { status: 2, marketSoundingRequired: true });
    await investor.client.post(`/api/market-sounding/${row.id}/accept`);
    // Drizzle wraps the driver's error: the database's own message is its cause.
    const refusal = (attempt: Promise<unknown>) =>
      attempt.then(
        () => 'allowed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(
      await refusal(
        t.db
          .update(marketSoundingAcceptances)
          .set({ disclosedText: 'rewritten' })
          .where(eq(marketSoundingAcceptances.opportunityId, row.id)),
      ),
    ).toMatch(/append-only: UPDATE/);
    expect(await refusal(t.db.execute(sql`delete from market_sounding_acceptances where opportunity_id = ${row.id}`))).toMatch(
      /append-only: DELETE/,
    );
    expect(await t.db.select().from(marketSoundingAcceptances).where(eq(marketSoundingAcceptances.opportunityId, row.id))).toHaveLength(1);
  });

  it('shows the register to Super Admin and Support only', async () => {
    for (const [roleId, status] of [
      [Role.SuperAdmin, 200],
      [Role.Support, 200],
      [Role.InvestmentCommittee, 403],
      [Role.User, 403],
    ] as const) {
      const { client } = await signedIn(t, roleId);
      expect((await client.get('/api/market-sounding-acceptances')).statusCode, `role ${roleId}`).toBe(status);
    }
  });

  it('needs no acceptance while the feature is off, and 404s for opportunities the investor cannot see', async () => {
    await setFlags(t, { market_sounding_enabled: false });
    const investor = await signedIn(t, Role.User);
    const row = await createOpportunityRow(t, { status: 2, name: 'Open Placing', marketSoundingRequired: true });
    expect((await investor.client.get(`/api/investment-opportunities/${row.slug}`)).json().data.name).toBe('Open Placing');
    const draft = await createOpportunityRow(t, { status: 1 });
    expect((await investor.client.get(`/api/market-sounding/${draft.id}`)).statusCode).toBe(404);
    await setFlags(t, { market_sounding_enabled: true });
  });
});
