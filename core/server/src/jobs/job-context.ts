import { Logger } from '@nestjs/common';
import type { Job, Processor } from 'bullmq';
import { logContext, newRequestId, runWithLogContext, type LogContext } from '@atende/sdk-server';

const logger = new Logger('Jobs');

/** The key under which a job's data carries the log context of the code that queued it. */
export const JOB_CONTEXT_KEY = '__log';

/** `data` with the current request id (and company, user) added, when it is a plain object and there is a context. */
export function withJobContext<T>(data: T): T {
  const ctx = logContext();
  if (!ctx || data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  return { ...data, [JOB_CONTEXT_KEY]: { requestId: ctx.requestId, companyId: ctx.companyId, userId: ctx.userId } };
}

/**
 * The processor run inside the context its job was queued with (a fresh request id for a job queued
 * outside any, e.g. a repeatable one); the carried context is taken off the data before the processor
 * sees it, so strict schemas of job data are unaffected.
 */
export function inJobContext(processor: Processor): Processor {
  return (job: Job, token?: string, signal?: AbortSignal) => {
    const data = job.data as Record<string, unknown> | null;
    let ctx: LogContext | undefined;
    if (data && typeof data === 'object' && JOB_CONTEXT_KEY in data) {
      const carried = data[JOB_CONTEXT_KEY] as Partial<LogContext> | null;
      const { [JOB_CONTEXT_KEY]: _carried, ...rest } = data;
      job.data = rest;
      if (carried && typeof carried.requestId === 'string') ctx = { requestId: carried.requestId, companyId: carried.companyId ?? undefined, userId: carried.userId ?? undefined };
    }
    return runWithLogContext(ctx ?? { requestId: newRequestId() }, () => {
      logger.debug(`${job.queueName} ${job.name} #${job.id} attempt ${job.attemptsMade + 1}`);
      return processor(job, token, signal);
    });
  };
}
