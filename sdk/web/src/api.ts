import { isApiErrorBody, type AuthResponse } from '@atende/core-contract';
import { $token, sessionEnded, tokenRefreshed, userUpdated } from './session.model.js';

/** An API answer that was not 2xx; `code` is the server's ERR_* code when it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Options of one `api` call: query, body, abort signal, answer type (JSON or Blob). */
export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the refresh-and-retry dance (used by the auth calls themselves). */
  noRefresh?: boolean;
  /** 'blob' answers the body as a Blob (media behind the bearer token, e.g. /media/{name}). */
  responseType?: 'json' | 'blob';
}

const BASE = '/api';
let refreshing: Promise<boolean> | null = null;

async function doRefresh(): Promise<boolean> {
  try {
    const res = await fetch(`${BASE}/auth/refresh_token`, { method: 'POST', credentials: 'same-origin' });
    if (!res.ok) return false;
    const data = (await res.json()) as AuthResponse;
    tokenRefreshed(data.token);
    userUpdated(data.user);
    return true;
  } catch {
    return false;
  }
}

/** One refresh at a time: concurrent 403s wait for the same refresh, then retry once each (core-operations §4). */
export function refreshSession(): Promise<boolean> {
  // Waiters hold this promise; once settled the next expiry starts a new refresh.
  refreshing ??= doRefresh().finally(() => (refreshing = null));
  return refreshing;
}

function url(path: string, query?: RequestOptions['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `${BASE}${path}${s ? `?${s}` : ''}`;
}

const authHeaders = (token: string | null): Record<string, string> => (token ? { Accept: 'application/json', Authorization: `Bearer ${token}` } : { Accept: 'application/json' });

/** How long a started GET waits to be taken (a first view takes it within a second or two). */
export const PREFETCH_TTL_MS = 10_000;
/** GETs started before anyone asked, by URL: taken once by the same GET with the same token. */
const early = new Map<string, { token: string | null; answer: Promise<Response>; until: number }>();

/**
 * A GET the page's boot script (the shell's `boot.js`) started before this code ran: `{ url, token, answer }`
 * on `globalThis.__atendeEarly`. Taken like a `prefetch`.
 */
interface EarlyGet {
  url: string;
  token: string | null;
  answer: Promise<Response>;
  /** When it was asked for (Date.now()). */
  at?: number;
}
for (const e of ((globalThis as { __atendeEarly?: EarlyGet[] }).__atendeEarly ?? []).splice(0)) {
  early.set(e.url, { token: e.token, answer: e.answer, until: (e.at ?? Date.now()) + PREFETCH_TTL_MS });
}
// Answers asked for with a token that is gone are nobody's: dropped at once.
sessionEnded.watch(() => early.clear());
tokenRefreshed.watch(() => early.clear());

/**
 * Starts `GET /api{path}?{query}` now, so that a screen's first request is on its way while its code
 * downloads or renders (first views, issues 32 and 37): the first `api.get`/`call` of the same URL with the
 * same token within PREFETCH_TTL_MS takes this answer instead of asking again (errors and the session's
 * refresh are handled there, as for any request). Nothing happens if the same GET is already waiting.
 */
export function prefetch(path: string, query?: RequestOptions['query']): void {
  const target = url(path, query);
  const token = $token.getState();
  const waiting = early.get(target);
  if (waiting && waiting.token === token && waiting.until > Date.now()) return;
  const answer = fetch(target, { method: 'GET', headers: authHeaders(token), credentials: 'same-origin' });
  // Never taken (the screen changed its mind): its failure is nobody's error.
  answer.catch(() => undefined);
  early.set(target, { token, answer, until: Date.now() + PREFETCH_TTL_MS });
}

/** The started GET of this URL and token, once; none when it is too old or made with another token. */
function takeEarly(target: string, token: string | null): Promise<Response> | undefined {
  const e = early.get(target);
  if (!e) return undefined;
  early.delete(target);
  return e.token === token && e.until > Date.now() ? e.answer : undefined;
}

/** A started answer, given up on (as fetch would) when the caller's signal aborts first. */
function untilAborted(answer: Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function send<T>(method: string, path: string, opts: RequestOptions = {}, retried = false): Promise<T> {
  const token = $token.getState();
  const headers = authHeaders(token);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const target = url(path, opts.query);
  const started = method === 'GET' && !retried ? takeEarly(target, token) : undefined;
  const res = await (started ? untilAborted(started, opts.signal) : fetch(target, { method, headers, body, signal: opts.signal, credentials: 'same-origin' }));
  if (res.status === 204) return undefined as T;
  if (res.ok && opts.responseType === 'blob') return (await res.blob()) as T;
  const data: unknown = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
  if (res.ok) return data as T;

  const code = isApiErrorBody(data) ? data.error : null;
  const message = isApiErrorBody(data) ? data.message : typeof data === 'string' && data ? data : res.statusText;
  if (!opts.noRefresh && !retried && res.status === 403 && code === 'ERR_SESSION_EXPIRED') {
    if (await refreshSession()) return send<T>(method, path, opts, true);
    sessionEnded();
  } else if (!opts.noRefresh && res.status === 401) {
    sessionEnded();
  }
  throw new ApiError(res.status, code, message, isApiErrorBody(data) ? data.details : undefined);
}

/** The HTTP client of the kernel's API (`/api` prefix, bearer token, one refresh on 401, `ApiError` on failure). Prefer `call(ENDPOINT)`. */
export const api = {
  get: <T>(path: string, opts?: RequestOptions) => send<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => send<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => send<T>('PUT', path, { ...opts, body }),
  delete: <T = void>(path: string, opts?: RequestOptions) => send<T>('DELETE', path, opts),
};
/** The type of `api`. */
export type ApiClient = typeof api;
