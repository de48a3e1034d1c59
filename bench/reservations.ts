import { adminQuery, adminUrl } from './support/admin-db';
import { eq, sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { buildApp } from '../apps/server/src/app';
import { readConfig } from '../apps/server/src/config';
import { migrateDatabase, openPostgres } from '../apps/server/src/db/client';
import { investmentOpportunities, investments, settings, users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/platform/crypto';
import { loadSettings } from '../apps/server/src/shared/settings';
import { signIn, type Session } from './support/client';

/**
 * 200 investors reserve in one opportunity at the same moment, over HTTP against PostgreSQL: the
 * throughput and latency of reservations queued on the opportunity's row lock, against the same
 * reservation made one at a time, and the check that the committed total never passes the maximum
 * raise (docs/decisions/0008).
 */
const INVESTORS = 200;
const ONE_AT_A_TIME = 20;
const AMOUNT = '1500.00';
const MAXIMUM_RAISE = '150000.00'; // room for exactly 100 of the 200
const PASSWORD = 'bench-password-2026';
// One database per bench process, so two runs on one machine never drop each other's.
const databaseName = `platform_bench_reservations_${process.pid}`;

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export async function runReservationBench() {
  console.log(`\n## ${INVESTORS} concurrent reservations (PostgreSQL)`);
  await adminQuery(`drop database if exists ${databaseName} with (force)`);
  await adminQuery(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const database = openPostgres(databaseUrl);
  try {
    await migrateDatabase(database, databaseUrl);
    const config = readConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: `/tmp/platform-bench-${process.pid}`,
      WEB_DIST: '/nonexistent',
      DATABASE_URL: databaseUrl,
    });
    const { app, ctx } = await buildApp({ config, database, logger: false });
    try {
      await measureReservations(app, ctx.db);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await adminQuery(`drop database if exists ${databaseName} with (force)`);
  }
}

async function measureReservations(
  app: Awaited<ReturnType<typeof buildApp>>['app'],
  db: Awaited<ReturnType<typeof buildApp>>['ctx']['db'],
) {
  await loadSettings(db);
  await db.update(settings).set({ flags: { investment_terms_enabled: true, compliance_test_enabled: true } });
  const passwordHash = await hashPassword(PASSWORD);
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: INVESTORS + ONE_AT_A_TIME }, (_, i) => ({
        name: `Bench Investor ${i}`,
        email: `reserve${i}@bench.test`,
        roleId: Role.User,
        passwordHash,
        emailVerifiedAt: new Date(),
        acceptedTermsVersion: 1,
        compliancePassed: true,
      })),
    )
    .returning({ email: users.email });
  const round = (slug: string, maximumRaise: string) => ({
    slug,
    name: slug,
    companyName: 'Bench Ltd',
    status: 2,
    targetRaise: maximumRaise,
    maximumRaise,
    minimumInvestment: '500.00',
    maximumInvestment: '5000.00',
    sharePrice: '1.500000',
    summary: 'Bench',
  });
  const [opportunity, quiet] = await db
    .insert(investmentOpportunities)
    .values([round('bench-round', MAXIMUM_RAISE), round('bench-quiet-round', '1000000.00')])
    .returning();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const sessions = await Promise.all(people.map((p) => signIn(base, p.email, PASSWORD)));

  const reserve = async (session: Session, opportunityId: number) => {
    const t0 = performance.now();
    const response = await fetch(`${base}/api/investments/investor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-xsrf-token': session.xsrf },
      body: JSON.stringify({ opportunity_id: opportunityId, amount: AMOUNT, holder_type: 'personal', accept_terms: true }),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - t0 };
  };

  // The baseline: the same reservation with nobody else reserving.
  const alone: number[] = [];
  for (const session of sessions.slice(INVESTORS)) alone.push((await reserve(session, quiet.id)).ms);
  alone.sort((a, b) => a - b);
  const aloneMean = alone.reduce((s, v) => s + v, 0) / alone.length;

  const started = performance.now();
  const results = await Promise.all(sessions.slice(0, INVESTORS).map((session) => reserve(session, opportunity.id)));
  const elapsed = (performance.now() - started) / 1000;
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const outcomes = new Map<number, number>();
  for (const r of results) outcomes.set(r.status, (outcomes.get(r.status) ?? 0) + 1);

  const [after] = await db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, opportunity.id));
  const [{ total, n }] = await db
    .select({ total: sql<string>`coalesce(sum(${investments.amount}), 0)::text`, n: sql<number>`count(*)::int` })
    .from(investments)
    .where(eq(investments.opportunityId, opportunity.id));
  const holds = after.committedAmount === total && Number(total) <= Number(MAXIMUM_RAISE);
  console.log(
    `one at a time (${ONE_AT_A_TIME}, baseline): mean ${aloneMean.toFixed(1)} ms, p50 ${percentile(alone, 0.5).toFixed(1)} ms, p95 ${percentile(alone, 0.95).toFixed(1)} ms — ${(1000 / aloneMean).toFixed(0)} reservations/s`,
  );
  console.log(`answers: ${[...outcomes].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
  console.log(
    `throughput: ${(INVESTORS / elapsed).toFixed(0)} reservations/s (${INVESTORS} in ${elapsed.toFixed(2)} s), ${(INVESTORS / elapsed / (1000 / aloneMean)).toFixed(1)}× the one-at-a-time rate`,
  );
  console.log(
    `latency: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms — p95 ${(percentile(latencies, 0.95) / aloneMean).toFixed(1)}× one reservation alone`,
  );
  console.log(
    `maximum raise ${MAXIMUM_RAISE}; committed ${after.committedAmount} = sum of ${n} investments ${total}: ${holds ? 'holds' : 'BROKEN'}`,
  );
}
