import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Requests the app sends to addresses people typed in (webhooks): by default only to the public
 * internet. Loopback, private networks, link-local (cloud metadata services), shared address space
 * and multicast are refused, whether the address is written in the URL or a name resolves to it —
 * and the check is made on the address the connection actually uses, so a name that resolves
 * differently a second time (DNS rebinding) gains nothing.
 */
const NOT_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv6');

/** Whether an IP address is on the public internet; anything that is not an address is not. */
export function isPublicAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) is judged as the IPv4 one.
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return isPublicAddress(dotted[1]);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [high, low] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)];
    return isPublicAddress([high >> 8, high & 255, low >> 8, low & 255].join('.'));
  }
  const family = net.isIP(address);
  return family !== 0 && !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The refusal of an address that is not public. */
export class NotPublicAddressError extends Error {
  constructor(readonly address: string) {
    super(`${address} is not a public internet address`);
  }
}

/** dns.lookup, refusing a name when any of its addresses is not public. */
const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new NotPublicAddressError(refused.address), '', 0);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

/**
 * POSTs a body and answers the status code, reading nothing of the answer. Redirects are not
 * followed; the whole exchange must end within `timeoutMs`.
 */
export function postOut(
  url: string,
  input: { headers: Record<string, string>; body: string; timeoutMs: number; privateAddresses: boolean },
): Promise<number> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!input.privateAddresses && net.isIP(host) && !isPublicAddress(host)) return Promise.reject(new NotPublicAddressError(host));
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...input.headers, 'content-length': Buffer.byteLength(input.body) },
        signal: AbortSignal.timeout(input.timeoutMs),
        ...(input.privateAddresses ? {} : { lookup: publicLookup }),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(input.body);
  });
}
