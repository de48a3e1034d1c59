import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf, Role } from '@platform/domain';
import { setFundsEnabled } from '../test/deals-funds';
import { createTestApp, signedIn, type TestApp } from '../test/harness';
import { uploadForm } from '../test/uploads';
import type { App } from './context';
import { registerContract } from './contract';
import { registerErrorHandler } from './errors';

interface DeclaredRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

const routes: DeclaredRoute[] = [];
function collect(route: RouteOptions) {
  for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
}
/** Swagger UI's own pages and assets, and the OpenAPI document itself. */
const name = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const isDocs = (route: DeclaredRoute) => route.url === '/api/docs' || route.url.startsWith('/api/docs/');
const apiRoutes = () => routes.filter((route) => !isDocs(route));
const successStatuses = (route: DeclaredRoute) =>
  Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {}).filter((status) => /^[23]\d\d$/.test(status));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ onRoute: collect });
});
afterAll(async () => t?.close());

describe('the API contract', () => {
  it('finds the routes it checks', () => {
    expect(apiRoutes().length).toBeGreaterThan(250);
  });

  it('declares every success answer of every route, and the params of every path with parameters', () => {
    expect(
      apiRoutes()
        .filter((route) => successStatuses(route).length === 0)
        .map(name),
    ).toEqual([]);
    expect(
      apiRoutes()
        .filter((route) => route.url.includes(':') && !route.schema?.params)
        .map(name),
    ).toEqual([]);
  });

  it('documents every route in /api/docs with its request body and its answers, errors included', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    const gaps: string[] = [];
    for (const route of apiRoutes()) {
      const operation = paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation) gaps.push(`${name(route)}: not documented`);
      else {
        const documented = Object.keys(operation.responses ?? {}).map((status) => status.toLowerCase());
        for (const status of [...successStatuses(route), '4xx'])
          if (!documented.includes(status)) gaps.push(`${name(route)}: no ${status} answer`);
        if (route.schema?.body && !operation.requestBody) gaps.push(`${name(route)}: no request body`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('puts a multipart form through the declared body schema, as it does JSON, without the _method override', async () => {
    const { client } = await signedIn(t, Role.SuperAdmin);
    await setFundsEnabled(t, true);
    const refused = await client.post('/api/funds', uploadForm({ name: 'Growth I', type: 'EIS', vintage: 'soon' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ vintage: ['Enter the vintage year.'] });
    const created = await client.post('/api/funds', uploadForm({ name: 'Growth I', type: 'EIS', vintage: 2025, currency: 'EUR' }));
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const renamed = await client.post(`/api/funds/${id}`, uploadForm({ _method: 'PATCH', name: 'Growth One' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ id, name: 'Growth One', currency: 'EUR', vintage: 2025 });
    const json = await client.patch(`/api/funds/${id}`, { vintage: 1800 });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ vintage: ['Enter a year from 1900.'] });
  });
});

describe('an answer that breaks its schema', () => {
  it('is a 500 with the one error shape, and is logged; an answer that keeps it is sent without undeclared fields', async () => {
    const logged: unknown[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
    }) as unknown as App;
    registerErrorHandler(app);
    registerContract(app);
    const item = z.object({ id: z.number().int(), name: z.string() });
    app.get('/broken', { schema: { response: { 200: dataOf(item) } } }, async () => ({ data: { id: 'one', name: 'A' } }) as never);
    app.get('/kept', { schema: { response: { 200: dataOf(item) } } }, async () => ({ data: { id: 1, name: 'A', secret: 'x' } }));
    await app.ready();
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ message: 'Something went wrong.' });
    expect(JSON.stringify(logged)).toContain('/broken');
    const kept = await app.inject({ method: 'GET', url: '/kept' });
    expect(kept.json()).toEqual({ data: { id: 1, name: 'A' } });
    await app.close();
  });
});
