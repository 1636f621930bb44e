import { $token, ApiError, refreshSession, sessionEnded } from '@atende/sdk-web';

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''…` first (RFC 5987), then
 * `filename="…"` or a bare `filename=…`; null without one.
 */
export function fileNameOf(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* a malformed escape: fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name || null;
}

/**
 * GETs a file from the API with the session's token (one refresh on an expired session, like `api`)
 * and answers its bytes and the name the server gave it. The SDK's blob answers drop the headers, and
 * the export's name comes from Content-Disposition (§7).
 */
export async function fetchFile(path: string, retried = false): Promise<{ blob: Blob; name: string | null }> {
  const token = $token.getState();
  const res = await fetch(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  if (res.ok) return { blob: await res.blob(), name: fileNameOf(res.headers.get('content-disposition')) };
  const body = (res.headers.get('content-type')?.includes('json') ? await res.json().catch(() => null) : null) as { error?: string; message?: string; details?: unknown } | null;
  if (!retried && res.status === 403 && body?.error === 'ERR_SESSION_EXPIRED') {
    if (await refreshSession()) return fetchFile(path, true);
    sessionEnded();
  } else if (res.status === 401) sessionEnded();
  throw new ApiError(res.status, body?.error ?? null, body?.message ?? res.statusText, body?.details);
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
