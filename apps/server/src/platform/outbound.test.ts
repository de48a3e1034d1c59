import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, NotPublicAddressError, postOut } from './outbound';

let receiver: http.Server;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push(body);
      response.statusCode = 202;
      response.end('ignored');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

const post = (url: string, privateAddresses: boolean, body = '{"n":1}') =>
  postOut(url, { headers: { 'content-type': 'application/json' }, body, timeoutMs: 5000, privateAddresses });

describe('requests to addresses people typed in', () => {
  it('tells public internet addresses from loopback, private, link-local, shared and mapped ones', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2a00:1450:4009:81f::200e', '172.32.0.1', '100.128.0.1'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses a loopback address written in the URL or reached through a name, and sends nothing', async () => {
    const before = received.length;
    await expect(post(`http://127.0.0.1:${port}/hooks`, false)).rejects.toBeInstanceOf(NotPublicAddressError);
    await expect(post(`http://[::1]:${port}/hooks`, false)).rejects.toBeInstanceOf(NotPublicAddressError);
    await expect(post(`http://localhost:${port}/hooks`, false)).rejects.toThrow(/is not a public internet address/);
    expect(received.length).toBe(before);
  });

  it('sends when private addresses are allowed, answering only the status code', async () => {
    expect(await post(`http://localhost:${port}/hooks`, true, '{"n":2}')).toBe(202);
    expect(received.at(-1)).toBe('{"n":2}');
  });
});
