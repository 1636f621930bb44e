import { CALLBACK_MESSAGES as M, CALLBACK_SOURCE } from '@atende/plugin-google-sheets-contract';

/** What the callback popup posts to its opener (§7: source google-sheets-callback). */
export interface CallbackMessage {
  source: typeof CALLBACK_SOURCE;
  type: (typeof M)[keyof typeof M];
  code: string | null;
  state: string | null;
  error: string | null;
}

/**
 * The opener's reading of a `message` event: only from this page's own origin (§7: messages from unknown
 * origins are ignored) and from the callback page; null otherwise.
 */
export function readCallbackMessage(e: { origin: string; data: unknown }, ownOrigin: string): { ok: boolean; code: string | null; state: string | null; error: string | null } | null {
  if (e.origin !== ownOrigin) return null;
  const d = e.data as Partial<CallbackMessage> | null;
  if (!d || typeof d !== 'object' || d.source !== CALLBACK_SOURCE) return null;
  const ok = d.type === M.success || d.type === M.googleSuccess;
  const bad = d.type === M.error || d.type === M.googleError;
  if (!ok && !bad) return null;
  return { ok: ok && !!d.code && !!d.state, code: d.code ?? null, state: d.state ?? null, error: d.error ?? null };
}
