import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { investmentMethodEntities, investmentMethods, nominees, organisationUsers, organisations } from '../../db/schema';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { setFlags } from '../../test/opportunities';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/my/holders', () => {
  it("lists only the investor's own organisations and method accounts, and nominees while the flag is on", async () => {
    const investor = await signedIn(t, Role.User);
    const other = await createUser(t.ctx);
    const [mine, theirs] = await t.db
      .insert(organisations)
      .values([{ name: 'Isla Family Trust' }, { name: 'Other Holdings Ltd' }])
      .returning();
    await t.db.insert(organisationUsers).values([
      { organisationId: mine.id, userId: investor.user.id, role: 'Trustee' },
      { organisationId: theirs.id, userId: other.id },
    ]);
    const [sipp] = await t.db.insert(investmentMethods).values({ name: 'Acme SIPP', type: 'sipp' }).returning();
    await t.db.insert(investmentMethodEntities).values([
      { investmentMethodId: sipp.id, userId: investor.user.id, reference: 'S-1' },
      { investmentMethodId: sipp.id, userId: other.id },
    ]);
    await t.db.insert(nominees).values({ name: 'Platform Nominees Ltd' });

    await setFlags(t, { nominee_enabled: false });
    const off = (await investor.client.get('/api/my/holders')).json().data;
    expect(off).toEqual({
      organisations: [{ id: mine.id, name: 'Isla Family Trust' }],
      investment_method_entities: [{ id: expect.any(Number), name: 'Acme SIPP (S-1)' }],
      nominees: [],
    });
    await setFlags(t, { nominee_enabled: true });
    expect((await investor.client.get('/api/my/holders')).json().data.nominees).toEqual([
      { id: expect.any(Number), name: 'Platform Nominees Ltd' },
    ]);
  });

  it("answers staff the holders of an investor's with /api/users/{id}/holders (investors 'show')", async () => {
    const investor = await createUser(t.ctx);
    const [org] = await t.db.insert(organisations).values({ name: 'Staff View Ltd' }).returning();
    await t.db.insert(organisationUsers).values({ organisationId: org.id, userId: investor.id });
    const staff = await signedIn(t, Role.Adviser);
    const answer = await staff.client.get(`/api/users/${investor.id}/holders`);
    expect(answer.json().data.organisations).toEqual([{ id: org.id, name: 'Staff View Ltd' }]);
    const entrepreneur = await signedIn(t, Role.Entrepreneur);
    expect((await entrepreneur.client.get(`/api/users/${investor.id}/holders`)).statusCode).toBe(403);
  });

  it('answers 401 logged out and 403 to staff', async () => {
    expect((await agent(t.app).get('/api/my/holders')).statusCode).toBe(401);
    const staff = await signedIn(t, Role.SuperAdmin);
    expect((await staff.client.get('/api/my/holders')).statusCode).toBe(403);
  });
});
