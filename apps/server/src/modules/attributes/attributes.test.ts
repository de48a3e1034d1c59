import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { agent, createUser, signedIn, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let investorId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  investorId = (await createUser(t.ctx, { name: 'Ada Attribute' })).id;
  const define = async (body: object) => {
    const response = await admin.client.post('/api/attributes', body);
    expect(response.statusCode).toBe(201);
    return response.json().data.id as number;
  };
  ids.source = await define({ subject_type: 'user', name: 'Source of funds', type: 'text' });
  ids.sectors = await define({
    subject_type: 'user',
    name: 'Preferred sectors',
    type: 'multi_select',
    options: ['Fintech', 'Health', 'Energy'],
  });
  ids.newsletter = await define({ subject_type: 'user', name: 'Newsletter', type: 'boolean' });
  ids.limit = await define({ subject_type: 'user', name: 'Annual limit', type: 'number' });
  ids.reviewed = await define({ subject_type: 'user', name: 'Reviewed on', type: 'date' });
  ids.tier = await define({ subject_type: 'user', name: 'Tier', type: 'select', options: ['Gold', 'Silver'], mode: 'locked' });
});
afterAll(() => t.close());

const save = (client: typeof admin.client, values: Record<string, unknown>) =>
  client.patch(`/api/users/${investorId}`, { attributes: values });

describe('attribute definitions', () => {
  it('lists the definitions of a subject type in order', async () => {
    const body = (await admin.client.get('/api/attributes?filter[subject_type]=user')).json();
    expect(body.data.map((a: { name: string }) => a.name)).toEqual([
      'Source of funds',
      'Preferred sectors',
      'Newsletter',
      'Annual limit',
      'Reviewed on',
      'Tier',
    ]);
    expect((await admin.client.get('/api/attributes?filter[subject_type]=contact')).json().meta.total).toBe(0);
  });

  it('answers 422 on the field for bad definitions', async () => {
    const noOptions = await admin.client.post('/api/attributes', { subject_type: 'user', name: 'Colour', type: 'select' });
    expect(noOptions.statusCode).toBe(422);
    expect(noOptions.json().errors.options).toEqual(['Add at least one option.']);
    const duplicate = await admin.client.post('/api/attributes', { subject_type: 'user', name: 'newsletter', type: 'text' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.name).toEqual(['An attribute with this name already exists.']);
    const badType = await admin.client.post('/api/attributes', { subject_type: 'deal', name: 'X', type: 'colour' });
    expect(Object.keys(badType.json().errors).sort()).toEqual(['subject_type', 'type']);
  });

  it('answers 400 for unknown filters and sorts', async () => {
    expect((await admin.client.get('/api/attributes?filter[colour]=x')).statusCode).toBe(400);
    expect((await admin.client.get('/api/attributes?sort=secret')).statusCode).toBe(400);
    expect((await admin.client.get('/api/attributes?filter[type]=colour')).statusCode).toBe(400);
  });

  it('guards every route by the permission table', async () => {
    expect((await agent(t.app).get('/api/attributes')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const read = (await client.get('/api/attributes')).statusCode;
      expect({ roleId, read }).toEqual({
        roleId,
        read: can(roleId, 'settings_attributes', 'index') || can(roleId, 'investors', 'index') ? 200 : 403,
      });
      const create = (await client.post('/api/attributes', { subject_type: 'contact', name: `R${roleId}`, type: 'text' })).statusCode;
      expect({ roleId, create }).toEqual({ roleId, create: can(roleId, 'settings_attributes', 'create') ? 201 : 403 });
      const update = (await client.patch(`/api/attributes/${ids.source}`, { description: 'Where the money comes from' })).statusCode;
      expect({ roleId, update }).toEqual({ roleId, update: can(roleId, 'settings_attributes', 'update') ? 200 : 403 });
    }
  });

  it('soft-deletes a definition: it leaves the list and the record, and 404s after', async () => {
    const id = (await admin.client.post('/api/attributes', { subject_type: 'contact', name: 'Temporary', type: 'text' })).json().data.id;
    expect((await admin.client.request({ method: 'DELETE', url: `/api/attributes/${id}` })).statusCode).toBe(204);
    expect((await admin.client.get(`/api/attributes/${id}`)).statusCode).toBe(404);
    expect((await admin.client.request({ method: 'DELETE', url: `/api/attributes/${id}` })).statusCode).toBe(404);
  });
});

describe('attribute values on an investor', () => {
  it('saves values of every type and shows them with include=attributeValues', async () => {
    const response = await save(admin.client, {
      [ids.source]: 'Sale of a business',
      [ids.sectors]: ['Energy', 'Fintech'],
      [ids.newsletter]: '1',
      [ids.limit]: '25000.50',
      [ids.reviewed]: '2026-03-01',
    });
    expect(response.statusCode).toBe(200);
    const values = (await admin.client.get(`/api/users/${investorId}?include=attributeValues`)).json().data.attribute_values;
    expect(values.map((v: { name: string; value: unknown }) => [v.name, v.value])).toEqual([
      ['Source of funds', 'Sale of a business'],
      ['Preferred sectors', ['Fintech', 'Energy']],
      ['Newsletter', true],
      ['Annual limit', '25000.50'],
      ['Reviewed on', '2026-03-01'],
    ]);
  });

  it('answers 422 on each attribute whose value does not fit its type', async () => {
    const response = await save(admin.client, {
      [ids.sectors]: ['Crypto'],
      [ids.newsletter]: 'maybe',
      [ids.limit]: '1e5',
      [ids.reviewed]: '2026-02-30',
      999999: 'x',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(
      [
        `attributes.${ids.limit}`,
        `attributes.${ids.newsletter}`,
        `attributes.${ids.reviewed}`,
        `attributes.${ids.sectors}`,
        'attributes.999999',
      ].sort(),
    );
    const unchanged = (await admin.client.get(`/api/users/${investorId}?include=attributeValues`)).json().data.attribute_values;
    expect(unchanged.find((v: { name: string }) => v.name === 'Newsletter').value).toBe(true);
  });

  it('keeps a locked attribute view-only except for Support', async () => {
    const refused = await save(admin.client, { [ids.tier]: 'Gold' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[`attributes.${ids.tier}`][0]).toContain('locked');
    const support = await signedIn(t, Role.Support);
    expect((await save(support.client, { [ids.tier]: 'Gold' })).statusCode).toBe(200);
    // Sending the value it already has is not a change.
    expect((await save(admin.client, { [ids.tier]: 'Gold' })).statusCode).toBe(200);
  });

  it('clears a value with an empty one, and logs every change on the investor', async () => {
    expect((await save(admin.client, { [ids.source]: '' })).statusCode).toBe(200);
    const values = (await admin.client.get(`/api/users/${investorId}?include=attributeValues`)).json().data.attribute_values;
    expect(values.some((v: { name: string }) => v.name === 'Source of funds')).toBe(false);
    const activity = (await admin.client.get(`/api/activity?filter[subject_type]=investor&filter[subject_id]=${investorId}`)).json().data;
    const entry = activity.find(
      (a: { action: string; before: Record<string, unknown> }) => a.action === 'attributes_updated' && 'Source of funds' in a.before,
    );
    expect(entry.before['Source of funds']).toBe('Sale of a business');
    expect(entry.after['Source of funds']).toBeNull();
  });

  it('refuses to change a type with values, or to drop an option in use', async () => {
    const type = await admin.client.patch(`/api/attributes/${ids.newsletter}`, { type: 'text' });
    expect(type.statusCode).toBe(422);
    expect(type.json().errors.type).toBeDefined();
    const option = await admin.client.patch(`/api/attributes/${ids.sectors}`, { options: ['Health', 'Energy'] });
    expect(option.json().errors.options[0]).toContain('Fintech');
    expect((await admin.client.patch(`/api/attributes/${ids.sectors}`, { options: ['Fintech', 'Energy', 'Property'] })).statusCode).toBe(
      200,
    );
  });
});
