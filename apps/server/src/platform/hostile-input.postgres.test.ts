import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { type agent, createUser, signedIn, type TestApp, createTestApp } from '../test/harness';

/**
 * The standing guard against 5xx answers: every registered route (read from the router, so a
 * route left out of the OpenAPI document is walked too) is sent generated hostile ids, query
 * strings, bodies and multipart forms, signed in as the Super Admin (guards let everything
 * through to the handlers) and as an investor. No answer may be a 5xx, and every 422 must carry
 * field messages. Bodies reach past validation because the walk learns each form's required
 * fields from its own 422 answers before breaking them one at a time. Everything is enumerated,
 * nothing is random, so a failure reproduces.
 */

interface Route {
  method: string;
  /** Path with `:name` parameters. */
  path: string;
}

interface Probe {
  label: string;
  method: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

/** Reads `printRoutes()`: a tree whose lines hold a path segment and the methods ending there. */
function registeredRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─ ]*?)(?:[├└]── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.round(match[1].length / 4);
    stack.length = depth;
    stack.push(match[2]);
    const path = stack.join('');
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, path });
    }
  }
  return routes;
}

const ID_VALUES = [
  '99999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e308',
  'abc',
  '%00',
  '%E0%A4%A',
  '__proto__',
  'constructor',
  'x'.repeat(2000),
];

const QUERIES = [
  'sort=__proto__',
  'sort=constructor',
  'sort=-toString',
  'sort=hasOwnProperty,valueOf',
  'sort=,,-',
  'page=1e308',
  'page=99999999999',
  'page=-1',
  'page=0',
  'page=1.5',
  'page=abc',
  'per_page=-1',
  'per_page=1e308',
  'per_page=0.5',
  'filter[__proto__]=x',
  'filter[constructor]=x',
  'filter[toString]=1',
  'fields[__proto__]=x',
  'include=__proto__',
  'append=constructor',
  'unknown_parameter=1',
  'a=1&a=2',
  'page=1&page=2',
  'sort=a&sort=b',
  'filter[a][b]=1',
  '%00=1',
  'sort=%00',
  `search=${'x'.repeat(3000)}`,
];

/** For pages that are not lists. */
const STRAY_QUERIES = ['unknown_parameter=1', 'a=1&a=2', '%00=1', 'page=1e308', `x=${'x'.repeat(3000)}`];

/** Values a list filter, query parameter or form field is given one at a time. */
const HOSTILE_TEXT = [
  '99999999999',
  '-1',
  '1.5',
  '1e308',
  'abc',
  '\u0000',
  '\ud800',
  '275760-09-14',
  '0000-00-00',
  '1,2,99999999999',
  'x'.repeat(70_000),
];
const HOSTILE_VALUES: unknown[] = [...HOSTILE_TEXT, 99999999999, 1e308, -1, 1.5, true, null, [], {}];

/** Guesses tried for a required field until its error goes; enum options are read from the message. */
const GUESSES: unknown[] = [
  '1',
  'Walk test',
  '2024-01-02',
  'walker@example.test',
  true,
  'https://example.test/',
  'GBP',
  '100.00',
  ['1'],
  1,
];

/** The JSON of an answer, or an empty object for answers that are not JSON (HTML, files). */
function jsonOf(response: LightMyRequestResponse): { message?: string; errors?: Record<string, string[]> } {
  try {
    return response.json();
  } catch {
    return {};
  }
}

function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const BOUNDARY = 'walkboundary';
const multipartType = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const part = (name: string, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n${filename === undefined ? '' : 'Content-Type: application/pdf\r\n'}\r\n${value}\r\n`;
const PDF = '%PDF-1.4\n%%EOF\n';

function bodyProbes(method: string, url: string, fileField: string): Probe[] {
  const json = { 'content-type': 'application/json' };
  const raw = (label: string, payload: string | Buffer, headers: Record<string, string>) => ({ label, method, url, payload, headers });
  return [
    raw('invalid JSON', '{"a":', json),
    raw('JSON array', '[1,2]', json),
    raw('JSON null', 'null', json),
    raw('JSON number', '12', json),
    raw('JSON string', '"x"', json),
    raw('deep JSON', deepJson(2000), json),
    raw('huge string', JSON.stringify({ name: 'x'.repeat(300_000) }), json),
    raw('__proto__ key', '{"__proto__":{"admin":true}}', json),
    raw('constructor key', '{"constructor":{"prototype":{"admin":true}}}', json),
    raw('multipart without boundary', 'a', { 'content-type': 'multipart/form-data' }),
    raw('unterminated multipart', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nvalue`, multipartType),
    raw('multipart part without headers', `--${BOUNDARY}\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`, multipartType),
    raw(
      'multipart part without name',
      `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`,
      multipartType,
    ),
    raw(
      'truncated multipart file',
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.`,
      multipartType,
    ),
    raw('multipart garbage', 'not a multipart body at all', multipartType),
    raw('multipart __proto__ field', `${part('__proto__', 'x')}${part('__proto__', PDF, 'a.pdf')}--${BOUNDARY}--\r\n`, multipartType),
    raw('multipart NUL file name', `${part(fileField, PDF, 'pass\u0000port.pdf')}--${BOUNDARY}--\r\n`, multipartType),
    raw('multipart control file name', `${part(fileField, PDF, '\u0001\u001b[31m\u007f.pdf')}--${BOUNDARY}--\r\n`, multipartType),
    raw('multipart NUL field', `${part('name', 'a\u0000b')}--${BOUNDARY}--\r\n`, multipartType),
    raw(
      'multipart eleven files',
      `${Array.from({ length: 11 }, (_, i) => part(`f${i}`, PDF, `${i}.pdf`)).join('')}--${BOUNDARY}--\r\n`,
      multipartType,
    ),
  ];
}

function asMultipart(fields: Record<string, unknown>, file: { field: string; name: string } | null): string {
  const parts = Object.entries(fields).map(([name, value]) => part(name, typeof value === 'string' ? value : JSON.stringify(value)));
  if (file) parts.push(part(file.field, PDF, file.name));
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)(?:\|:\w+)*/g, (_m, name: string) => values[name] ?? '1').replace('*', 'x');
}

/** Percent-encoding, with a lone surrogate sent as its raw (invalid) UTF-8 bytes. */
function encodeQueryValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A path with its parameters blanked, to match the router's `:id` with the document's `{id}`. */
function shapeOf(path: string): string {
  return path.replace(/:\w+(?:\|:\w+)*|\{\w+\}/g, '{}');
}

function paramNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)(?:\|:\w+)*/g)].map((m) => m[1]);
}

type OpenApi = { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>> };

/** `METHOD /shape` of every operation in the OpenAPI document, with the query parameters it declares. */
function documentedOperations(app: TestApp['app']): Map<string, string[]> {
  const operations = new Map<string, string[]>();
  for (const [path, ops] of Object.entries((app.swagger() as unknown as OpenApi).paths)) {
    for (const [method, op] of Object.entries(ops)) {
      operations.set(
        `${method.toUpperCase()} ${shapeOf(path)}`,
        (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      );
    }
  }
  return operations;
}

const endsSession = (route: Route) => /logout/.test(route.path);

interface Failure {
  who: string;
  probe: string;
  status: number;
  body: string;
}

describe('every route answers hostile input with a 4xx', () => {
  let t: TestApp;
  const failures: Failure[] = [];
  let requests = 0;

  beforeAll(async () => {
    t = await createTestApp();
    // Records with the ids the walk fills in, so lookups find something to work past.
    for (let i = 0; i < 3; i++) await createUser(t.ctx, { roleId: Role.User });
  });
  afterAll(async () => {
    await t?.close();
  });

  function check(who: string, probe: Probe, response: LightMyRequestResponse) {
    let ok = response.statusCode < 500;
    if (response.statusCode === 422) {
      const errors = jsonOf(response).errors;
      ok =
        !!errors &&
        Object.values(errors).some(
          (messages) => Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string' && m.length > 0),
        );
    }
    if (!ok)
      failures.push({
        who,
        probe: `${probe.method} ${probe.url.slice(0, 160)} [${probe.label}]`,
        status: response.statusCode,
        body: response.body.slice(0, 200),
      });
  }

  async function walk(who: string, client: ReturnType<typeof agent>, routes: Route[], queryParams: Map<string, string[]>) {
    const send = async (probe: Probe) => {
      requests += 1;
      const response = await client.request({
        method: probe.method as 'GET',
        url: probe.url,
        payload: probe.payload,
        headers: probe.headers,
      });
      check(who, probe, response);
      return response;
    };
    const sendJson = (label: string, method: string, url: string, body: unknown) =>
      send({ label, method, url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

    /**
     * A form's required fields, from the 422 of an empty body, with values guessed until their
     * errors go (enum options are read from the message). Answers the baseline and the field names
     * the form and its answer mention, for the pool of optional fields.
     */
    async function learnForm(method: string, url: string) {
      const baseline: Record<string, unknown> = {};
      const named = new Set<string>();
      for (let round = 0; round <= GUESSES.length; round++) {
        const response = await sendJson('learn', method, url, baseline);
        const { errors, data } = jsonOf(response) as { errors?: Record<string, string[]>; data?: unknown };
        if (data && typeof data === 'object' && !Array.isArray(data)) for (const key of Object.keys(data)) named.add(key);
        if (response.statusCode !== 422 || !errors) break;
        const missing = Object.keys(errors).filter((f) => /^[a-z_]\w*$/i.test(f) && f !== 'body');
        for (const field of missing) named.add(field);
        if (!missing.length || round === GUESSES.length) break;
        for (const field of missing) {
          const options = [...(errors[field]?.join(' ').matchAll(/"([^"]+)"|'([^']+)'/g) ?? [])].map((m) => m[1] ?? m[2]);
          baseline[field] = options.length ? options[0] : GUESSES[round];
        }
      }
      return { baseline, named };
    }

    // First pass: every form's baseline, and the pool of field names seen anywhere.
    const forms = new Map<Route, Record<string, unknown>>();
    const pool = new Set<string>();
    for (const route of routes) {
      if (route.method === 'GET' || endsSession(route)) continue;
      const { baseline, named } = await learnForm(route.method, fill(route.path, {}));
      forms.set(route, baseline);
      for (const name of named) pool.add(name);
    }

    for (const route of routes) {
      const { method, path } = route;
      const url = fill(path, {});
      // Everything before the logout routes must have run signed in, or the walk proved little.
      if (endsSession(route) && route === routes.find(endsSession)) {
        const me = await client.get('/api/user');
        if (me.statusCode !== 200)
          failures.push({ who, probe: 'signed out before the logout routes', status: me.statusCode, body: me.body.slice(0, 200) });
      }
      for (const name of paramNames(path)) {
        for (const value of ID_VALUES) await send({ label: `:${name}=${value.slice(0, 20)}`, method, url: fill(path, { [name]: value }) });
      }
      // A route this role may not use stops at its guard: hostile ids are enough to prove that.
      if ((await send({ label: 'plain', method, url })).statusCode === 403) continue;

      if (method === 'GET') {
        // A list names its filters and sorts in its 400 answers; other pages get a few stray parameters.
        const allowed = async (query: string, kind: string) => {
          const message = jsonOf(await send({ label: 'discover', method, url: `${url}?${query}` })).message ?? '';
          const list = new RegExp(`Allowed ${kind}: ([^.]*)\\.`).exec(message)?.[1];
          return list === undefined ? null : list === 'none' ? [] : list.split(', ');
        };
        const filters = await allowed('filter[zz_unknown]=1', 'filters');
        for (const query of filters ? QUERIES : STRAY_QUERIES) await send({ label: query.slice(0, 40), method, url: `${url}?${query}` });
        for (const name of queryParams.get(`${method} ${shapeOf(path)}`) ?? []) {
          for (const value of HOSTILE_TEXT)
            await send({ label: `${name}=${value.slice(0, 20)}`, method, url: `${url}?${name}=${encodeQueryValue(value)}` });
        }
        for (const filter of filters ?? []) {
          for (const value of HOSTILE_TEXT)
            await send({
              label: `filter[${filter}]=${value.slice(0, 20)}`,
              method,
              url: `${url}?filter[${filter}]=${encodeQueryValue(value)}`,
            });
        }
        for (const sort of filters ? ((await allowed('sort=zz_unknown', 'sorts')) ?? []) : [])
          await send({ label: `sort=-${sort}`, method, url: `${url}?sort=-${sort}&page=99999` });
        continue;
      }

      const baseline = forms.get(route) ?? {};
      const fileField = Object.keys(baseline).find((f) => /file|image|logo|document|favicon/i.test(f)) ?? 'file';
      for (const probe of bodyProbes(method, url, fileField)) await send(probe);
      await send({
        label: 'form with NUL file name',
        method,
        url,
        payload: asMultipart(baseline, { field: fileField, name: 'pass\u0000port.pdf' }),
        headers: multipartType,
      });

      // Optional fields: a strict form names the keys of the pool it does not know.
      const extra = [...pool].filter((name) => !(name in baseline));
      const answer = jsonOf(
        await sendJson('optional fields', method, url, { ...baseline, ...Object.fromEntries(extra.map((name) => [name, '1'])) }),
      );
      const unknown = new Set(
        [
          ...(Object.values(answer.errors ?? {})
            .flat()
            .join(' ')
            .match(/Unrecognized keys?: (.*)/)?.[1]
            .matchAll(/"([^"]+)"/g) ?? []),
        ].map((m) => m[1]),
      );
      const optional = unknown.size ? extra.filter((name) => !unknown.has(name)) : [];

      for (const field of [...Object.keys(baseline), ...optional]) {
        for (const value of HOSTILE_VALUES) {
          await sendJson(`${field}=${JSON.stringify(value)?.slice(0, 20)}`, method, url, { ...baseline, [field]: value });
        }
      }
      for (const field of Object.keys(baseline)) {
        for (const value of HOSTILE_TEXT) {
          await send({
            label: `form ${field}=${value.slice(0, 20)}`,
            method,
            url,
            payload: asMultipart({ ...baseline, [field]: value }, null),
            headers: multipartType,
          });
        }
      }
    }
  }

  /** Routes that end the walker's own session go last, so everything before runs signed in. */
  function ordered(routes: Route[]) {
    return [...routes.filter((r) => !endsSession(r)), ...routes.filter(endsSession)];
  }

  it('reads every route of the OpenAPI document from the router', () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    const known = new Set(routes.map((r) => `${r.method} ${shapeOf(r.path)}`));
    const documented = [...documentedOperations(t.app).keys()];
    expect(documented.length).toBeGreaterThan(250);
    expect(documented.filter((op) => !known.has(op))).toEqual([]);
  });

  /**
   * The staff side reaches every handler, so its walk is the long one: it runs in parts of whole
   * areas (routes sorted by path), each signed in afresh and learning its forms' fields itself.
   * The investor side reaches every guard and the portal's own routes in one walk.
   */
  const STAFF_PARTS = 4;
  const walks = [
    ...Array.from({ length: STAFF_PARTS }, (_, part) => ({ who: 'super admin', role: Role.SuperAdmin, part })),
    { who: 'investor', role: Role.User, part: null },
  ];
  for (const { who, role, part } of walks) {
    const name = part === null ? who : `${who}, part ${part + 1} of ${STAFF_PARTS}`;
    it(`answers no hostile request with a 5xx, and every 422 with field messages (${name})`, async () => {
      const all = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).sort((a, b) => a.path.localeCompare(b.path));
      const size = Math.ceil(all.length / STAFF_PARTS);
      const routes = ordered(part === null ? all : all.slice(part * size, (part + 1) * size));
      const session = await signedIn(t, role);
      const started = Date.now();
      const before = { requests, failures: failures.length };
      await walk(who, session.client, routes, documentedOperations(t.app));
      console.info(
        `hostile-input walk (${name}): ${routes.length} routes, ${requests - before.requests} requests, ${Date.now() - started} ms`,
      );
      expect(failures.slice(before.failures)).toEqual([]);
    }, 600_000);
  }
});
