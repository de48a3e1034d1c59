import path from 'node:path';
import WebSocket from 'ws';
import { signChannelAuth, userChannelName } from '../apps/server/src/platform/realtime/auth';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';

/** Measured before notifications were batched (one INSERT and one pg_notify per recipient), same machine type. */
const BEFORE = { thousandP95: 963, aloneMs: 3 };
const ALONE_RUNS = 20;

interface Info {
  investorIds: number[];
  reportTypeId: number;
  groupId: number;
  appKey: string;
  appSecret: string;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** A screen: a WebSocket subscribed to one investor's private channel, noting when each notification lands. */
async function openScreen(port: number, info: Info, userId: number, onNotification: (userId: number) => void) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${info.appKey}?protocol=7&client=js&version=8.0.0`);
  const channel = userChannelName(userId);
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string; data: string; channel?: string };
      if (frame.event === 'pusher:connection_established') {
        const { socket_id } = JSON.parse(frame.data) as { socket_id: string };
        const auth = signChannelAuth(info.appKey, info.appSecret, socket_id, channel);
        socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') resolve();
      else if (frame.event === 'pusher:subscription_error') reject(new Error(`subscription refused for ${channel}`));
      else if (frame.event === 'notification.created') onNotification(userId);
    });
  });
  return socket;
}

/**
 * Realtime fan-out on PostgreSQL: 1,000 investors each with a screen open (a WebSocket on their
 * private channel); staff publish an update to every investor, and each screen's wait from the
 * publish request to its notification is timed. Then the same for an update reaching one investor.
 */
export async function runRealtimeBench() {
  const server = await startBenchServer<Info>('postgres', path.join(import.meta.dirname, 'datasets/realtime.ts'));
  const sockets: WebSocket[] = [];
  try {
    const base = `http://127.0.0.1:${server.appPort}`;
    const staff = await signIn(base, 'superadmin@demo.test', DEMO_PASSWORD);
    const headers = { cookie: staff.cookie, 'x-xsrf-token': staff.xsrf, 'content-type': 'application/json', accept: 'application/json' };
    let arrived = new Map<number, number>();
    const onNotification = (userId: number) => {
      if (!arrived.has(userId)) arrived.set(userId, performance.now());
    };
    for (let i = 0; i < server.investorIds.length; i += 100)
      sockets.push(
        ...(await Promise.all(server.investorIds.slice(i, i + 100).map((id) => openScreen(server.appPort, server, id, onNotification)))),
      );

    /** Publishes one update and answers each awaited screen's wait in ms, from the request to its notification. */
    async function publish(audience: Record<string, unknown>, waitFor: number[]): Promise<number[]> {
      const draft = await fetch(`${base}/api/update-reports`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: 'Quarterly news', report_type_id: server.reportTypeId, body: '<p>Figures are in.</p>', ...audience }),
      });
      if (draft.status !== 201) throw new Error(`draft answered ${draft.status}: ${await draft.text()}`);
      const { data } = (await draft.json()) as { data: { id: number } };
      arrived = new Map();
      const started = performance.now();
      const published = await fetch(`${base}/api/update-reports/${data.id}/publish`, { method: 'POST', headers });
      if (!published.ok) throw new Error(`publish answered ${published.status}`);
      while (waitFor.some((id) => !arrived.has(id))) {
        if (performance.now() - started > 60_000) throw new Error(`${waitFor.filter((id) => !arrived.has(id)).length} screens got nothing`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return waitFor.map((id) => arrived.get(id)! - started).sort((a, b) => a - b);
    }

    console.log(`\n## Realtime fan-out: ${sockets.length.toLocaleString('en-GB')} investors' screens open, PostgreSQL LISTEN/NOTIFY`);
    const all = await publish({ audience: 'all' }, server.investorIds);
    const alone: number[] = [];
    for (let run = 0; run < ALONE_RUNS; run++)
      alone.push(...(await publish({ audience: 'groups', client_group_ids: [server.groupId] }, [server.investorIds[0]])));
    alone.sort((a, b) => a - b);
    const p95 = percentile(all, 0.95);
    console.log(
      `update to every investor: ${all.length.toLocaleString('en-GB')} screens notified, p50 ${percentile(all, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, last ${all.at(-1)!.toFixed(0)} ms — before batching p95 ${BEFORE.thousandP95} ms (${(BEFORE.thousandP95 / p95).toFixed(1)}× lower now; target ≤ 200 ms)`,
    );
    console.log(
      `update to one investor (${ALONE_RUNS} runs, request to notification): p50 ${percentile(alone, 0.5).toFixed(1)} ms, p95 ${percentile(alone, 0.95).toFixed(1)} ms — before batching ~${BEFORE.aloneMs} ms for the notification alone`,
    );
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
  }
}
