import { hmac256Hex, safeEqual } from './signing';

/** Channel of one user's private notifications. */
export const userChannelName = (userId: number) => `private-user.${userId}`;

export function parseUserChannel(name: string): number | null {
  const match = /^private-user\.(\d{1,12})$/.exec(name);
  return match ? Number(match[1]) : null;
}

export const isValidSocketId = (socketId: string) => /^\d{1,20}\.\d{1,20}$/.test(socketId);

/** The `auth` value of a private-channel subscription, as the Pusher protocol defines it. */
export function signChannelAuth(appKey: string, appSecret: string, socketId: string, channelName: string): string {
  return `${appKey}:${hmac256Hex(appSecret, `${socketId}:${channelName}`)}`;
}

export function verifyChannelAuth(appKey: string, appSecret: string, socketId: string, channelName: string, auth: unknown): boolean {
  return typeof auth === 'string' && safeEqual(auth, signChannelAuth(appKey, appSecret, socketId, channelName));
}
