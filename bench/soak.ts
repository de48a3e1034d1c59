import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD, signIn, startBenchServer, type Session } from './support/client';
import { SOAK_PASSWORD } from './datasets/soak';

/**
 * Soak: a mixed read/write load on the real server on PostgreSQL for `SOAK_SECONDS` (600 unless
 * told) — staff lists, investor pages, reservations, notes and notifications, chosen at random by
 * weight by `SOAK_CONNECTIONS` closed-loop clients (10) on loopback. Prints the error rate,
 * p50/p95/p99 per kind and overall, throughput, and the server process's memory at start and end:
 * what a long run shows and a 5-second bench does not (leaks, growing tables, slowing queries).
 */
const MAX_SECONDS = 4 * 60 * 60;

interface Kind {
  name: string;
  weight: number;
  run(base: string, pick: Picker): Promise<number>;
}

interface Picker {
  staff: Session;
  investor(): { session: Session; id: number };
  opportunityId: number;
  investorIds: number[];
}

const json = (session: Session) => ({
  cookie: session.cookie,
  'x-xsrf-token': session.xsrf,
  'content-type': 'application/json',
  accept: 'application/json',
});
const any = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];

async function send(url: string, init: RequestInit): Promise<number> {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return response.status;
}

const STAFF_LISTS = [
  '/api/users?per_page=50&sort=-created_at&include=owner',
  '/api/investments?per_page=50&sort=-created_at&include=user,holder',
  '/api/investment-opportunities?per_page=25',
  '/api/users?per_page=50&filter[search]=Smith&sort=name',
];
const INVESTOR_PAGES = [
  '/api/user',
  '/api/my/investments?per_page=100&sort=-created_at',
  '/api/my/portfolio',
  '/api/investment-opportunities?per_page=25',
];

const KINDS: Kind[] = [
  { name: 'staff list', weight: 3, run: (base, p) => send(`${base}${any(STAFF_LISTS)}`, { headers: json(p.staff) }) },
  { name: 'investor page', weight: 4, run: (base, p) => send(`${base}${any(INVESTOR_PAGES)}`, { headers: json(p.investor().session) }) },
  {
    name: 'reservation',
    weight: 1,
    run: (base, p) =>
      send(`${base}/api/investments/investor`, {
        method: 'POST',
        headers: { ...json(p.investor().session), 'idempotency-key': randomUUID() },
        body: JSON.stringify({ opportunity_id: p.opportunityId, amount: '250.00', holder_type: 'personal' }),
      }),
  },
  {
    name: 'note',
    weight: 1,
    run: (base, p) => {
      const subject = any(p.investorIds);
      return Math.random() < 0.5
        ? send(`${base}/api/notes`, {
            method: 'POST',
            headers: json(p.staff),
            body: JSON.stringify({ subject_type: 'investor', subject_id: subject, body: `<p>Soak call note ${randomUUID()}</p>` }),
          })
        : send(`${base}/api/notes?filter[subject_type]=investor&filter[subject_id]=${subject}`, { headers: json(p.staff) });
    },
  },
  {
    name: 'notifications',
    weight: 2,
    run: (base, p) => {
      const { session } = p.investor();
      const roll = Math.random();
      if (roll < 0.45) return send(`${base}/api/notifications/user?per_page=20`, { headers: json(session) });
      if (roll < 0.9) return send(`${base}/api/notifications/user/unread`, { headers: json(session) });
      return send(`${base}/api/notifications/user/mark-read`, { method: 'POST', headers: json(session), body: '{}' });
    },
  },
];

function rssMegabytes(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

function positive(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be a whole number from 1 to ${max}, not ${raw}.`);
  return value;
}

export async function runSoakBench() {
  const seconds = positive('SOAK_SECONDS', 600, MAX_SECONDS);
  const connections = positive('SOAK_CONNECTIONS', 10, 100);
  const server = await startBenchServer<{ investors: Array<{ id: number; email: string }>; opportunityId: number }>(
    'postgres',
    path.join(import.meta.dirname, 'datasets/soak.ts'),
  );
  try {
    // The server listens on 127.0.0.1 only (bench-server.ts): the load never leaves the machine.
    const base = `http://127.0.0.1:${server.appPort}`;
    const staff = await signIn(base, 'superadmin@demo.test', DEMO_PASSWORD);
    // One after another, as people arrive: sign-in counts each try against its address before the
    // password is checked (decision 0018), so dozens at once from one address would meet that cap.
    const investors: Array<{ id: number; session: Session }> = [];
    for (const i of server.investors) investors.push({ id: i.id, session: await signIn(base, i.email, SOAK_PASSWORD) });
    const picker: Picker = {
      staff,
      investor: () => any(investors),
      opportunityId: server.opportunityId,
      investorIds: investors.map((i) => i.id),
    };
    const totalWeight = KINDS.reduce((sum, k) => sum + k.weight, 0);
    const chooseKind = () => {
      let roll = Math.random() * totalWeight;
      for (const kind of KINDS) {
        roll -= kind.weight;
        if (roll < 0) return kind;
      }
      return KINDS[0];
    };
    const latencies = new Map(KINDS.map((k) => [k.name, [] as number[]]));
    const errors = new Map(KINDS.map((k) => [k.name, 0]));
    const statuses = new Map<string, number>();

    console.log(
      `\n## Soak: mixed load for ${seconds} s on PostgreSQL, ${connections} connections (${server.investors.length} investors, 1 staff)`,
    );
    const rssStart = rssMegabytes(server.pid);
    let rssPeak = rssStart;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMegabytes(server.pid))), 5000);
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const kind = chooseKind();
          const t0 = performance.now();
          const status = await kind.run(base, picker).catch(() => 0);
          latencies.get(kind.name)!.push(performance.now() - t0);
          if (status < 200 || status >= 300) {
            errors.set(kind.name, errors.get(kind.name)! + 1);
            statuses.set(`${kind.name} ${status || 'no answer'}`, (statuses.get(`${kind.name} ${status || 'no answer'}`) ?? 0) + 1);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rssEnd = rssMegabytes(server.pid);

    const row = (name: string, values: number[], failed: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      const rate = values.length ? (100 * failed) / values.length : 0;
      return `| ${name} | ${values.length.toLocaleString('en-GB')} | ${(values.length / elapsed).toFixed(1)} | ${rate.toFixed(2)} % | ${percentile(sorted, 0.5).toFixed(1)} ms | ${percentile(sorted, 0.95).toFixed(1)} ms | ${percentile(sorted, 0.99).toFixed(1)} ms |`;
    };
    console.log('| kind | requests | req/s | errors | p50 | p95 | p99 |');
    console.log('|---|---|---|---|---|---|---|');
    for (const kind of KINDS) console.log(row(kind.name, latencies.get(kind.name)!, errors.get(kind.name)!));
    console.log(
      row(
        '**overall**',
        [...latencies.values()].flat(),
        [...errors.values()].reduce((a, b) => a + b, 0),
      ),
    );
    if (statuses.size) console.log(`errors: ${[...statuses].map(([what, n]) => `${n} × ${what}`).join(', ')}`);
    console.log(
      `server RSS: ${rssStart.toFixed(0)} MB at start, ${rssEnd.toFixed(0)} MB at the end (peak ${rssPeak.toFixed(0)} MB), over ${elapsed.toFixed(0)} s`,
    );
  } finally {
    await server.stop();
  }
}
