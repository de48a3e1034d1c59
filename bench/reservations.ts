import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { buildApp } from '../apps/server/src/app';
import { readConfig } from '../apps/server/src/config';
import { migrateDatabase, openPostgres } from '../apps/server/src/db/client';
import { investmentOpportunities, investments, settings, users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/platform/crypto';
import { loadSettings } from '../apps/server/src/modules/settings/service';

/**
 * 200 investors reserve in one opportunity at the same moment, over HTTP against PostgreSQL: the
 * throughput and latency of reservations queued on the opportunity's row lock, and the check that
 * the committed total never passes the maximum raise (docs/decisions/0008).
 */
const INVESTORS = 200;
const AMOUNT = '1500.00';
const MAXIMUM_RAISE = '150000.00'; // room for exactly 100 of the 200
const PASSWORD = 'bench-password-2026';

async function freshDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists platform_bench_reservations with (force)');
  await admin.query('create database platform_bench_reservations');
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/platform_bench_reservations';
  return url.toString();
}

async function signIn(base: string, email: string): Promise<{ cookie: string; xsrf: string }> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const xsrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('XSRF-TOKEN='))!;
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: xsrfCookie, 'x-xsrf-token': decodeURIComponent(xsrfCookie.slice('XSRF-TOKEN='.length)) },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed for ${email}: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN=')) ?? xsrfCookie;
  return { cookie: [...cookies.filter((c) => !c.startsWith('XSRF-TOKEN=')), xsrf].join('; '), xsrf: decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)) };
}

export async function runReservationBench() {
  console.log(`\n## ${INVESTORS} concurrent reservations (PostgreSQL)`);
  const databaseUrl = await freshDatabase();
  const database = openPostgres(databaseUrl);
  await migrateDatabase(database, databaseUrl);
  const config = readConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: `/tmp/platform-bench-${process.pid}`, WEB_DIST: '/nonexistent', DATABASE_URL: databaseUrl });
  const { app, ctx } = await buildApp({ config, database, logger: false });
  const { db } = ctx;
  await loadSettings(db);
  await db.update(settings).set({ flags: { investment_terms_enabled: true, compliance_test_enabled: true } });
  const passwordHash = await hashPassword(PASSWORD);
  const people = await db
    .insert(users)
    .values(Array.from({ length: INVESTORS }, (_, i) => ({ name: `Bench Investor ${i}`, email: `reserve${i}@bench.test`, roleId: Role.User, passwordHash, emailVerifiedAt: new Date(), acceptedTermsVersion: 1, compliancePassed: true })))
    .returning({ email: users.email });
  const [opportunity] = await db
    .insert(investmentOpportunities)
    .values({ slug: 'bench-round', name: 'Bench Round', companyName: 'Bench Ltd', status: 2, targetRaise: MAXIMUM_RAISE, maximumRaise: MAXIMUM_RAISE, minimumInvestment: '500.00', maximumInvestment: '5000.00', sharePrice: '1.500000', summary: 'Bench' })
    .returning();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const sessions = await Promise.all(people.map((p) => signIn(base, p.email)));

  const latencies: number[] = [];
  const outcomes = new Map<number, number>();
  const started = performance.now();
  await Promise.all(
    sessions.map(async (session) => {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/investments/investor`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-xsrf-token': session.xsrf },
        body: JSON.stringify({ opportunity_id: opportunity.id, amount: AMOUNT, holder_type: 'personal', accept_terms: true }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      outcomes.set(response.status, (outcomes.get(response.status) ?? 0) + 1);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];

  const [after] = await db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, opportunity.id));
  const [{ total, n }] = await db
    .select({ total: sql<string>`coalesce(sum(${investments.amount}), 0)::text`, n: sql<number>`count(*)::int` })
    .from(investments)
    .where(eq(investments.opportunityId, opportunity.id));
  console.log(`answers: ${[...outcomes].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
  console.log(`throughput: ${(INVESTORS / elapsed).toFixed(0)} reservations/s (${INVESTORS} in ${elapsed.toFixed(2)} s)`);
  console.log(`latency: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
  console.log(`maximum raise ${MAXIMUM_RAISE}; committed ${after.committedAmount} = sum of ${n} investments ${total}: ${after.committedAmount === total && Number(total) <= Number(MAXIMUM_RAISE) ? 'holds' : 'BROKEN'}`);
  await app.close();
  await database.close();
}
