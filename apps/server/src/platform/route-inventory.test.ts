import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, RouteOptions } from 'fastify';
import { can, PUBLIC_FLAG_NAMES, Role, ROLE_IDS, type RoleId } from '@platform/domain';
import { settings } from '../db/schema';
import { loadSettings } from '../shared/settings';
import { agent, createTestApp, signedIn, type TestApp } from '../test/harness';
import type { Access, Guard } from './guards';

/**
 * Every route the app registers either is on this list or answers a caller without access before it
 * looks at the input. These need no session: each proves its caller another way (a signed link or
 * token, a webhook signature, the password) or serves nothing personal.
 */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /sanctum/csrf-cookie',
  'POST /login',
  'POST /logout',
  'GET /api/logout',
  'POST /api/auth/manual-register',
  'POST /password/email',
  'POST /password/reset',
  'POST /api/auth/set-password',
  'GET /email/verify/:id/:hash',
  // The second step of sign-in: proven by the challenge cookie a right password set, and the code.
  'POST /login/two-factor',
  // A new e-mail address's confirmation link: proven by its single-use token.
  'GET /email/change/:token',
  // The minimum password length, for the registration and reset forms: no data about anyone.
  'GET /api/auth/password-policy',
  // The session probe: the caller's own account, or null when signed out.
  'GET /api/session',
  'GET /api/public-settings/:id',
  // Logos and favicon: the login page shows them.
  'GET /api/files/branding/:name',
  'POST /api/payments/stripe/webhook',
  // A founder's KPI form: the mailed link's random token (kept hashed, expiring, single use) is the
  // proof; rate-limited per address (decision 0026).
  'GET /api/kpi-request-forms/:token',
  'POST /api/kpi-request-forms/:token',
]);
/** The API's documentation (Swagger UI and the OpenAPI document): describes routes, holds no data. */
const PUBLIC_DOCS = '/api/docs';

interface Route {
  method: string;
  url: string;
  access: Access[];
}

const routes: Route[] = [];

function collect(route: RouteOptions) {
  const hooks = [route.onRequest ?? []].flat() as Array<Partial<Guard>>;
  const access = hooks.flatMap((hook) => (hook.access ? [hook.access] : []));
  // HEAD routes are Fastify's copies of the GET routes, with the same hooks.
  for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, access });
}

const isPublic = (route: Route) =>
  PUBLIC.has(`${route.method} ${route.url}`) || route.url === PUBLIC_DOCS || route.url.startsWith(`${PUBLIC_DOCS}/`);
const guarded = () => routes.filter((route) => !isPublic(route));
const isStaffRoute = (route: Route) => route.access.some((a) => a.who === 'staff');
const isInvestorRoute = (route: Route) => route.access.some((a) => a.who === 'investor');
const grantsOf = (route: Route) => route.access.flatMap((a) => (a.who === 'staff' || a.who === 'investor-or-staff' ? a.grants : []));
/** A staff role holding none of the permissions a route's guard names, if there is one. */
function staffRoleWithout(route: Route): RoleId | undefined {
  const grants = grantsOf(route);
  if (!grants.length) return undefined;
  return ROLE_IDS.find((roleId) => roleId !== Role.User && !grants.some(([event, action]) => can(roleId, event, action)));
}

/** Ids no record has, ids of the wrong type, ids beyond the integer range. */
/** Each walk sends every bogus id and body to every route it covers: hundreds of requests, a long wait on a busy machine. */
const WALK_TIMEOUT = 120_000;

const BOGUS_IDS = ['999999', 'abc', '99999999999'];
/** What a careless or hostile client sends: nothing, broken JSON, a broken multipart form, a body of the wrong shape. */
const BODIES: Array<{ label: string } & Pick<InjectOptions, 'payload' | 'headers'>> = [
  { label: 'no body' },
  { label: 'broken JSON', payload: '{"name": ', headers: { 'content-type': 'application/json' } },
  {
    label: 'broken multipart',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
  },
  { label: 'JSON of the wrong shape', payload: '{"id": "abc", "opportunity_id": -1}', headers: { 'content-type': 'application/json' } },
];
const QUERIES = ['', '?filter[opportunity_id]=abc&sort=__proto__&page=-1&per_page=1e308'];

/** A handful of requests per route: each bogus id once, each body (or query) once. */
function requestsFor(route: Route): Array<InjectOptions & { label: string }> {
  const writes = route.method !== 'GET';
  const count = Math.max(BOGUS_IDS.length, writes ? BODIES.length : QUERIES.length);
  return Array.from({ length: count }, (_, i) => {
    const url = route.url.replace(/:\w+|\*/g, BOGUS_IDS[i % BOGUS_IDS.length]);
    if (!writes) return { method: 'GET', url: `${url}${QUERIES[i % QUERIES.length]}`, label: 'no body' };
    return { method: route.method as InjectOptions['method'], url, ...BODIES[i % BODIES.length] };
  });
}

type Client = ReturnType<typeof agent>;

/** The routes that answer any of their requests with something other than `status`, and what they answered. */
async function answersOtherThan(client: Client, list: Route[], status: number) {
  const wrong: string[] = [];
  for (const route of list) {
    for (const request of requestsFor(route)) {
      const response = await client.request(request);
      if (response.statusCode !== status) {
        wrong.push(`${route.method} ${route.url}: ${response.statusCode} to ${request.method} ${request.url} with ${request.label}`);
        break;
      }
    }
  }
  return wrong;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ onRoute: collect });
  // A feature switched off hides its routes from every role alike (404); switched on, the guards answer.
  await loadSettings(t.db);
  await t.db.update(settings).set({ flags: Object.fromEntries(PUBLIC_FLAG_NAMES.map((name) => [name, true])) });
});
afterAll(() => t.close());

describe('route inventory', () => {
  it('finds the routes, and every public one still exists', () => {
    expect(routes.length).toBeGreaterThan(150);
    const registered = new Set(routes.map((route) => `${route.method} ${route.url}`));
    expect([...PUBLIC].filter((route) => !registered.has(route))).toEqual([]);
  });

  it('has a guard in front of every route that is not public', () => {
    const unguarded = guarded()
      .filter((route) => !route.access.length)
      .map((route) => `${route.method} ${route.url}`);
    expect(unguarded).toEqual([]);
  });

  it(
    'answers 401 to a caller without a session, whatever the ids and the body',
    async () => {
      expect(await answersOtherThan(agent(t.app), guarded(), 401)).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'answers 403 to an investor on every staff route, before reading ids or body',
    async () => {
      const { client } = await signedIn(t, Role.User);
      const staffRoutes = guarded().filter(isStaffRoute);
      expect(staffRoutes.length).toBeGreaterThan(100);
      expect(await answersOtherThan(client, staffRoutes, 403)).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'answers 403 to staff without the permission a route names, before reading ids or body',
    async () => {
      const clients = new Map<RoleId, Client>();
      const wrong: string[] = [];
      let checked = 0;
      for (const route of guarded()) {
        const roleId = staffRoleWithout(route);
        if (!roleId) continue;
        if (!clients.has(roleId)) clients.set(roleId, (await signedIn(t, roleId)).client);
        wrong.push(...(await answersOtherThan(clients.get(roleId)!, [route], 403)).map((line) => `${line} (role ${roleId})`));
        checked += 1;
      }
      expect(checked).toBeGreaterThan(100);
      expect(wrong).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'answers 403 to staff on every investor-only route',
    async () => {
      const { client } = await signedIn(t, Role.SuperAdmin);
      const investorRoutes = guarded().filter(isInvestorRoute);
      expect(investorRoutes.length).toBeGreaterThan(10);
      expect(await answersOtherThan(client, investorRoutes, 403)).toEqual([]);
    },
    WALK_TIMEOUT,
  );
});
