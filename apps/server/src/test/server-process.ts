import { spawn } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');

/**
 * The real server as production runs it (`node --import tsx main.ts`) in a process of its own, on a
 * test database: what happens to that process — an unhandled 'error' event, an exit code — is what
 * these tests observe, without risking the test worker.
 */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      DATA_DIR: `/tmp/platform-test-${process.pid}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const origin = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve(listening[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(({ code }) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });

  return {
    origin,
    exited,
    /** Everything the process printed, for a failing assertion to show. */
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    signal: (name: NodeJS.Signals) => child.kill(name),
    fetch: (url: string, init?: RequestInit) => fetch(`${origin}${url}`, init),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

/**
 * A signed-in browser over HTTP: keeps the cookies and echoes the XSRF cookie in the header on
 * state-changing requests, as the web app does.
 */
export async function httpSession(server: ServerProcess, email: string, password: string) {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
  };
  const request = async (method: string, url: string, body?: unknown) => {
    if (method !== 'GET' && !jar.has('XSRF-TOKEN')) remember(await server.fetch('/sanctum/csrf-cookie'));
    const headers: Record<string, string> = { accept: 'application/json', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
    // A form (an upload) goes as multipart, its boundary set by fetch; anything else as JSON.
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const response = await server.fetch(url, { method, headers, body: form || body === undefined ? body : JSON.stringify(body) });
    remember(response);
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, body: bytes.toString() || null, bytes };
  };
  const login = await request('POST', '/login', { email, password });
  if (login.status !== 200) throw new Error(`login failed for ${email}: ${login.status} ${login.body}`);
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, body?: unknown) => request('POST', url, body),
    patch: (url: string, body?: unknown) => request('PATCH', url, body),
  };
}

/**
 * Ends the server processes of a database — what a failover or a restart does to the app — except
 * the caller's own and those in `except`; `midTransaction` ends only those inside a transaction that
 * has written something. Answers how many it ended.
 */
export async function terminateBackends(
  admin: pg.Client,
  database: string,
  { midTransaction = false, except = [] as number[] } = {},
): Promise<number> {
  const { rows } = await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
      where datname = $1 and pid <> pg_backend_pid() and not (pid = any($2::int[])) and (not $3 or backend_xid is not null)`,
    [database, except, midTransaction],
  );
  return rows.length;
}
