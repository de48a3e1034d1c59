export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The local Xero the journeys' server is connected to (support/serve.ts), beside the app's port. */
export const E2E_XERO_PORT = E2E_PORT + 1000;

const admin = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
export const E2E_ADMIN_DATABASE_URL = admin.toString();
/** Its own database per port, so two journey runs on one machine never share or drop each other's. */
export const E2E_DATABASE_NAME = E2E_PORT === 3199 ? 'platform_e2e' : `platform_e2e_${E2E_PORT}`;
admin.pathname = `/${E2E_DATABASE_NAME}`;
export const E2E_DATABASE_URL = admin.toString();

export const DEMO_PASSWORD = 'demo-password-2026';
