import { ApiError, refreshSession } from '../api.js';
import { $token, sessionEnded } from '../session.model.js';

/** Options of `uploadWithProgress`: method, progress callback and abort signal. */
export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** 0..1 as the body leaves the browser (the server's checks come after). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function once<T>(path: string, form: FormData, opts: UploadOptions): Promise<{ status: number; body: unknown; value?: T }> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', `/api${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = $token.getState();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onProgress?.(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        /* a text answer */
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'network_error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    const abort = () => xhr.abort();
    opts.signal?.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => opts.signal?.removeEventListener('abort', abort);
    xhr.send(form);
  });
}

const errorBody = (b: unknown) => (b && typeof b === 'object' ? (b as { error?: string; message?: string; details?: unknown }) : {});

/**
 * A multipart upload that reports its progress (fetch cannot): same base path, token and one
 * refresh-and-retry on an expired session as `api`, and the same `ApiError` on failure.
 */
export async function uploadWithProgress<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  let res = await once<T>(path, form, opts);
  if (res.status === 403 && errorBody(res.body).error === 'ERR_SESSION_EXPIRED') {
    if (!(await refreshSession())) {
      sessionEnded();
    } else {
      opts.onProgress?.(0);
      res = await once<T>(path, form, opts);
    }
  }
  if (res.status === 401) sessionEnded();
  if (res.status >= 200 && res.status < 300) {
    opts.onProgress?.(1);
    return res.body as T;
  }
  const e = errorBody(res.body);
  throw new ApiError(res.status, e.error ?? null, e.message ?? (typeof res.body === 'string' ? res.body : ''), e.details);
}
