import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_PORTFOLIO_STATS, PORTFOLIO_TABLES, Role, ROLE_IDS } from '@platform/domain';
import { activityLog } from '../../db/schema';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let investor: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  investor = await signedIn(t, Role.User);
});
afterAll(() => t.close());

const del = (client: typeof admin.client, url: string) => client.request({ method: 'DELETE', url });
const put = (client: typeof admin.client, url: string, body: object) =>
  client.request({ method: 'PUT', url, payload: body as InjectOptions['payload'] });
const errorsOf = (response: { json: () => { errors?: Record<string, string[]> } }) => response.json().errors ?? {};

describe('portfolio tables', () => {
  it('show each table with its options and default columns until staff choose', async () => {
    const response = await admin.client.get('/api/portfolio-tables');
    expect(response.statusCode).toBe(200);
    const tables = response.json().data;
    expect(tables.map((table: { key: string }) => table.key)).toEqual(['holdings', 'funds']);
    expect(tables[0]).toMatchObject({ id: 1, is_default: true, options: [...PORTFOLIO_TABLES[0].options] });
    expect(tables[0].columns.map((c: { option: string }) => c.option)).toEqual([...PORTFOLIO_TABLES[0].defaults]);
    expect((await admin.client.get('/api/portfolio-tables/2')).json().data.key).toBe('funds');
    expect((await admin.client.get('/api/portfolio-tables/3')).statusCode).toBe(404);
  });

  it('save the chosen columns in order with their headings, recorded, and the investor layout follows', async () => {
    const saved = await put(admin.client, '/api/portfolio-tables/1/columns', {
      columns: [{ option: 'current_value', label: ' Worth today ' }, { option: 'investment' }, { option: 'realised', label: '' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      is_default: false,
      columns: [
        { option: 'current_value', position: 0, label: 'Worth today' },
        { option: 'investment', position: 1, label: null },
        { option: 'realised', position: 2, label: null },
      ],
    });
    const layout = (await investor.client.get('/api/my/portfolio-layout')).json().data;
    expect(layout.tables[0].columns.map((c: { option: string }) => c.option)).toEqual(['current_value', 'investment', 'realised']);
    expect(layout.tables[1].columns.map((c: { option: string }) => c.option)).toEqual([...PORTFOLIO_TABLES[1].defaults]);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'portfolio_table'), eq(activityLog.subjectId, '1')));
    expect(logged.map((row) => row.action)).toContain('columns_changed');

    const reset = await del(admin.client, '/api/portfolio-tables/1/columns');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.is_default).toBe(true);
    expect(reset.json().data.columns.map((c: { option: string }) => c.option)).toEqual([...PORTFOLIO_TABLES[0].defaults]);
  });

  it('tell every signed-in page that the settings changed', async () => {
    const published = vi.spyOn(t.ctx.realtime, 'publishToUsers');
    try {
      expect((await put(admin.client, '/api/portfolio-tables/2/columns', { columns: [{ option: 'fund' }] })).statusCode).toBe(200);
      const told = published.mock.calls
        .flatMap(([messages]) => messages)
        .filter((m) => m.event === 'settings.updated')
        .map((m) => m.userId);
      expect(told).toEqual(expect.arrayContaining([admin.user.id, investor.user.id]));
    } finally {
      published.mockRestore();
      await del(admin.client, '/api/portfolio-tables/2/columns');
    }
  });

  it('answer 422 on the column at fault and change nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ columns: [] }, 'columns'],
      [{ columns: [{ option: 'units' }] }, 'columns.0.option'],
      [{ columns: [{ option: 'gain' }, { option: 'gain' }] }, 'columns.1.option'],
      [{ columns: [{ option: 'nonsense' }] }, 'columns.0.option'],
      [{ columns: [{ option: 'gain', label: '<i>Gain</i>' }] }, 'columns.0.label'],
      [{ columns: [{ option: 'gain', label: 'x'.repeat(61) }] }, 'columns.0.label'],
      [{ columns: [{ option: 'gain' }], extra: 1 }, 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await put(admin.client, '/api/portfolio-tables/1/columns', body);
      expect({ field, status: response.statusCode }).toEqual({ field, status: 422 });
      expect(Object.keys(errorsOf(response)), field).toContain(field);
    }
    expect((await admin.client.get('/api/portfolio-tables/1')).json().data.is_default).toBe(true);
  });
});

describe('portfolio stats', () => {
  it('default to every figure, save a chosen order (or none), and the investor layout follows', async () => {
    expect((await admin.client.get('/api/portfolio-stats')).json().data).toMatchObject({
      stats: [...DEFAULT_PORTFOLIO_STATS],
      is_default: true,
    });
    const saved = await put(admin.client, '/api/portfolio-stats', { stats: ['multiple', 'invested'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ stats: ['multiple', 'invested'], is_default: false });
    expect((await investor.client.get('/api/my/portfolio-layout')).json().data.stats).toEqual(['multiple', 'invested']);
    expect((await put(admin.client, '/api/portfolio-stats', { stats: [] })).json().data.stats).toEqual([]);
    for (const [body, field] of [
      [{ stats: ['nope'] }, 'stats.0'],
      [{ stats: ['gain', 'gain'] }, 'stats'],
      [{}, 'stats'],
    ] as const) {
      const response = await put(admin.client, '/api/portfolio-stats', body);
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(errorsOf(response)), field).toContain(field);
    }
  });
});

describe('grants', () => {
  it('let only Super Admin and Support read and change the settings, and only investors read their layout', async () => {
    const staffRoutes: Array<['GET' | 'PUT' | 'DELETE', string, InjectOptions['payload']?]> = [
      ['GET', '/api/portfolio-tables'],
      ['GET', '/api/portfolio-tables/1'],
      ['PUT', '/api/portfolio-tables/1/columns', { columns: [{ option: 'gain' }] }],
      ['DELETE', '/api/portfolio-tables/1/columns'],
      ['GET', '/api/portfolio-stats'],
      ['PUT', '/api/portfolio-stats', { stats: ['gain'] }],
    ];
    for (const [method, url, payload] of staffRoutes) {
      expect((await agent(t.app).request({ method, url, payload })).statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const roleId of ROLE_IDS) {
        const { client } = await signedIn(t, roleId);
        const status = (await client.request({ method, url, payload })).statusCode;
        const allowed = roleId === Role.SuperAdmin || roleId === Role.Support;
        expect({ method, url, roleId, status: allowed ? status < 300 : status }).toEqual({
          method,
          url,
          roleId,
          status: allowed ? true : 403,
        });
      }
    }
    expect((await agent(t.app).get('/api/my/portfolio-layout')).statusCode).toBe(401);
    expect((await admin.client.get('/api/my/portfolio-layout')).statusCode).toBe(403);
  });
});
