import net from 'node:net';
import path from 'node:path';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './db/client';

/** Runtime configuration, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where the seeded embedded database is kept for the next new data directory (db/demo-snapshot.ts). */
  demoSnapshotDir: string;
  /** PostgreSQL server; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl?: string;
  /** Seed demo data: always on the embedded database's first start, opt-in on a server. */
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  appUrl: string;
  /** Secret for signing tokens; generated and kept in the database when not given. */
  appKey?: string;
  secureCookies: boolean;
  pusherKey: string;
  logLevel: string;
  webDist: string;
  /** Sign-in tries a minute per address and e-mail before answering 429. */
  loginAttemptsPerMinute: number;
  /**
   * Which proxies may tell the client's address through X-Forwarded-For (Fastify's trustProxy):
   * none, a hop count, or the proxies' addresses and ranges. Every per-address limit depends on it.
   */
  trustProxy: false | number | string[];
  /** Card payments through Stripe Checkout; off unless both keys are set. */
  stripe?: StripeConfig;
  /** The Xero accounting integration; off unless client id and secret are set (decision 0059). */
  xero?: XeroConfig;
  /** Uploaded files in an S3-compatible bucket when S3_BUCKET is set; under dataDir otherwise (decision 0065). */
  s3?: S3Config;
  /**
   * Whether webhooks may be sent to loopback, private-network and link-local addresses
   * (WEBHOOK_PRIVATE_ADDRESSES=allow). Off by default, so a trigger cannot reach the app's own network.
   */
  webhooksToPrivateAddresses: boolean;
  /** A statement running longer on PostgreSQL is cancelled and its request answers 503. */
  databaseStatementTimeoutMs: number;
  /** On SIGTERM, how long running requests may take to finish before their connections are cut. */
  shutdownTimeoutMs: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (stripe-mock, a proxy); Stripe's own when absent. */
  apiUrl?: string;
}

export interface S3Config {
  bucket: string;
  /** An S3-compatible server (MinIO, R2…); AWS S3 itself when absent. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's own chain (an instance role, AWS_* variables) signs. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name, as MinIO and most self-hosted servers need. */
  forcePathStyle: boolean;
}

export interface XeroConfig {
  clientId: string;
  clientSecret: string;
  /** Where staff sign in (Xero's login.xero.com), its token and revocation service (identity.xero.com) and its API (api.xero.com). */
  loginUrl: string;
  identityUrl: string;
  apiUrl: string;
  scopes: string;
  /** The sales account invoice lines are coded to, and the bank account payments are received into. */
  salesAccountCode: string;
  bankAccountCode: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const databaseUrl = env.DATABASE_URL || undefined;
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    demoSnapshotDir: path.resolve(env.DEMO_SNAPSHOT_DIR ?? path.join(import.meta.dirname, '../../../node_modules/.cache/demo-snapshot')),
    databaseUrl,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' || env.SEED_DEMO === 'true' : !databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Investor Platform <no-reply@localhost>',
    appUrl,
    appKey: env.APP_KEY || undefined,
    secureCookies: appUrl.startsWith('https://'),
    pusherKey: env.PUSHER_APP_KEY ?? 'platform-key',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    loginAttemptsPerMinute: positiveInteger(env.LOGIN_ATTEMPTS_PER_MINUTE, 10),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL || undefined }
        : undefined,
    xero:
      env.XERO_CLIENT_ID && env.XERO_CLIENT_SECRET
        ? {
            clientId: env.XERO_CLIENT_ID,
            clientSecret: env.XERO_CLIENT_SECRET,
            loginUrl: baseUrl(env.XERO_LOGIN_URL, 'https://login.xero.com'),
            identityUrl: baseUrl(env.XERO_IDENTITY_URL, 'https://identity.xero.com'),
            apiUrl: baseUrl(env.XERO_API_URL, 'https://api.xero.com'),
            scopes: env.XERO_SCOPES || 'offline_access accounting.contacts accounting.invoices accounting.payments',
            salesAccountCode: env.XERO_SALES_ACCOUNT_CODE || '200',
            bankAccountCode: env.XERO_BANK_ACCOUNT_CODE || '090',
          }
        : undefined,
    s3: parseS3(env),
    webhooksToPrivateAddresses: env.WEBHOOK_PRIVATE_ADDRESSES === 'allow',
    databaseStatementTimeoutMs: positiveInteger(env.DATABASE_STATEMENT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS),
    shutdownTimeoutMs: positiveInteger(env.SHUTDOWN_TIMEOUT_MS, 25_000),
  };
}

const baseUrl = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/$/, '');

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/**
 * The S3_* settings, or none when S3_BUCKET is unset. Like TRUST_PROXY, a setting that cannot be
 * read stops the start: files silently kept on one instance's disk would be missing on the others.
 * The messages name settings, never the secret's value.
 */
export function parseS3(env: NodeJS.ProcessEnv): S3Config | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    const stray = S3_SETTINGS.filter((name) => value(name));
    if (stray.length)
      throw new Error(
        `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: set the bucket too, or unset them.`,
      );
    return undefined;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(`S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, '.' and '-'); cannot read '${bucket}'.`);
  const endpoint = value('S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint))
    throw new Error(
      `S3_ENDPOINT must be the server's http(s) address without a path (e.g. https://minio.internal:9000); cannot read '${endpoint}'.`,
    );
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey)
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's own credentials.");
  const pathStyle = value('S3_FORCE_PATH_STYLE')?.toLowerCase();
  if (pathStyle !== undefined && !['true', '1', 'false', '0'].includes(pathStyle))
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false; cannot read '${pathStyle}'.`);
  return {
    bucket,
    endpoint: endpoint?.replace(/\/$/, ''),
    region: value('S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === undefined ? Boolean(endpoint) : pathStyle === 'true' || pathStyle === '1',
  };
}

/** Names proxy-addr (behind Fastify's trustProxy) knows for the private and loopback ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off unless set, because trusting X-Forwarded-For from anyone lets every client pick
 * the address the rate limits count against. A typo must not silently fall back to either extreme,
 * so an unreadable value stops the start.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || /^(false|off)$/i.test(text)) return false;
  if (/^\d+$/.test(text)) return Number(text) || false;
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length) {
    throw new Error(
      `TRUST_PROXY must be off, a hop count (e.g. 1) or a comma-separated list of proxy addresses or ranges (e.g. 10.0.0.0/8,192.168.1.5); cannot read ${invalid.map((entry) => `'${entry}'`).join(', ')}.`,
    );
  }
  return entries;
}

/** The hop count as Fastify applies it (its runtime takes a number, its types only a function). */
export function fastifyTrustProxy(trustProxy: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}
