import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/**
 * Starts `bench-server.ts` in its own process with the data set of `seedModule`; resolves once it
 * listens. BENCH_SERVER_FLAGS adds Node flags to that process, e.g. `--cpu-prof` for a profile of
 * the server alone.
 */
export async function startBenchServer<Info extends object>(
  kind: 'postgres' | 'pglite',
  seedModule?: string,
  env: Record<string, string> = {},
) {
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(import.meta.dirname, 'bench-server.ts')], {
    env: { ...process.env, BENCH_DB: kind, BENCH_SEED: seedModule ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    ...(JSON.parse(line) as { appPort: number; barePort: number } & Info),
    /** The server's process id, to read its memory from /proc. */
    pid: child.pid!,
    /** Stops the server and waits until it has dropped its database. */
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Session {
  cookie: string;
  xsrf: string;
}

/** Signs in as a browser does (XSRF cookie first); the cookie header and XSRF token for later requests. */
export async function signIn(base: string, email: string, password: string): Promise<Session> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const xsrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('XSRF-TOKEN='))!;
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: xsrfCookie,
      'x-xsrf-token': decodeURIComponent(xsrfCookie.slice('XSRF-TOKEN='.length)),
    },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login failed for ${email}: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN=')) ?? xsrfCookie;
  return {
    cookie: [...cookies.filter((c) => !c.startsWith('XSRF-TOKEN=')), xsrf].join('; '),
    xsrf: decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)),
  };
}

/** Demo accounts' password (README). */
export const DEMO_PASSWORD = 'demo-password-2026';
