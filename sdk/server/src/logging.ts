import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';

/**
 * What every log line written inside a request, job or chain run carries (issue 35 item 3). Kept here,
 * in the SDK, so kernel and plugins share one store: a plugin's job queued during a request logs that
 * request's id when it runs.
 */
export interface LogContext {
  requestId: string;
  companyId?: number;
  userId?: number;
}

const store = new AsyncLocalStorage<LogContext>();

/** The context of the current request, job or chain run, if any. */
export function logContext(): LogContext | undefined {
  return store.getStore();
}

/** Runs `fn` with `ctx` as the log context (a job, a chain run, a timer a plugin starts). */
export function runWithLogContext<T>(ctx: LogContext, fn: () => T): T {
  return store.run(ctx, fn);
}

/** A fresh request id (UUID v4), for work that starts outside any request (a timer, an inbound message). */
export function newRequestId(): string {
  return randomUUID();
}

/** Tells the current context who is acting, once known (after authentication). */
export function setLogUser(companyId: number, userId?: number): void {
  const ctx = store.getStore();
  if (!ctx) return;
  ctx.companyId = companyId;
  if (userId !== undefined) ctx.userId = userId;
}

/**
 * A plugin's logger: lines go through the kernel's logger (pino: JSON in production, pretty in a
 * terminal, secrets and message bodies redacted) with the request id, company and user of the context.
 */
export function createLogger(context: string): Logger {
  return new Logger(context);
}
