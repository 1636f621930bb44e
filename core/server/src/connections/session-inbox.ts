import { createHash } from 'node:crypto';
import type { Logger } from '@nestjs/common';
import type { Worker } from 'bullmq';
import type { ChannelInbox, ChannelSession } from '@atende/sdk-server';
import type { JobQueuesService } from '../jobs/job-queues.service.js';
import type { Whatsapp } from './whatsapp.entity.js';
import { runKept } from './kept-job.js';

/** A connection's durable inbox of raw upstream events (issue 10 item 1). */
export const inboxQueueName = (id: number) => `channel-inbox-${id}`;
/** Kept items are deduplicated by the provider's id (a replayed upsert is kept once). */
const keptJobId = (itemId: string) => `k-${createHash('sha256').update(itemId).digest('base64url')}`;
const KEPT_ATTEMPTS = 10;
/** Kept items handled at once per connection: a slow download never holds up the next messages. */
const INBOX_CONCURRENCY = 8;

/** The session's durable inbox: a BullMQ queue of raw events, one job per item, deduplicated by its id. */
export function inboxFor(jobs: JobQueuesService, id: number): ChannelInbox {
  const queue = jobs.queue(inboxQueueName(id));
  return {
    keep: async (items) => {
      await queue.addBulk(
        items.map((item) => ({
          name: 'kept',
          data: { data: item.data },
          opts: {
            jobId: keptJobId(item.id),
            attempts: KEPT_ATTEMPTS,
            backoff: { type: 'exponential', delay: 1000 },
            removeOnComplete: { age: 3600, count: 10_000 },
            // Kept a week where an operator can see (and retry) what could not be handled.
            removeOnFail: { age: 7 * 86_400 },
          },
        })),
      );
    },
  };
}

/**
 * Hands the kept items to the session, in the owner process. Jobs a killed process had taken are
 * found stalled (their lock lapses) and handed again; storing is idempotent by message id.
 */
export function inboxWorker(jobs: JobQueuesService, logger: Logger, w: Pick<Whatsapp, 'id' | 'companyId'>, session: ChannelSession): Worker {
  const worker = jobs.worker(inboxQueueName(w.id), (job, token) => runKept(job, token, () => session.handleKept!((job.data as { data: string }).data)), {
    concurrency: INBOX_CONCURRENCY,
    lockDuration: 15_000,
    stalledInterval: 5_000,
    maxStalledCount: 5,
  });
  worker.on('failed', (job, err) => {
    const final = job && job.attemptsMade >= (job.opts.attempts ?? 1);
    const what = `Connection ${w.id} of company ${w.companyId}: kept inbound event ${job?.id} failed`;
    if (final) logger.error(`${what} for good (kept in the failed set for a week): ${err.message}`);
    else logger.warn(`${what}, retrying: ${err.message}`);
  });
  return worker;
}
