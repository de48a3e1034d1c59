import { EventEmitter } from 'node:events';
import pg from 'pg';

export interface RealtimeMessage {
  channel: string;
  event: string;
  data: unknown;
}

/** Carries messages to every app instance; each instance delivers them to its own sockets. */
export interface RealtimeBus {
  publish(message: RealtimeMessage): Promise<void>;
  subscribe(handler: (message: RealtimeMessage) => void): () => void;
  close(): Promise<void>;
}

/** One process (the embedded database): an in-memory emitter is the whole bus. */
export function createInProcessBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      emitter.emit('message', message);
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'realtime_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. Notifications are far smaller. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;

/**
 * Fan-out between instances through PostgreSQL LISTEN/NOTIFY: publishing sends a NOTIFY, and
 * every instance's listening connection hands it to its sockets (including the publisher's own).
 */
export function createPostgresBus(connectionString: string, log?: { warn(obj: object, msg: string): void }): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const publisher = new pg.Pool({ connectionString, max: 2 });
  publisher.on('error', (err) => log?.warn({ err }, 'realtime publisher lost a connection'));
  let listener: pg.Client | null = null;
  let closed = false;
  let connecting: Promise<void> | null = null;

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const client = new pg.Client({ connectionString });
      client.on('notification', (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        try {
          emitter.emit('message', JSON.parse(msg.payload) as RealtimeMessage);
        } catch {
          // A malformed payload cannot come from this code; ignore rather than crash the instance.
        }
      });
      client.on('error', (err) => {
        log?.warn({ err }, 'realtime listener lost its connection; reconnecting');
        listener = null;
        connecting = null;
        client.end().catch(() => undefined);
        retry();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
        listener = client;
      } catch (error) {
        connecting = null;
        client.end().catch(() => undefined);
        retry();
        throw error;
      }
    })());

  // Keeps trying while the database is unreachable; messages published meanwhile are lost,
  // which is acceptable: notifications stay in the database and the panel reloads them.
  const retry = () => {
    if (!closed) setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS).unref();
  };

  const ready = connect();
  ready.catch((err) => log?.warn({ err }, 'realtime listener could not connect'));

  return {
    async publish(message) {
      const payload = JSON.stringify(message);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`realtime message too large for NOTIFY (${Buffer.byteLength(payload)} bytes)`);
      await publisher.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async close() {
      closed = true;
      await ready.catch(() => undefined);
      emitter.removeAllListeners();
      // The LISTEN connection goes first, then the pool.
      await listener?.end().catch(() => undefined);
      await publisher.end();
    },
    /** Resolves once the listening connection is up (tests and start-up wait on it). */
    ready: () => ready,
  } as RealtimeBus & { ready(): Promise<void> };
}
