import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { organisations, organisationUsers, ownershipChoices } from '../../db/schema';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createMethodEntityFor, createNominee, createOrganisationFor } from '../../test/investments';
import { setFlags } from '../../test/opportunities';

let t: TestApp;
let isla: Awaited<ReturnType<typeof signedIn>>;
let owen: Awaited<ReturnType<typeof signedIn>>;
let staff: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  isla = await signedIn(t, Role.User, { name: 'Isla Investor' });
  owen = await signedIn(t, Role.User, { name: 'Owen Other' });
  staff = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());
beforeEach(async () => {
  await setFlags(t, { nominee_enabled: true });
  await t.db.delete(ownershipChoices);
});

const BASE = '/api/whole-ownership-choices';
type Client = typeof isla.client;
const errorsOf = (response: { json(): { errors?: Record<string, string[]> } }) => response.json().errors ?? {};
const del = (client: Client, url: string) => client.request({ method: 'DELETE', url });
const whole = (share: Record<string, unknown>) => ({ ...share, percentage: '100' });

async function create(client: Client, body: Record<string, unknown>, base = BASE) {
  const response = await client.post(base, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; is_default: boolean; kind: string; shares: Array<Record<string, unknown>> };
}

describe('access', () => {
  it('investor routes: 401 logged out, 403 to staff; staff routes: 403 to investors and to roles without the investors permission', async () => {
    expect((await agent(t.app).get(BASE)).statusCode).toBe(401);
    expect((await agent(t.app).post(BASE, {})).statusCode).toBe(401);
    expect((await staff.client.get(BASE)).statusCode).toBe(403);
    expect((await staff.client.post(BASE, {})).statusCode).toBe(403);

    const staffBase = `/api/users/${isla.user.id}/whole-ownership-choices`;
    expect((await agent(t.app).get(staffBase)).statusCode).toBe(401);
    expect((await isla.client.get(staffBase)).statusCode).toBe(403);
    const entrepreneur = await signedIn(t, Role.Entrepreneur);
    expect((await entrepreneur.client.get(staffBase)).statusCode).toBe(403);
    // The Creator may list and create investors, but not open or change one's record.
    const creator = await signedIn(t, Role.Creator);
    expect((await creator.client.get(staffBase)).statusCode).toBe(403);
    expect((await creator.client.post(staffBase, {})).statusCode).toBe(403);
  });
});

describe('the investor saves choices', () => {
  it('a whole choice through their organisation, named and typed', async () => {
    const org = await createOrganisationFor(t, isla.user.id, 'Isla Holdings Ltd');
    const choice = await create(isla.client, {
      name: 'Through my company',
      shares: [whole({ holder_type: 'organisation', organisation_id: org.id })],
    });
    expect(choice).toMatchObject({
      user_id: isla.user.id,
      name: 'Through my company',
      is_default: false,
      kind: 'whole',
      shares: [
        {
          holder_type: 'organisation',
          holder_type_label: 'Through an organisation',
          holder_id: org.id,
          holder_name: 'Isla Holdings Ltd',
          percentage: '100',
        },
      ],
    });
    expect((await isla.client.get(BASE)).json().data.map((c: { id: number }) => c.id)).toEqual([choice.id]);
    expect((await isla.client.get(`${BASE}/${choice.id}`)).json().data.name).toBe('Through my company');
  });

  it('a joint choice whose shares add up to exactly 100 in decimals, with every kind of holder', async () => {
    const org = await createOrganisationFor(t, isla.user.id, 'Isla Trust');
    const account = await createMethodEntityFor(t, isla.user.id, 'Isla SIPP');
    const nominee = await createNominee(t, 'Crown Nominees');
    const choice = await create(isla.client, {
      name: 'Split four ways',
      shares: [
        { holder_type: 'personal', percentage: '33.3334' },
        { holder_type: 'organisation', organisation_id: org.id, percentage: '33.3333' },
        { holder_type: 'investment_method', investment_method_entity_id: account.id, percentage: '33.3332' },
        { holder_type: 'nominee', nominee_id: nominee.id, percentage: 0.0001 },
      ],
    });
    expect(choice.kind).toBe('joint');
    expect(choice.shares.map((s) => [s.holder_name, s.percentage])).toEqual([
      ['Isla Investor', '33.3334'],
      ['Isla Trust', '33.3333'],
      [`Isla SIPP (${account.reference})`, '33.3332'],
      ['Crown Nominees', '0.0001'],
    ]);
  });

  it('refuses shares that do not add up to 100, a share of 0 or over 100, a holder twice, and more than four holders', async () => {
    const org = await createOrganisationFor(t, isla.user.id);
    const cases: Array<[unknown[], string, RegExp]> = [
      [
        [
          { holder_type: 'personal', percentage: '60' },
          { holder_type: 'organisation', organisation_id: org.id, percentage: '40.0001' },
        ],
        'shares',
        /add up to 100.0001%; they must add up to exactly 100%/,
      ],
      [
        [
          { holder_type: 'personal', percentage: '33.3333' },
          { holder_type: 'organisation', organisation_id: org.id, percentage: '66.6666' },
        ],
        'shares',
        /add up to 99.9999%/,
      ],
      [[{ holder_type: 'personal', percentage: '0' }], 'shares.0.percentage', /above 0 and at most 100/],
      [[{ holder_type: 'personal', percentage: '100.5' }], 'shares.0.percentage', /above 0 and at most 100/],
      [[{ holder_type: 'personal', percentage: '99.99999' }], 'shares.0.percentage', /above 0 and at most 100/],
      [
        [
          { holder_type: 'organisation', organisation_id: org.id, percentage: '50' },
          { holder_type: 'organisation', organisation_id: org.id, percentage: '50' },
        ],
        'shares.1.holder_type',
        /already listed/,
      ],
      [Array.from({ length: 5 }, () => ({ holder_type: 'personal', percentage: '20' })), 'shares', /at most 4 joint holders/],
      [[], 'shares', /at least one holder/],
      [[{ holder_type: 'organisation', percentage: '100' }], 'shares.0.organisation_id', /Choose the organisation/],
    ];
    for (const [shares, field, message] of cases) {
      const response = await isla.client.post(BASE, { name: 'Bad', shares });
      expect(response.statusCode, JSON.stringify(shares)).toBe(422);
      expect(errorsOf(response)[field]?.join(' '), JSON.stringify(errorsOf(response))).toMatch(message);
    }
    expect((await isla.client.get(BASE)).json().data).toEqual([]);
  });

  it("never takes another investor's organisation or method account, nor a nominee while nominees are off", async () => {
    const theirs = await createOrganisationFor(t, owen.user.id, 'Owen Ltd');
    const theirAccount = await createMethodEntityFor(t, owen.user.id);
    const nominee = await createNominee(t);
    const organisation = await isla.client.post(BASE, {
      name: 'X',
      shares: [whole({ holder_type: 'organisation', organisation_id: theirs.id })],
    });
    expect(organisation.statusCode).toBe(422);
    expect(errorsOf(organisation)['shares.0.organisation_id']).toEqual(['Choose an organisation the investor is linked to.']);
    const account = await isla.client.post(BASE, {
      name: 'X',
      shares: [
        { holder_type: 'personal', percentage: '50' },
        { holder_type: 'investment_method', investment_method_entity_id: theirAccount.id, percentage: '50' },
      ],
    });
    expect(account.statusCode).toBe(422);
    expect(Object.keys(errorsOf(account))).toEqual(['shares.1.investment_method_entity_id']);
    await setFlags(t, { nominee_enabled: false });
    const held = await isla.client.post(BASE, { name: 'X', shares: [whole({ holder_type: 'nominee', nominee_id: nominee.id })] });
    expect(errorsOf(held)['shares.0.holder_type']).toEqual(['Investing through a nominee is not available.']);
    expect(await t.db.select().from(ownershipChoices)).toEqual([]);
  });

  it('keeps at most one default: a new default, PATCH or POST …/default moves it; PATCH is_default false clears it', async () => {
    const a = await create(isla.client, { name: 'A', is_default: true, shares: [whole({ holder_type: 'personal' })] });
    const org = await createOrganisationFor(t, isla.user.id);
    const b = await create(isla.client, {
      name: 'B',
      is_default: true,
      shares: [whole({ holder_type: 'organisation', organisation_id: org.id })],
    });
    const defaults = async () =>
      (await isla.client.get(BASE))
        .json()
        .data.filter((c: { is_default: boolean }) => c.is_default)
        .map((c: { name: string }) => c.name);
    expect(await defaults()).toEqual(['B']);
    const made = await isla.client.post(`${BASE}/${a.id}/default`);
    expect(made.statusCode).toBe(200);
    expect(made.json().data.is_default).toBe(true);
    expect(await defaults()).toEqual(['A']);
    // The default is listed first.
    expect((await isla.client.get(BASE)).json().data[0].id).toBe(a.id);
    expect((await isla.client.patch(`${BASE}/${b.id}`, { is_default: true })).json().data.is_default).toBe(true);
    expect(await defaults()).toEqual(['B']);
    expect((await isla.client.patch(`${BASE}/${b.id}`, { is_default: false })).json().data.is_default).toBe(false);
    expect(await defaults()).toEqual([]);
  });

  it('PATCH renames and replaces the shares under the same rules; DELETE removes the choice', async () => {
    const org = await createOrganisationFor(t, isla.user.id, 'Isla Co');
    const choice = await create(isla.client, { name: 'Me', shares: [whole({ holder_type: 'personal' })] });
    const bad = await isla.client.patch(`${BASE}/${choice.id}`, { shares: [{ holder_type: 'personal', percentage: '90' }] });
    expect(bad.statusCode).toBe(422);
    const changed = await isla.client.patch(`${BASE}/${choice.id}`, {
      name: 'Me and my company',
      shares: [
        { holder_type: 'organisation', organisation_id: org.id, percentage: '75' },
        { holder_type: 'personal', percentage: '25' },
      ],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Me and my company', kind: 'joint' });
    expect(changed.json().data.shares.map((s: { holder_name: string }) => s.holder_name)).toEqual(['Isla Co', 'Isla Investor']);
    expect((await del(isla.client, `${BASE}/${choice.id}`)).statusCode).toBe(204);
    expect((await isla.client.get(`${BASE}/${choice.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another investor's choice on every route, and lists only the investor's own", async () => {
    const mine = await create(isla.client, { name: 'Mine', shares: [whole({ holder_type: 'personal' })] });
    await create(owen.client, { name: 'Owen', shares: [whole({ holder_type: 'personal' })] });
    expect((await owen.client.get(BASE)).json().data.map((c: { name: string }) => c.name)).toEqual(['Owen']);
    expect((await owen.client.get(`${BASE}/${mine.id}`)).statusCode).toBe(404);
    expect((await owen.client.patch(`${BASE}/${mine.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await owen.client.post(`${BASE}/${mine.id}/default`)).statusCode).toBe(404);
    expect((await del(owen.client, `${BASE}/${mine.id}`)).statusCode).toBe(404);
    expect((await isla.client.get(`${BASE}/${mine.id}`)).json().data.name).toBe('Mine');
  });

  it('goes with a holder removed for good', async () => {
    const org = await createOrganisationFor(t, isla.user.id);
    await create(isla.client, {
      name: 'Joint',
      shares: [
        { holder_type: 'organisation', organisation_id: org.id, percentage: '50' },
        { holder_type: 'personal', percentage: '50' },
      ],
    });
    const kept = await create(isla.client, { name: 'Me', shares: [whole({ holder_type: 'personal' })] });
    await t.db.delete(organisationUsers).where(eq(organisationUsers.organisationId, org.id));
    await t.db.delete(organisations).where(eq(organisations.id, org.id));
    expect((await isla.client.get(BASE)).json().data.map((c: { id: number }) => c.id)).toEqual([kept.id]);
  });
});

describe("staff on an investor's record", () => {
  it("read and change the choices with the investors permissions; the holder must still be the investor's", async () => {
    const org = await createOrganisationFor(t, isla.user.id, 'Isla Group');
    const theirs = await createOrganisationFor(t, owen.user.id);
    const base = `/api/users/${isla.user.id}/whole-ownership-choices`;
    const refused = await staff.client.post(base, {
      name: 'X',
      shares: [whole({ holder_type: 'organisation', organisation_id: theirs.id })],
    });
    expect(refused.statusCode).toBe(422);
    const choice = await create(
      staff.client,
      { name: 'Group', is_default: true, shares: [whole({ holder_type: 'organisation', organisation_id: org.id })] },
      base,
    );
    expect(choice.is_default).toBe(true);
    expect((await isla.client.get(BASE)).json().data.map((c: { name: string }) => c.name)).toEqual(['Group']);
    const adviser = await signedIn(t, Role.Adviser);
    expect((await adviser.client.get(base)).json().data).toHaveLength(1);
    expect((await adviser.client.patch(`${base}/${choice.id}`, { name: 'Isla Group holding' })).json().data.name).toBe(
      'Isla Group holding',
    );
    // A choice is reached only under its own investor; staff and unknown people are not investors.
    expect((await staff.client.get(`/api/users/${owen.user.id}/whole-ownership-choices/${choice.id}`)).statusCode).toBe(404);
    expect((await staff.client.get(`/api/users/${staff.user.id}/whole-ownership-choices`)).statusCode).toBe(404);
    expect((await del(staff.client, `${base}/${choice.id}`)).statusCode).toBe(204);
    expect((await staff.client.get(base)).json().data).toEqual([]);
  });
});

describe('include=ownershipChoices', () => {
  it('answers the typed choices on /api/user, /api/users/{id} and the users list', async () => {
    const choice = await create(isla.client, { name: 'Me', is_default: true, shares: [whole({ holder_type: 'personal' })] });
    const own = (await isla.client.get('/api/user?include=ownershipChoices')).json().data;
    expect(own.ownership_choices).toEqual([
      expect.objectContaining({
        id: choice.id,
        is_default: true,
        kind: 'whole',
        shares: [expect.objectContaining({ holder_name: 'Isla Investor' })],
      }),
    ]);
    const shown = (await staff.client.get(`/api/users/${isla.user.id}?include=ownershipChoices`)).json().data;
    expect(shown.ownership_choices.map((c: { id: number }) => c.id)).toEqual([choice.id]);
    const listed = (await staff.client.get(`/api/users?filter[ids]=${isla.user.id},${owen.user.id}&include=ownershipChoices`)).json().data;
    const byId = new Map(listed.map((u: { id: number; ownership_choices: unknown[] }) => [u.id, u.ownership_choices.length]));
    expect(byId.get(isla.user.id)).toBe(1);
    expect(byId.get(owen.user.id)).toBe(0);
  });
});
