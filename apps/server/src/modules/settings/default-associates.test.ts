import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { contacts, settings, users } from '../../db/schema';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { uploadForm } from '../../test/uploads';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let owner: Awaited<ReturnType<typeof createUser>>;
let adviser: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  owner = await createUser(t.ctx, { roleId: Role.InvestmentManager, name: 'Olive Owner' });
  adviser = await createUser(t.ctx, { roleId: Role.Adviser, name: 'Adam Adviser' });
});
afterAll(() => t.close());

const setFlag = (on: boolean) => admin.client.patch('/api/branding', { default_investor_associates: on });
const byEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];
let sequence = 0;
const email = (what: string) => `${what}-${++sequence}-${process.pid}@associates.test`;

describe('/api/default-investor-associates', () => {
  it('answers 401 signed out and 403 for every role without the features setting', async () => {
    expect((await agent(t.app).get('/api/default-investor-associates')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS.filter((role) => !can(role, 'settings_features', 'update'))) {
      const { client } = await signedIn(t, roleId);
      expect((await client.get('/api/default-investor-associates')).statusCode).toBe(403);
      expect((await client.patch('/api/default-investor-associates', { owner_id: owner.id })).statusCode).toBe(403);
    }
  });

  it('keeps an owner of a staff role that works with investors and an adviser of the Adviser role', async () => {
    const investor = await createUser(t.ctx, { name: 'Not Staff' });
    const refused = await admin.client.patch('/api/default-investor-associates', { owner_id: investor.id, adviser_id: owner.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ owner_id: ['Choose a member of staff who works with investors.'] });
    const wrongAdviser = await admin.client.patch('/api/default-investor-associates', { adviser_id: owner.id });
    expect(wrongAdviser.json().errors).toEqual({ adviser_id: ['Choose a member of staff with the Adviser role.'] });

    const saved = await admin.client.patch('/api/default-investor-associates', { owner_id: owner.id, adviser_id: adviser.id });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ owner_id: owner.id, adviser_id: adviser.id });
    expect((await admin.client.get('/api/default-investor-associates')).json().data).toEqual({
      owner_id: owner.id,
      adviser_id: adviser.id,
    });
  });
});

describe('new investors with enableDefaultInvestorAssociates', () => {
  beforeAll(async () => {
    await t.db.update(settings).set({ defaultOwnerId: owner.id, defaultAdviserId: adviser.id });
  });

  it('gets no associates while the flag is off', async () => {
    await setFlag(false);
    const address = email('staff-off');
    expect((await admin.client.post('/api/users', { name: 'Flag Off', email: address })).statusCode).toBe(201);
    expect(await byEmail(address)).toMatchObject({ ownerId: null, adviserId: null });
  });

  it('gives the defaults to investors who register, are added by staff, converted from a lead or imported — unless chosen', async () => {
    const flagged = await setFlag(true);
    expect(flagged.statusCode, flagged.body).toBe(200);

    const registered = email('registered');
    const registration = await agent(t.app).post('/api/auth/manual-register', {
      name: 'Reg Istered',
      email: registered,
      password: 'a long enough passphrase',
      password_confirmation: 'a long enough passphrase',
    });
    expect(registration.statusCode, registration.body).toBe(202);
    await t.ctx.background.settled();
    expect(await byEmail(registered)).toMatchObject({ ownerId: owner.id, adviserId: adviser.id });

    const added = email('added');
    const created = await admin.client.post('/api/users', { name: 'Staff Added', email: added });
    expect(created.json().data).toMatchObject({ owner_id: owner.id, adviser_id: adviser.id });
    // Chosen for them: another owner, and explicitly no adviser.
    const otherOwner = await createUser(t.ctx, { roleId: Role.Support });
    const chosen = email('chosen');
    const withChoice = await admin.client.post('/api/users', { name: 'Chosen', email: chosen, owner_id: otherOwner.id, adviser_id: null });
    expect(withChoice.json().data).toMatchObject({ owner_id: otherOwner.id, adviser_id: null });

    const [lead] = await t.db
      .insert(contacts)
      .values({ name: 'Lee Lead', email: email('lead') })
      .returning();
    const converted = await admin.client.post(`/api/convert-contact/${lead.id}`, { send_invitation: false });
    expect(converted.statusCode, converted.body).toBe(201);
    expect(await byEmail(lead.email!)).toMatchObject({ ownerId: owner.id, adviserId: adviser.id });

    const importedEmail = email('imported');
    const file = { data: `Name,Email\nIma Ported,${importedEmail}\n`, filename: 'investors.csv', type: 'text/csv' };
    const imported = await admin.client.post(
      '/api/imports/investors',
      uploadForm({ mapping: JSON.stringify({ 0: 'name', 1: 'email' }) }, file),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await byEmail(importedEmail)).toMatchObject({ ownerId: owner.id, adviserId: adviser.id });
  });

  it('skips a default whose account has been deactivated', async () => {
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, adviser.id));
    const address = email('after-deactivation');
    await admin.client.post('/api/users', { name: 'After', email: address });
    expect(await byEmail(address)).toMatchObject({ ownerId: owner.id, adviserId: null });
    await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, adviser.id));
  });

  it('lets staff set and clear an investor adviser, and filter the list by adviser', async () => {
    const investor = await createUser(t.ctx, { name: 'Edit Me', email: email('edit') });
    const set = await admin.client.patch(`/api/users/${investor.id}`, { adviser_id: adviser.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.adviser_id).toBe(adviser.id);
    const list = await admin.client.get(`/api/users?filter[role_id]=5&filter[adviser_id]=${adviser.id}&per_page=100`);
    expect(list.json().data.map((u: { id: number }) => u.id)).toContain(investor.id);
    const staffAdviser = await admin.client.patch(`/api/users/${owner.id}`, { adviser_id: adviser.id });
    expect(staffAdviser.statusCode).toBe(422);
    const cleared = await admin.client.patch(`/api/users/${investor.id}`, { adviser_id: null });
    expect(cleared.json().data.adviser_id).toBeNull();
    expect(
      Number((await t.db.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.adviserId, adviser.id)))[0].n),
    ).toBeGreaterThan(0);
  });
});
