import { afterEach, expect, it, vi } from 'vitest';
import { afterFirstPageWhenIdle, markFirstPageDrawn, whenIdle } from './link-prefetch';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('starts deferred work only once the first page is drawn and the browser is idle, and not at all once stopped', async () => {
  vi.useFakeTimers();
  // A browser without requestIdleCallback (Safari): the next idle moment is 200 ms on.
  vi.stubGlobal('window', {
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  });
  const stopPrefetch = vi.fn();
  const prefetch = vi.fn(() => stopPrefetch);
  const socket = vi.fn(() => () => undefined);
  const stop = afterFirstPageWhenIdle(prefetch);
  const cancelSocket = afterFirstPageWhenIdle(socket);

  await vi.advanceTimersByTimeAsync(10_000);
  expect(prefetch).not.toHaveBeenCalled();

  cancelSocket();
  markFirstPageDrawn();
  await vi.advanceTimersByTimeAsync(199);
  expect(prefetch).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(prefetch).toHaveBeenCalledOnce();
  expect(socket).not.toHaveBeenCalled();

  // Work asked for after the first page waits only for the next idle moment.
  const later = vi.fn(() => () => undefined);
  afterFirstPageWhenIdle(later);
  await vi.advanceTimersByTimeAsync(200);
  expect(later).toHaveBeenCalledOnce();

  stop();
  expect(stopPrefetch).toHaveBeenCalledOnce();
});

it('gives an idle callback a deadline only when asked: work that can wait never takes a busy moment', () => {
  const asked: Array<IdleRequestOptions | undefined> = [];
  vi.stubGlobal('window', {
    requestIdleCallback: (_run: () => void, options?: IdleRequestOptions) => asked.push(options),
    cancelIdleCallback: () => undefined,
  });
  whenIdle(() => undefined);
  whenIdle(() => undefined, 2000);
  expect(asked).toEqual([undefined, { timeout: 2000 }]);
});
