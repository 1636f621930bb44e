/** Polls until `fn` returns a truthy value (work the server does in the background: queues, sessions). */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
