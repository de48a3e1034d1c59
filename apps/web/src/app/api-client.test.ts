import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ApiError } from './api-client';

/** A server that answers after the delay the path names, e.g. /after/300, with the Idempotency-Key it was sent. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const delay = Number(request.url?.split('/').pop());
    const key = request.headers['idempotency-key'];
    setTimeout(
      () => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(key ? { ok: true, key } : { ok: true })),
      delay,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the API client timeout', () => {
  it('gives up on a request slower than its timeout, with no response', async () => {
    const error = await api(`${base}/after/400`, { timeoutMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isTimeout).toBe(true);
    expect((error as ApiError).message).toMatch(/timeout/);
  });

  it('waits as long as a report asks', async () => {
    await expect(api(`${base}/after/400`, { timeoutMs: 3000 })).resolves.toEqual({ ok: true });
  });
});

describe('the Idempotency-Key header', () => {
  it('carries the key a money request is given, and nothing for the others', async () => {
    await expect(api(`${base}/after/0`, { idempotencyKey: 'c0ffee00-0000-4000-8000-000000000000' })).resolves.toEqual({
      ok: true,
      key: 'c0ffee00-0000-4000-8000-000000000000',
    });
    await expect(api(`${base}/after/0`)).resolves.toEqual({ ok: true });
  });
});
