import { AsyncLocalStorage } from 'node:async_hooks';

/** The key of the inbound handler whose `handle` is running, for the code it calls. */
const scope = new AsyncLocalStorage<string>();

/** Runs a chain handler's `handle` marked as such (see `outsideChain`). */
export function runAsHandler<T>(key: string, fn: () => Promise<T>): Promise<T> {
  return scope.run(key, fn);
}

/**
 * Refuses a port call that changes kernel data from inside a chain handler's `handle`. Such a call
 * opens its own transaction, which would wait for the ticket row the chain's transaction holds
 * (a deadlock with itself) or commit what the chain may still roll back. Handlers call ports in
 * `ctx.afterCommit`, which runs outside this scope.
 */
export function outsideChain(port: string): void {
  const key = scope.getStore();
  if (key) throw new Error(`${port} was called inside the inbound handler ${key}: call ports in ctx.afterCommit(() => …).`);
}
