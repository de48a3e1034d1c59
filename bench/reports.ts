import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** What the publish writes per recipient, as one bare INSERT … SELECT each, in a transaction rolled back: the floor. */
async function bareFanOut(pool: pg.Pool, groupId: number) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const started = performance.now();
    const audience = 'select m.user_id from client_group_members m join users u on u.id = m.user_id where m.group_id = $1';
    await client.query(
      `insert into notifications (user_id, data) select user_id, '{"message":"<p>x</p>","icon":"update_reports","cta":"/investor/news"}'::jsonb from (${audience}) a`,
      [groupId],
    );
    await client.query(
      `insert into mail_outbox (to_address, subject, text, html) select u.email, 'New in Updates', 'text', '<p>html</p>' from client_group_members m join users u on u.id = m.user_id where m.group_id = $1`,
      [groupId],
    );
    const ms = performance.now() - started;
    await client.query('rollback');
    return ms;
  } finally {
    client.release();
  }
}

/** Terms staff type: a name, part of a name, an e-mail, a phone fragment, a town, a company. */
function searchTerms(investors: number, count: number): string[] {
  const terms: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const n = 1 + ((i * 7919) % investors);
    const kinds = [
      `Investor ${n}`,
      `bench${n}@`,
      `7700 900${String(n % 1000).padStart(3, '0')}`,
      'Leeds',
      `Investor ${n % 1000}`,
      'Acme',
      'Isla',
    ];
    terms.push(kinds[i % kinds.length]);
  }
  return terms;
}

/** The investors part of the search, by hand: the same match on name, e-mail and phone, first five by name. */
const BARE_SEARCH = `
  select id, name, email from users
  where role_id = 5 and deleted_at is null and (name ilike $1 or email ilike $1 or phone ilike $1)
  order by name limit 5`;

/**
 * Publishing an update to 10,000 investors (time until every notification and e-mail is queued,
 * against the same rows written by bare INSERT … SELECT), and the staff search at 100,000
 * investors (p50/p95 over a few hundred realistic terms, against a bare `pg` query of investors).
 */
export async function runReportsBench() {
  const server = await startBenchServer<{ investors: number; recipients: number; reportId: number; groupId: number; databaseUrl: string }>(
    'postgres',
    path.join(import.meta.dirname, 'datasets/reports.ts'),
  );
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  try {
    const base = `http://127.0.0.1:${server.appPort}`;
    const { cookie, xsrf } = await signIn(base, 'superadmin@demo.test', DEMO_PASSWORD);
    console.log(`\n## Publishing an update to ${server.recipients.toLocaleString('en-GB')} investors (PostgreSQL)`);
    const bare = await bareFanOut(pool, server.groupId);
    console.log(`bare INSERT … SELECT of the same notifications and e-mails (baseline)  ${bare.toFixed(0)} ms`);
    const started = performance.now();
    const response = await fetch(`${base}/api/update-reports/${server.reportId}/publish`, {
      method: 'POST',
      headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
      body: '{}',
    });
    const publish = performance.now() - started;
    if (!response.ok) throw new Error(`publish answered ${response.status}: ${await response.text()}`);
    const counted = (
      await pool.query(
        `select (select count(*) from update_report_recipients where update_report_id = $1)::int as recipients,
                (select count(*) from notifications where data->>'cta' = $2)::int as notifications,
                (select count(*) from mail_outbox where subject like 'New in %')::int as mails`,
        [server.reportId, `/investor/news/reports/${server.reportId}`],
      )
    ).rows[0] as { recipients: number; notifications: number; mails: number };
    console.log(
      `POST /api/update-reports/{id}/publish → ${counted.recipients} recipients, ${counted.notifications} notifications, ${counted.mails} e-mails queued  ${publish.toFixed(0)} ms (${(publish / bare).toFixed(1)}× baseline)`,
    );

    const terms = searchTerms(server.investors, 300);
    console.log(`\n## Search at ${server.investors.toLocaleString('en-GB')} investors: ${terms.length} queries, one at a time`);
    const barePg: number[] = [];
    for (const term of terms) {
      const t0 = performance.now();
      await pool.query(BARE_SEARCH, [`%${term}%`]);
      barePg.push(performance.now() - t0);
    }
    const app: number[] = [];
    for (const term of terms) {
      const t0 = performance.now();
      const answer = await fetch(`${base}/api/search?q=${encodeURIComponent(term)}`, { headers: { cookie } });
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`search answered ${answer.status}`);
      app.push(performance.now() - t0);
    }
    barePg.sort((a, b) => a - b);
    app.sort((a, b) => a - b);
    const row = (name: string, l: number[]) =>
      `${name.padEnd(56)} p50 ${percentile(l, 50).toFixed(1)} ms  p95 ${percentile(l, 95).toFixed(1)} ms`;
    console.log(row('bare pg: investors by name, e-mail or phone (baseline)', barePg));
    console.log(row('GET /api/search (every kind the role may see)', app));
    console.log(
      `  → p50 ${(percentile(app, 50) / percentile(barePg, 50)).toFixed(1)}×, p95 ${(percentile(app, 95) / percentile(barePg, 95)).toFixed(1)}× the bare investors query`,
    );
  } finally {
    await pool.end();
    await server.stop();
  }
}
