import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { signedIn, type TestApp, createTestApp } from '../test/harness';

/** The malformed requests that used to reach the database and answer 500, each with its 4xx. */
describe('malformed requests', () => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof signedIn>>['client'];

  beforeAll(async () => {
    t = await createTestApp();
    staff = (await signedIn(t, Role.SuperAdmin)).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 for a path id beyond the integer range and 400 for one that is not a number', async () => {
    for (const id of ['99999999999', '2147483648', '1e308']) {
      const response = await staff.get(`/api/users/${id}`);
      expect(response.statusCode, id).toBe(id === '1e308' ? 400 : 404);
    }
    expect((await staff.get('/api/users/2147483647')).statusCode).toBe(404);
    const notANumber = await staff.get('/api/users/1.5');
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().message).toContain("'id'");
    expect((await staff.get('/api/investment-opportunities/99999999999')).statusCode).toBe(404);
  });

  it('answers 400 naming the parameter for prototype names as sorts and filters', async () => {
    for (const query of ['sort=__proto__', 'sort=-constructor', 'sort=toString', 'filter[__proto__]=x', 'filter[hasOwnProperty]=1']) {
      for (const path of ['/api/users', '/api/users/export']) {
        const response = await staff.get(`${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json().message).toMatch(/^Unknown (sort|filter) '/);
      }
    }
  });

  it('answers 400 naming page and per_page when they are not whole numbers in range', async () => {
    const cases: Array<[string, string]> = [
      ['page=1e308', 'page'],
      ['page=1000001', 'page'],
      ['page=1.5', 'page'],
      ['page=-1', 'page'],
      ['per_page=-1', 'per_page'],
      ['per_page=1e2', 'per_page'],
      ['per_page=101', 'per_page'],
    ];
    for (const [query, name] of cases) {
      const response = await staff.get(`/api/users?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toContain(`'${name}'`);
    }
    expect((await staff.get('/api/users?page=1000000')).json().data).toEqual([]);
  });

  it('answers 400 naming a filter given an id beyond the integer range', async () => {
    const response = await staff.get('/api/users?filter[owner_id]=1,99999999999');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('filter[owner_id]');
  });

  it('answers 400 for a multipart body that cannot be read', async () => {
    const boundary = 'b0undary';
    const bodies: Array<[string, string]> = [
      ['multipart/form-data', 'a'],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nvalue`],
      [`multipart/form-data; boundary=${boundary}`, 'no boundary in here'],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.`,
      ],
    ];
    for (const [type, payload] of bodies) {
      const response = await staff.post('/api/users', payload, { headers: { 'content-type': type } });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message).toMatch(/form could not be read/);
    }
  });

  it('answers 422 on the field for a NUL character in a JSON or multipart field, and 400 in a query', async () => {
    const json = await staff.post('/api/users', { name: 'Ada\u0000', email: 'ada@example.test' });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ name: ['Must not contain the NUL character.'] });
    const form = new FormData();
    form.append('name', 'Ada\u0000');
    const multipart = await staff.post('/api/users', form);
    expect(multipart.statusCode).toBe(422);
    expect(multipart.json().errors).toEqual({ name: ['Must not contain the NUL character.'] });
    const query = await staff.get('/api/users?filter[search]=a%00b');
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toContain("'filter[search]'");
  });

  it('answers 422 on the field for ids beyond the integer range in a body', async () => {
    const response = await staff.post('/api/invitations/bulk-delete', { ids: [1, 99999999999] });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)[0]).toMatch(/^ids/);
  });
});
