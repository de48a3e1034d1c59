import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { Role, type RoleId } from '@platform/domain';
import { buildApp, type BuildOptions } from '../app';
import type { AppContext } from '../platform/context';
import { readConfig } from '../config';
import { investorCategorisations, settings, users } from '../db/schema';
import { loadSettings } from '../shared/settings';
import { hashPassword } from '../platform/crypto';
import { systemClock, type Clock } from '../platform/clock';
import { createTestDatabase } from './databases';

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

/**
 * Starts the real app on a fresh database (PGlite, or PostgreSQL in the postgres project).
 * One per test file; close it in afterAll.
 */
const SIGNED_IN_FOR_A_CENTURY = 100 * 365 * 24 * 60;

export async function createTestApp(options: { clock?: Clock; env?: Record<string, string>; onRoute?: BuildOptions['onRoute'] } = {}) {
  const testDb = await createTestDatabase();
  const config = readConfig({
    WEB_DIST: '/nonexistent',
    ...options.env,
    DATA_DIR: `/tmp/platform-test-${process.pid}`,
    LOG_LEVEL: 'silent',
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  });
  const { app, ctx } = await buildApp({
    config,
    database: testDb.database,
    clock: options.clock ?? systemClock,
    logger: false,
    onRoute: options.onRoute,
  });
  await app.ready();
  if (options.clock) {
    // A test that moves the clock keeps the same people signed in across days or years; the tests of
    // session lifetimes set their own (account-security.test.ts).
    await loadSettings(ctx.db);
    await ctx.db.update(settings).set({ sessionIdleMinutes: SIGNED_IN_FOR_A_CENTURY, sessionLifetimeMinutes: SIGNED_IN_FOR_A_CENTURY });
  }
  return {
    app,
    ctx,
    db: ctx.db,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let sequence = 0;

/** Long before any test clock: a fixture investor's categorisation and risk warning date from then. */
export const FIXTURE_CLEARED_AT = new Date('2020-01-01T00:00:00Z');

/**
 * An investor past every gate of decision 0028, as most tests need: an approved categorisation
 * without expiry from long ago (so the cooling-off is over) and the risk warning acknowledged. The
 * user row's own category columns are left as they are (tests set them to prove list filters).
 */
export async function clearInvestorGates(ctx: Pick<AppContext, 'db'>, userIds: number[]) {
  if (!userIds.length) return;
  await ctx.db.insert(investorCategorisations).values(
    userIds.map((userId) => ({
      userId,
      category: 'restricted',
      declaration: { fixture: true },
      status: 'approved',
      declaredAt: FIXTURE_CLEARED_AT,
      expiresAt: null,
    })),
  );
}

/**
 * Factory: a user of any role, verified and with current terms accepted unless told otherwise. An
 * investor is past the gates before promotions and investing unless `{ gates: 'new' }` is asked for.
 */
export async function createUser(
  ctx: Pick<AppContext, 'db'>,
  overrides: Partial<typeof users.$inferInsert> & { roleId?: RoleId } = {},
  { gates = 'cleared' }: { gates?: 'cleared' | 'new' } = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  sequence += 1;
  const investor = (overrides.roleId ?? Role.User) === Role.User;
  const cleared = investor && gates === 'cleared';
  const [row] = await ctx.db
    .insert(users)
    .values({
      // Zero-padded, so a list sorted by name keeps the order the users were made in, however many
      // files this worker has run before ('Test User 000100' after 'Test User 000099').
      name: `Test User ${String(sequence).padStart(6, '0')}`,
      email: `user${sequence}-${process.pid}@example.test`,
      roleId: Role.User,
      passwordHash: await passwordHash,
      emailVerifiedAt: new Date(),
      acceptedTermsVersion: 1,
      ...(cleared ? { riskWarningAcknowledgedAt: FIXTURE_CLEARED_AT } : {}),
      ...overrides,
    })
    .returning();
  if (cleared) await clearInvestorGates(ctx, [row.id]);
  return row;
}

export async function reloadUser(ctx: Pick<AppContext, 'db'>, id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * A browser-like client: keeps cookies, fetches the XSRF cookie first and echoes it in the header
 * on state-changing requests, as the web app does.
 */
export function agent(app: TestApp['app']) {
  const jar = new Map<string, string>();

  function remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
  }

  async function request(options: InjectOptions & { xsrf?: boolean }) {
    const method = (options.method ?? 'GET').toUpperCase();
    const stateChanging = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (stateChanging && options.xsrf !== false && !jar.has('XSRF-TOKEN'))
      remember(await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' }));
    const headers: Record<string, string> = { accept: 'application/json', ...(options.headers as Record<string, string>) };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (stateChanging && options.xsrf !== false && jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = jar.get('XSRF-TOKEN')!;
    const response = await app.inject({ ...options, method: method as InjectOptions['method'], headers });
    remember(response);
    return response;
  }

  return {
    jar,
    request,
    get: (url: string, options: Partial<InjectOptions> = {}) => request({ ...options, method: 'GET', url }),
    post: (url: string, payload?: unknown, options: Partial<InjectOptions> & { xsrf?: boolean } = {}) =>
      request({ ...options, method: 'POST', url, payload: payload as InjectOptions['payload'] }),
    patch: (url: string, payload?: unknown) => request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] }),
    async login(email: string, password = TEST_PASSWORD) {
      const response = await request({ method: 'POST', url: '/login', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.statusCode} ${response.body}`);
      return response;
    },
  };
}

/** A signed-in agent for a new user of the given role. */
export async function signedIn(testApp: TestApp, roleId: RoleId, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(testApp.ctx, { ...overrides, roleId });
  const client = agent(testApp.app);
  await client.login(user.email);
  return { user, client };
}
