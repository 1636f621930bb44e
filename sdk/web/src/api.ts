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

async function send<T>(method: string, path: string, opts: RequestOptions = {}, retried = false): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = $token.getState();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(url(path, opts.query), { method, headers, body, signal: opts.signal, credentials: 'same-origin' });
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
