import { compactPayload, FORM_FALLBACK_ERROR, type PageLinks, type PageMeta, REQUEST_TIMEOUT_MS } from '@platform/domain';

/**
 * The one way the web talks to the server (spec §5, §8): cookies + XSRF header, a 5000 ms timeout
 * with no retry, 401 → /api/logout, errors as ApiError with the server's field messages.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]> | string,
    /** A 403 that asks for a step first: its name and when a wait ends (server decision 0028). */
    readonly step?: { code?: string; available_at?: string },
  ) {
    super(message);
  }
  /** No response at all: the server is down or too slow. */
  get isTimeout() {
    return this.status === 0;
  }
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function readXsrfToken(): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${XSRF_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(XSRF_COOKIE.length + 1)) : null;
}

async function ensureXsrf(): Promise<string | null> {
  if (!readXsrfToken()) await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
  return readXsrfToken();
}

export interface RequestOptions {
  method?: string;
  body?: Record<string, unknown> | FormData;
  query?: Record<string, string | number | undefined>;
  /** The current-user fetch handles 401 itself (it means "logged out"), everything else logs out. */
  on401?: 'logout' | 'reject';
  signal?: AbortSignal;
  /** Longer than the usual 5000 ms, for the few reports that sum a whole book on the server. */
  timeoutMs?: number;
  /** Money-moving requests: the server answers a repeat with this key as it answered the first (decision 0019). */
  idempotencyKey?: string;
}

/**
 * A random UUID (v4) to name one submission. Not `crypto.randomUUID()`: browsers offer that only
 * on https or localhost, and an intranet deployment may be served over plain http.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (STATE_CHANGING.has(method)) {
    const token = await ensureXsrf();
    if (token) headers['X-XSRF-TOKEN'] = token;
  }
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(compactPayload(options.body));
  }
  const query = options.query
    ? `?${new URLSearchParams(Object.entries(options.query).filter(([, v]) => v !== undefined && v !== '') as [string, string][])}`
    : '';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort());
  let response: Response;
  try {
    response = await fetch(`${path}${query}`, { method, headers, body, credentials: 'include', signal: controller.signal });
  } catch {
    throw new ApiError(0, 'The request failed: timeout or no response from the server.');
  } finally {
    clearTimeout(timer);
  }

  if (response.status === 401 && options.on401 !== 'reject') {
    window.location.assign('/api/logout');
    throw new ApiError(401, 'Unauthenticated.');
  }
  if (response.status === 204) return undefined as T;
  const payload = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(response.status, payload?.message ?? FORM_FALLBACK_ERROR, payload?.errors, {
      code: payload?.code,
      available_at: payload?.available_at,
    });
  }
  return payload as T;
}

/** A page of a list as `pageOf` answers it; the web reads only `links.next`, for keyset paging (`use-list-query.ts`). */
export interface Page<T> {
  data: T[];
  meta: PageMeta;
  links: PageLinks;
}
