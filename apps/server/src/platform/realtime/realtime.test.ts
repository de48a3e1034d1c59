import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher-js';
import { Role } from '@platform/domain';
import { type agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { testDatabaseKind } from '../../test/databases';
import { rawSocket } from '../../test/realtime';
import { notifyUser, notifyUsers } from '../../shared/notifications';
import { MAX_PAYLOAD, packPayloads } from './bus';
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

/** A signed-in user's screen: a raw socket on their own channel, authorised by the real auth route. */
async function openScreen(appPort: number, role = Role.User) {
  const me = await signedIn(t, role);
  const screen = rawSocket(appPort);
  const established = await screen.next('pusher:connection_established');
  const { socket_id } = JSON.parse(established.data) as { socket_id: string };
  const channel = `private-user.${me.user.id}`;
  const { auth } = (await me.client.post('/api/broadcasting/auth', { socket_id, channel_name: channel })).json();
  screen.socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
  await screen.next('pusher_internal:subscription_succeeded');
  const notifications = () =>
    screen.frames.filter((f) => f.event === 'notification.created').map((f) => ({ channel: f.channel, ...JSON.parse(f.data) }));
  return { userId: me.user.id, channel, screen, notifications };
}

/** Waits until every screen has had `count` notifications (the test times out otherwise). */
async function untilEach(screens: Array<Awaited<ReturnType<typeof openScreen>>>, count: number) {
  while (screens.some((s) => s.notifications().length < count)) await new Promise((resolve) => setTimeout(resolve, 20));
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

  it('fans one notification out to many users in one batch: each screen gets exactly its own', async () => {
    const screens = [];
    for (let i = 0; i < 12; i++) screens.push(await openScreen(port));
    const bystander = await openScreen(port);
    try {
      const stored = await notifyUsers(
        t.ctx,
        screens.map((s) => s.userId),
        { message: '<p>For the twelve</p>', icon: 'update_reports', cta: '/investor/news' },
      );
      expect(stored.map((s) => s.userId).sort()).toEqual(screens.map((s) => s.userId).sort());
      await untilEach(screens, 1);
      // The bystander's socket is open too: let anything misrouted reach it before looking.
      await notifyUser(t.ctx, bystander.userId, { message: '<p>Only yours</p>', icon: 'update_reports' });
      await untilEach([bystander], 1);
      for (const s of screens) {
        const mine = stored.find((row) => row.userId === s.userId)!.notification;
        expect(s.notifications()).toEqual([{ channel: s.channel, ...mine }]);
      }
      expect(bystander.notifications().map((n) => n.data.message)).toEqual(['<p>Only yours</p>']);
    } finally {
      for (const s of [...screens, bystander]) s.screen.socket.close();
    }
  });

  it('delivers a batch far larger than one NOTIFY payload, every notification once', async () => {
    const screens = [];
    for (let i = 0; i < 6; i++) screens.push(await openScreen(port));
    const message = `<p>${'A long announcement with every detail of the round. '.repeat(70)}</p>`;
    try {
      const sent = await notifyUsers(
        t.ctx,
        screens.map((s) => s.userId),
        { message, icon: 'update_reports' },
      );
      // Six notifications of about 3.7 KB each: one batch of nearly three times the 8,000-byte limit.
      expect(Buffer.byteLength(JSON.stringify(sent))).toBeGreaterThan(2.5 * MAX_PAYLOAD);
      await untilEach(screens, 1);
      for (const s of screens) {
        const mine = sent.find((row) => row.userId === s.userId)!.notification;
        expect(s.notifications()).toEqual([{ channel: s.channel, ...mine }]);
      }
    } finally {
      for (const s of screens) s.screen.socket.close();
    }
  });

  it('packs a batch into payloads below the NOTIFY limit, in order, and refuses a message too large alone', () => {
    const messages = Array.from({ length: 40 }, (_, i) => ({
      channel: `private-user.${i}`,
      event: 'notification.created',
      data: { n: i, pad: 'x'.repeat(900) },
    }));
    const payloads = packPayloads(messages);
    expect(payloads.length).toBeGreaterThan(4);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD);
    expect(payloads.flatMap((p) => JSON.parse(p))).toEqual(messages);
    expect(packPayloads([])).toEqual([]);
    expect(() => packPayloads([{ channel: 'private-user.1', event: 'e', data: 'x'.repeat(MAX_PAYLOAD) }])).toThrow(/too large/);
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
