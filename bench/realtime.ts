import path from 'node:path';
import WebSocket from 'ws';
import { signChannelAuth, userChannelName } from '../apps/server/src/platform/realtime/auth';
import { openPostgres } from '../apps/server/src/db/client';
import { createPostgresBus } from '../apps/server/src/platform/realtime/bus';
import { notifyUser, notifyUsers } from '../apps/server/src/shared/notifications';
import { startBenchServer } from './support/client';

/** Measured before notifications were batched (one INSERT and one pg_notify per recipient), same machine type. */
const BEFORE = { thousandP95: 963, aloneMs: 3 };
const ALONE_RUNS = 20;
const ROUNDS = 2;

interface Info {
  databaseUrl: string;
  investorIds: number[];
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
 * private channel); one notification each is stored and published in one batch, and, as the
 * baseline, one by one as before; each screen's wait from the start to its notification is timed.
 * Then one notification alone.
 */
export async function runRealtimeBench() {
  const server = await startBenchServer<Info>('postgres', path.join(import.meta.dirname, 'datasets/realtime.ts'));
  const sockets: WebSocket[] = [];
  try {
    let arrived = new Map<number, number>();
    const onNotification = (userId: number) => {
      if (!arrived.has(userId)) arrived.set(userId, performance.now());
    };
    for (let i = 0; i < server.investorIds.length; i += 100)
      sockets.push(
        ...(await Promise.all(server.investorIds.slice(i, i + 100).map((id) => openScreen(server.appPort, server, id, onNotification)))),
      );
    // Notifications made as another app instance makes them (e2e/support/notify.ts does the same):
    // written to the shared database and published through NOTIFY; the server holds the sockets.
    const database = openPostgres(server.databaseUrl, 2);
    const bus = createPostgresBus(server.databaseUrl);
    await bus.ready();
    const deps = {
      db: database.db,
      realtime: {
        publishToUsers: (messages: ReadonlyArray<{ userId: number; event: string; data: unknown }>) =>
          bus.publish(messages.map(({ userId, event, data }) => ({ channel: userChannelName(userId), event, data }))),
      },
    };
    const input = {
      message: '<p>A new update has been published: <strong>Quarterly news</strong></p>',
      icon: 'update_reports' as const,
      cta: '/investor/news',
    };

    /** Runs `send` and answers each awaited screen's wait in ms, from the start to its notification, sorted. */
    async function timed(waitFor: number[], send: () => Promise<unknown>): Promise<number[]> {
      arrived = new Map();
      const started = performance.now();
      await send();
      while (waitFor.some((id) => !arrived.has(id))) {
        if (performance.now() - started > 120_000)
          throw new Error(`${waitFor.filter((id) => !arrived.has(id)).length} screens got nothing`);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return waitFor.map((id) => arrived.get(id)! - started).sort((a, b) => a - b);
    }

    const ids = server.investorIds;
    const rounds: Array<{ batched: number[]; oneByOne: number[] }> = [];
    // Interleaved, so the shared machine's load falls on both alike.
    for (let round = 0; round < ROUNDS; round++) {
      const batched = await timed(ids, () => notifyUsers(deps, ids, input));
      // As before batching: one INSERT and one NOTIFY per recipient, in turn.
      const oneByOne = await timed(ids, async () => {
        for (const id of ids) await notifyUsers(deps, [id], input);
      });
      rounds.push({ batched, oneByOne });
    }
    const alone: number[] = [];
    for (let run = 0; run < ALONE_RUNS; run++) alone.push(...(await timed([ids[0]], () => notifyUser(deps, ids[0], input))));
    alone.sort((a, b) => a - b);
    await bus.close();
    await database.close();

    console.log(
      `\n## Realtime fan-out: ${sockets.length.toLocaleString('en-GB')} investors' screens open, PostgreSQL LISTEN/NOTIFY, ${ROUNDS} rounds interleaved`,
    );
    for (const [i, { batched, oneByOne }] of rounds.entries()) {
      const ours = percentile(batched, 0.95);
      const before = percentile(oneByOne, 0.95);
      console.log(
        `round ${i + 1}: one notification each to 1,000 screens — batched p50 ${percentile(batched, 0.5).toFixed(0)} ms, p95 ${ours.toFixed(0)} ms; one by one (as before) p50 ${percentile(oneByOne, 0.5).toFixed(0)} ms, p95 ${before.toFixed(0)} ms — ${(before / ours).toFixed(1)}× lower (issue figure before: p95 ${BEFORE.thousandP95} ms; target ≤ 200 ms)`,
      );
    }
    console.log(
      `one notification alone (${ALONE_RUNS} runs, call to screen): p50 ${percentile(alone, 0.5).toFixed(1)} ms, p95 ${percentile(alone, 0.95).toFixed(1)} ms (issue figure before: ~${BEFORE.aloneMs} ms)`,
    );
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
  }
}
