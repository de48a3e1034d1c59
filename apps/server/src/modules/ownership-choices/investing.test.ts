import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { investments, organisationUsers, ownershipChoices } from '../../db/schema';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOrganisationFor } from '../../test/investments';
import { createOpportunityRow, setFlags } from '../../test/opportunities';

let t: TestApp;
let isla: Awaited<ReturnType<typeof signedIn>>;
let owen: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  isla = await signedIn(t, Role.User, { name: 'Isla Investor' });
  owen = await signedIn(t, Role.User, { name: 'Owen Other' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await setFlags(t, {
    nominee_enabled: false,
    investment_terms_enabled: false,
    market_sounding_enabled: false,
    compliance_test_enabled: false,
  });
  await t.db.delete(ownershipChoices);
});

type Client = typeof isla.client;
const saveChoice = async (client: Client, body: Record<string, unknown>) => {
  const response = await client.post('/api/whole-ownership-choices', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
};
const reserve = (client: Client, body: Record<string, unknown>) => client.post('/api/investments/investor', { amount: '2000', ...body });
const rowOf = async (id: number) => (await t.db.select().from(investments).where(eq(investments.id, id)))[0];
const defaultsOf = async (client: Client) =>
  (await client.get('/api/whole-ownership-choices')).json().data.filter((c: { is_default: boolean }) => c.is_default);

describe('investing with a saved whole-ownership choice', () => {
  it('a whole choice puts its holder on the investment; a joint one keeps the split beside its first holder', async () => {
    const opportunity = await createOpportunityRow(t);
    const org = await createOrganisationFor(t, isla.user.id, 'Isla Holdings Ltd');
    const company = await saveChoice(isla.client, {
      name: 'Company',
      shares: [{ holder_type: 'organisation', organisation_id: org.id, percentage: '100' }],
    });
    const held = await reserve(isla.client, { opportunity_id: opportunity.id, ownership_choice_id: company.id });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().data).toMatchObject({ holder_type: 'organisation', organisation_id: org.id, type: 'org', ownership_shares: null });

    const joint = await saveChoice(isla.client, {
      name: 'Joint',
      shares: [
        { holder_type: 'organisation', organisation_id: org.id, percentage: '62.5' },
        { holder_type: 'personal', percentage: '37.5' },
      ],
    });
    const split = await reserve(isla.client, { opportunity_id: opportunity.id, ownership_choice_id: joint.id });
    expect(split.statusCode, split.body).toBe(201);
    expect(split.json().data.holder_type).toBe('organisation');
    expect(
      split.json().data.ownership_shares.map((s: { holder_name: string; percentage: string }) => [s.holder_name, s.percentage]),
    ).toEqual([
      ['Isla Holdings Ltd', '62.5'],
      ['Isla Investor', '37.5'],
    ]);
    // The split is the investment's own: changing the choice afterwards leaves it as it was.
    await isla.client.patch(`/api/whole-ownership-choices/${joint.id}`, { shares: [{ holder_type: 'personal', percentage: '100' }] });
    expect((await rowOf(split.json().data.id)).ownershipShares?.map((s) => s.percentage)).toEqual(['62.5', '37.5']);
  });

  it("refuses another investor's choice, a choice whose holder is no longer the investor's, and a choice with a holder", async () => {
    const opportunity = await createOpportunityRow(t);
    const owens = await saveChoice(owen.client, { name: 'Owen', shares: [{ holder_type: 'personal', percentage: '100' }] });
    const stolen = await reserve(isla.client, { opportunity_id: opportunity.id, ownership_choice_id: owens.id });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors.ownership_choice_id).toEqual(['Choose one of your saved ownership choices.']);

    const org = await createOrganisationFor(t, isla.user.id, 'Former Co');
    const former = await saveChoice(isla.client, {
      name: 'Former',
      shares: [{ holder_type: 'organisation', organisation_id: org.id, percentage: '100' }],
    });
    await t.db.delete(organisationUsers).where(eq(organisationUsers.organisationId, org.id));
    const unlinked = await reserve(isla.client, { opportunity_id: opportunity.id, ownership_choice_id: former.id });
    expect(unlinked.statusCode).toBe(422);
    expect(unlinked.json().errors.ownership_choice_id[0]).toMatch(/Former Co can no longer hold your investments/);

    const both = await reserve(isla.client, {
      opportunity_id: opportunity.id,
      ownership_choice_id: former.id,
      holder_type: 'organisation',
      organisation_id: org.id,
    });
    expect(both.statusCode).toBe(422);
    expect(Object.keys(both.json().errors)).toContain('ownership_choice_id');
    expect(await t.db.select().from(investments).where(eq(investments.opportunityId, opportunity.id))).toEqual([]);
  });

  it('"save as my default" makes the choice used the default, or saves a holder chosen for once as a whole default', async () => {
    const opportunity = await createOpportunityRow(t);
    const org = await createOrganisationFor(t, isla.user.id, 'Default Co');
    const first = await saveChoice(isla.client, { name: 'Me', is_default: true, shares: [{ holder_type: 'personal', percentage: '100' }] });

    const direct = await reserve(isla.client, {
      opportunity_id: opportunity.id,
      holder_type: 'organisation',
      organisation_id: org.id,
      save_as_default: true,
    });
    expect(direct.statusCode, direct.body).toBe(201);
    const [saved] = await defaultsOf(isla.client);
    expect(saved).toMatchObject({
      name: 'Default Co',
      kind: 'whole',
      shares: [expect.objectContaining({ holder_id: org.id, percentage: '100' })],
    });
    // The same holder again reuses the saved choice rather than saving a twin.
    await reserve(isla.client, {
      opportunity_id: opportunity.id,
      holder_type: 'organisation',
      organisation_id: org.id,
      save_as_default: '1',
    });
    expect((await isla.client.get('/api/whole-ownership-choices')).json().data).toHaveLength(2);

    await reserve(isla.client, { opportunity_id: opportunity.id, ownership_choice_id: first.id, save_as_default: true });
    expect((await defaultsOf(isla.client)).map((c: { id: number }) => c.id)).toEqual([first.id]);
    // Without the box, the default stays where it is.
    await reserve(isla.client, { opportunity_id: opportunity.id, ownership_choice_id: saved.id });
    expect((await defaultsOf(isla.client)).map((c: { id: number }) => c.id)).toEqual([first.id]);
  });
});
