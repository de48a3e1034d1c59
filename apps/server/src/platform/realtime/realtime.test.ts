import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { Role } from '@platform/domain';
import { type agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { testDatabaseKind } from '../../test/databases';
import { notifyUser } from '../../shared/notifications';
import { buildApp } from '../../app';
import { openPostgres } from '../../db/client';

/**
 * Realtime end to end: the real pusher-js client against the app listening on a port, authorised
 * through the real /api/broadcasting/auth route with the user's session.
 */
let t: TestApp;
let port: number;

async function listen(app: TestApp['app']) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

function connect(appPort: number, client: ReturnType<typeof agent>, key = 'platform-key') {
  const pusher = new Pusher(key, {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: appPort,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: '/api/broadcasting/auth',
      transport: 'ajax',
      customHandler: async ({ socketId, channelName }, callback) => {
        const response = await client.post('/api/broadcasting/auth', { socket_id: socketId, channel_name: channelName });
        if (response.statusCode === 200) callback(null, response.json());
        else callback(new Error(`auth refused: ${response.statusCode}`), null);
      },
    },
  });
  return pusher;
}

function subscribe(pusher: Pusher, channelName: string) {
  const channel = pusher.subscribe(channelName);
  const result = new Promise<'ok' | 'error'>((resolve) => {
    channel.bind('pusher:subscription_succeeded', () => resolve('ok'));
    channel.bind('pusher:subscription_error', () => resolve('error'));
  });
  return { channel, result };
}

const nextEvent = <T>(channel: ReturnType<Pusher['subscribe']>, event: string) => new Promise<T>((resolve) => channel.bind(event, resolve));

function rawSocket(appPort: number, key = 'platform-key') {
  const socket = new WebSocket(`ws://127.0.0.1:${appPort}/app/${key}?protocol=7&client=js&version=8.0.0`);
  const frames: Array<{ event: string; data: string; channel?: string }> = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()));
    for (const w of waiters.splice(0)) w();
  });
  const next = async (event: string) => {
    for (;;) {
      const found = frames.find((f) => f.event === event);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { socket, frames, next };
}

beforeAll(async () => {
  t = await createTestApp();
  port = await listen(t.app);
});
afterAll(() => t.close());

describe('realtime notifications', () => {
  it('delivers a new notification on the user’s own private channel', async () => {
    const me = await signedIn(t, Role.User);
    const pusher = connect(port, me.client);
    try {
      const { channel, result } = subscribe(pusher, `private-user.${me.user.id}`);
      expect(await result).toBe('ok');
      const arriving = nextEvent<{ id: string; data: { message: string } }>(channel, 'notification.created');
      const sent = await notifyUser(t.ctx, me.user.id, { message: '<p>Live!</p>', icon: 'update_reports', cta: '/investor/news' });
      const received = await arriving;
      expect(received.id).toBe(sent.id);
      expect(received.data.message).toBe('<p>Live!</p>');
    } finally {
      pusher.disconnect();
    }
  });

  it('refuses another user’s channel at the auth route, and nothing of theirs arrives', async () => {
    const me = await signedIn(t, Role.User);
    const other = await signedIn(t, Role.User);
    const pusher = connect(port, me.client);
    try {
      const { channel, result } = subscribe(pusher, `private-user.${other.user.id}`);
      expect(await result).toBe('error');
      let leaked = false;
      channel.bind('notification.created', () => (leaked = true));
      await notifyUser(t.ctx, other.user.id, { message: '<p>secret</p>', icon: 'update_reports' });
      await new Promise((r) => setTimeout(r, 200));
      expect(leaked).toBe(false);
    } finally {
      pusher.disconnect();
    }
  });

  it('refuses a forged signature sent straight to the socket', async () => {
    const victim = await signedIn(t, Role.User);
    const { socket, next } = rawSocket(port);
    try {
      await next('pusher:connection_established');
      const channel = `private-user.${victim.user.id}`;
      socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: `platform-key:${'0'.repeat(64)}` } }));
      const refused = await next('pusher:subscription_error');
      expect(refused.channel).toBe(channel);
      socket.send('not json at all');
      await next('pusher:error');
      socket.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
      await next('pusher:pong');
    } finally {
      socket.close();
    }
  });

  it('turns away a socket with the wrong app key', async () => {
    const { next, socket } = rawSocket(port, 'wrong-key');
    const error = await next('pusher:error');
    expect(JSON.parse(error.data as unknown as string).code).toBe(4001);
    await new Promise((resolve) => socket.once('close', resolve));
  });
});

if (testDatabaseKind() === 'postgres') {
  describe('fan-out between app instances (PostgreSQL LISTEN/NOTIFY)', () => {
    it('delivers a notification created on one instance to a socket held by another', async () => {
      // A second instance on the same database: shared data, nothing else shared.
      const database = openPostgres(t.ctx.config.databaseUrl!, 2);
      const instanceB = await buildApp({ config: t.ctx.config, database, logger: false });
      const portB = await listen(instanceB.app);
      const me = await signedIn(t, Role.User);
      const pusher = connect(portB, me.client);
      try {
        const { channel, result } = subscribe(pusher, `private-user.${me.user.id}`);
        expect(await result).toBe('ok');
        await (instanceB.ctx.realtime.bus as unknown as { ready(): Promise<void> }).ready();
        const arriving = nextEvent<{ data: { message: string } }>(channel, 'notification.created');
        await notifyUser(t.ctx, me.user.id, { message: '<p>from instance A</p>', icon: 'update_reports' });
        expect((await arriving).data.message).toBe('<p>from instance A</p>');
      } finally {
        pusher.disconnect();
        await instanceB.app.close();
        await database.close();
      }
    });
  });
}
