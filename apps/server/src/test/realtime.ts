import WebSocket from 'ws';

/**
 * A bare Pusher-protocol socket on the app at `port` (as pusher-js opens one): every frame it
 * receives is kept, and `next` waits for the first of an event.
 */
export function rawSocket(port: number, key = 'platform-key') {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.0.0`);
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
