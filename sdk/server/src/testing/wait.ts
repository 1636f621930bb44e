/**
 * Polls until `fn` returns a truthy value (work the server does in the background: queues, sessions).
 * The limit is generous on purpose: it only bounds how long a failing test takes, never what passes.
 */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves after `ms` milliseconds (prefer `eventually`: a fixed pause is a guess). */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
