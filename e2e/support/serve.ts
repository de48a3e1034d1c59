import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { startFakeStripe } from '../../apps/server/src/test/fake-stripe';
import { fakeXeroEnv, startFakeXero } from '../../apps/server/src/test/fake-xero';
import { E2E_ADMIN_DATABASE_URL, E2E_BASE_URL, E2E_DATABASE_NAME, E2E_XERO_PORT } from './env';

/**
 * Playwright's web server: recreates the journeys' database, then starts the app on it (the app
 * migrates and seeds the demo data itself, as in production with SEED_DEMO=1). Card payments are
 * on, against the local Stripe-compatible server: its checkout page's "Pay" sends the signed
 * notifications to the app (decision 0058). The app's Xero is a local one speaking Xero's API
 * (apps/server/src/test/fake-xero.ts), so staff can connect it (decision 0059).
 */
const client = new pg.Client({ connectionString: E2E_ADMIN_DATABASE_URL });
await client.connect();
await client.query(`drop database if exists ${E2E_DATABASE_NAME} with (force)`);
await client.query(`create database ${E2E_DATABASE_NAME}`);
await client.end();

const webhookSecret = 'whsec_e2e';
const stripe = await startFakeStripe({ webhook: { url: `${E2E_BASE_URL}/api/payments/stripe/webhook`, secret: webhookSecret } });
const xero = await startFakeXero(E2E_XERO_PORT);

const server = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../apps/server/src/main.ts')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
    ...fakeXeroEnv(xero),
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
