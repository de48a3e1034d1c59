import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomInt } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RealtimeBus, RealtimeMessage } from './bus';
import { verifyChannelAuth } from './auth';

/**
 * The Pusher channels protocol (version 7) over WebSocket, served at /app/{key} on the API's own
 * HTTP server, so the standard pusher-js client works unchanged. Private channels need a
 * signature from /api/broadcasting/auth; presence channels and client events are not offered.
 */
const ACTIVITY_TIMEOUT_S = 120;
const HEARTBEAT_MS = 30_000;
const MAX_MESSAGE_BYTES = 10 * 1024;
const MAX_CHANNELS_PER_SOCKET = 100;

interface Connection {
  socket: WebSocket;
  socketId: string;
  channels: Set<string>;
  alive: boolean;
}

export interface PusherServerOptions {
  appKey: string;
  appSecret: string;
  bus: RealtimeBus;
  logger?: { warn(obj: object, msg: string): void };
}

const frame = (event: string, data: unknown, channel?: string) =>
  JSON.stringify({ event, ...(channel ? { channel } : {}), data: typeof data === 'string' ? data : JSON.stringify(data) });

export function attachPusherServer(httpServer: Server, { appKey, appSecret, bus }: PusherServerOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const connections = new Set<Connection>();
  // Who listens on each channel, so a message costs a lookup, not a walk over every socket: a
  // thousand notifications to a thousand screens are a thousand lookups, not a million checks.
  const listeners = new Map<string, Set<Connection>>();
  const leave = (connection: Connection, channel: string) => {
    connection.channels.delete(channel);
    const set = listeners.get(channel);
    set?.delete(connection);
    if (set?.size === 0) listeners.delete(channel);
  };
  const drop = (connection: Connection) => {
    for (const channel of connection.channels) leave(connection, channel);
    connections.delete(connection);
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const match = /^\/app\/([^/]+)$/.exec(pathname);
    if (!match) return; // not ours: another upgrade handler may want it
    wss.handleUpgrade(request, socket, head, (ws) => {
      if (decodeURIComponent(match[1]) !== appKey) {
        ws.send(frame('pusher:error', { code: 4001, message: `App key ${match[1]} not in this cluster` }));
        ws.close(4001, 'Unknown app key');
        return;
      }
      open(ws);
    });
  };
  httpServer.on('upgrade', onUpgrade);

  function open(socket: WebSocket) {
    const connection: Connection = {
      socket,
      socketId: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`,
      channels: new Set(),
      alive: true,
    };
    connections.add(connection);
    socket.send(frame('pusher:connection_established', { socket_id: connection.socketId, activity_timeout: ACTIVITY_TIMEOUT_S }));
    socket.on('pong', () => (connection.alive = true));
    socket.on('message', (raw) => handle(connection, raw.toString()));
    socket.on('close', () => drop(connection));
    socket.on('error', () => drop(connection));
  }

  function handle(connection: Connection, raw: string) {
    connection.alive = true;
    let message: { event?: unknown; data?: unknown };
    try {
      message = JSON.parse(raw);
    } catch {
      return connection.socket.send(frame('pusher:error', { code: null, message: 'Malformed message' }));
    }
    const data = (typeof message.data === 'string' ? safeParse(message.data) : message.data) as Record<string, unknown> | undefined;
    switch (message.event) {
      case 'pusher:ping':
        return connection.socket.send(frame('pusher:pong', {}));
      case 'pusher:subscribe':
        return subscribe(connection, data);
      case 'pusher:unsubscribe':
        if (typeof data?.channel === 'string') leave(connection, data.channel);
        return;
      default:
        if (typeof message.event === 'string' && message.event.startsWith('client-')) {
          return connection.socket.send(frame('pusher:error', { code: null, message: 'Client events are not enabled' }));
        }
    }
  }

  function subscribe(connection: Connection, data: Record<string, unknown> | undefined) {
    const channel = typeof data?.channel === 'string' ? data.channel : '';
    const refuse = (text: string) =>
      connection.socket.send(frame('pusher:subscription_error', { type: 'AuthError', error: text, status: 403 }, channel || undefined));
    if (!channel || channel.length > 200) return refuse('Invalid channel name');
    if (channel.startsWith('presence-')) return refuse('Presence channels are not available');
    if (channel.startsWith('private-') && !verifyChannelAuth(appKey, appSecret, connection.socketId, channel, data?.auth)) {
      return refuse('Invalid signature');
    }
    if (connection.channels.size >= MAX_CHANNELS_PER_SOCKET) return refuse('Too many channels');
    connection.channels.add(channel);
    if (!listeners.has(channel)) listeners.set(channel, new Set());
    listeners.get(channel)!.add(connection);
    connection.socket.send(frame('pusher_internal:subscription_succeeded', {}, channel));
  }

  const unsubscribeBus = bus.subscribe((message: RealtimeMessage) => {
    const listening = listeners.get(message.channel);
    if (!listening) return;
    const text = frame(message.event, message.data, message.channel);
    for (const connection of listening) connection.socket.send(text);
  });

  // Sockets that stop answering pings (a laptop lid closed) are dropped.
  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        drop(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    connectionCount: () => connections.size,
    async close() {
      clearInterval(heartbeat);
      unsubscribeBus();
      httpServer.off('upgrade', onUpgrade);
      for (const connection of connections) connection.socket.terminate();
      connections.clear();
      listeners.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
