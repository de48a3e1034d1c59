import type { Server } from 'node:http';
import { createInProcessBus, createPostgresBus, type RealtimeBus } from './bus';
import { signChannelAuth, userChannelName } from './auth';
import { attachPusherServer } from './pusher-server';

export interface RealtimeOptions {
  appKey: string;
  appSecret: string;
  /** With a PostgreSQL server, messages fan out to every instance through LISTEN/NOTIFY. */
  databaseUrl?: string;
  logger?: { warn(obj: object, msg: string): void };
}

/** Realtime delivery: the bus between instances plus this instance's socket server. */
export function createRealtime({ appKey, appSecret, databaseUrl, logger }: RealtimeOptions) {
  const bus: RealtimeBus = databaseUrl ? createPostgresBus(databaseUrl, logger) : createInProcessBus();
  let server: ReturnType<typeof attachPusherServer> | null = null;

  return {
    bus,
    attach(httpServer: Server) {
      server ??= attachPusherServer(httpServer, { appKey, appSecret, bus, logger });
    },
    connectionCount: () => server?.connectionCount() ?? 0,
    publishToUser(userId: number, event: string, data: unknown) {
      return bus.publish([{ channel: userChannelName(userId), event, data }]);
    },
    /** Many users' messages in one publish: the batched path every fan-out takes. */
    publishToUsers(messages: ReadonlyArray<{ userId: number; event: string; data: unknown }>) {
      return bus.publish(messages.map(({ userId, event, data }) => ({ channel: userChannelName(userId), event, data })));
    },
    signChannelAuth(socketId: string, channelName: string) {
      return signChannelAuth(appKey, appSecret, socketId, channelName);
    },
    /** Closes every socket and stops accepting new ones; publishing still works until close(). */
    async disconnectSockets() {
      await server?.close();
      server = null;
    },
    async close() {
      await this.disconnectSockets();
      await bus.close();
    },
  };
}
