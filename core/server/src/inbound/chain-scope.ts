import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is running: a chain handler's `handle` or an observer's `observe` (by key), for the code it calls. */
const scope = new AsyncLocalStorage<{ key: string; role: 'handler' | 'observer' }>();

/** Runs a chain handler's `handle` marked as such (see `outsideChain`). */
export function runAsHandler<T>(key: string, fn: () => Promise<T>): Promise<T> {
  return scope.run({ key, role: 'handler' }, fn);
}

/** Runs an inbound observer's `observe` marked as such (see `notObserving`). */
export function runAsObserver<T>(key: string, fn: () => Promise<T>): Promise<T> {
  return scope.run({ key, role: 'observer' }, fn);
}

/**
 * Refuses a port call that changes kernel data from inside a chain handler's `handle`. Such a call
 * opens its own transaction, which would wait for the ticket row the chain's transaction holds
 * (a deadlock with itself) or commit what the chain may still roll back. Handlers call ports in
 * `ctx.afterCommit`, which runs outside this scope.
 */
export function outsideChain(port: string): void {
  const current = scope.getStore();
  if (current?.role === 'handler') throw new Error(`${port} was called inside the inbound handler ${current.key}: call ports in ctx.afterCommit(() => …).`);
}

/**
 * Refuses, from an inbound observer, the port calls that answer or take a ticket (send, transition,
 * release a hold): an observer sees every message, whoever holds the ticket, and answers none.
 */
export function notObserving(port: string): void {
  const current = scope.getStore();
  if (current?.role === 'observer') throw new Error(`${port} was called by the inbound observer ${current.key}: an observer sees messages, it does not answer them.`);
}
