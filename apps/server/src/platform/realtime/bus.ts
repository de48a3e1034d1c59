import { EventEmitter } from 'node:events';
import pg from 'pg';
import { connectionOptions, handleConnectionErrors } from '../../db/client';

export interface RealtimeMessage {
  channel: string;
  event: string;
  data: unknown;
}

/** Carries messages to every app instance; each instance delivers them to its own sockets. */
export interface RealtimeBus {
  /** Any number of messages at once (a thousand investors' notifications): one round trip on PostgreSQL. */
  publish(messages: readonly RealtimeMessage[]): Promise<void>;
  subscribe(handler: (message: RealtimeMessage) => void): () => void;
  close(): Promise<void>;
}

/** One process (the embedded database): an in-memory emitter is the whole bus. */
export function createInProcessBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(messages) {
      for (const message of messages) emitter.emit('message', message);
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
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more: a batch is split into payloads below it. */
export const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;
/** A NOTIFY is instant; one that does not come back means the server went silent. */
const PUBLISH_TIMEOUT_MS = 5000;

/**
 * Messages packed, in order, into JSON arrays each below the NOTIFY payload limit. Each payload
 * holds different messages, so PostgreSQL's folding of identical payloads in one transaction
 * never drops one.
 */
export function packPayloads(messages: readonly RealtimeMessage[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = 2;
  for (const message of messages) {
    const text = JSON.stringify(message);
    const size = Buffer.byteLength(text);
    if (size + 2 > MAX_PAYLOAD) throw new Error(`realtime message too large for NOTIFY (${size} bytes)`);
    if (batch.length && bytes + size + 1 > MAX_PAYLOAD) {
      payloads.push(`[${batch.join(',')}]`);
      batch = [];
      bytes = 2;
    }
    batch.push(text);
    bytes += size + (batch.length > 1 ? 1 : 0);
  }
  if (batch.length) payloads.push(`[${batch.join(',')}]`);
  return payloads;
}

/**
 * Fan-out between instances through PostgreSQL LISTEN/NOTIFY: publishing sends the messages packed
 * into as few NOTIFYs as fit, in one statement, and every instance's listening connection hands
 * them to its sockets (including the publisher's own).
 */
export function createPostgresBus(
  connectionString: string,
  log?: { warn(obj: object, msg: string): void },
): RealtimeBus & { ready(): Promise<void> } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const publisher = handleConnectionErrors(
    new pg.Pool({ ...connectionOptions(connectionString), max: 2, query_timeout: PUBLISH_TIMEOUT_MS }),
  );
  let listener: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let closed = false;

  // One listening client at a time: a new one is made only once the previous one is lost, and a
  // loss schedules at most one attempt, so a reconnect never doubles the deliveries.
  const listen = async (): Promise<void> => {
    const client = new pg.Client(connectionOptions(connectionString));
    let lost = false;
    const lose = (err: unknown) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      if (closed) return;
      log?.warn({ err }, 'realtime listener lost its connection; reconnecting');
      scheduleReconnect();
    };
    client.on('error', lose);
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        for (const message of JSON.parse(msg.payload) as RealtimeMessage[]) emitter.emit('message', message);
      } catch {
        // A malformed payload cannot come from this code; ignore rather than crash the instance.
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      lose(error);
      throw error;
    }
    if (closed) await client.end();
    else listener = client;
  };

  // Keeps trying while the database is unreachable; messages published meanwhile are lost,
  // which is acceptable: notifications stay in the database and the panel reloads them.
  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      listen().catch(() => undefined);
    }, RECONNECT_MS);
    reconnectTimer.unref();
  };

  const ready = listen();
  ready.catch((err) => log?.warn({ err }, 'realtime listener could not connect'));

  return {
    async publish(messages) {
      const payloads = packPayloads(messages);
      if (!payloads.length) return;
      // One statement, so one transaction: the payloads arrive together and in order.
      await publisher.query('select pg_notify($1, payload) from unnest($2::text[]) with ordinality as p(payload, n) order by n', [
        CHANNEL,
        payloads,
      ]);
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await ready.catch(() => undefined);
      emitter.removeAllListeners();
      // The LISTEN connection goes first, then the pool.
      await listener?.end().catch(() => undefined);
      await publisher.end();
    },
    /** Resolves once the listening connection is up (tests and start-up wait on it). */
    ready: () => ready,
  };
}
