import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { JOB_QUEUES, OUTBOUND_HTTP, OutboundRefusedError, TENANCY, createLogger, type JobQueues, type OutboundHttp, type Tenancy } from '@atende/sdk-server';
import { WEBHOOK_HEADERS } from '@atende/plugin-webhooks-contract';
import { WebhookDeliverySchema, WebhookSubscriptionSchema, type WebhookDeliveryRow } from './entities.js';
import { toDelivery } from './dto.js';
import { retryDelay, withinWindow } from './backoff.js';
import { sign } from './signature.js';
import { WebhooksRealtime } from './webhooks.realtime.js';

export const DELIVERY_QUEUE = 'webhooks-deliver';
/** One attempt may take this long (the receiver should answer 2xx at once and work later). */
const TIMEOUT_MS = 10_000;
/** What a lane's lock lasts without being renewed: longer than one attempt. */
const LOCK_MS = TIMEOUT_MS * 3;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/** The few Redis commands the lane lock needs (BullMQ's client is ioredis; its type here is BullMQ's abstraction). */
interface LockClient {
  set(key: string, value: string, px: 'PX', ms: number, nx: 'NX'): Promise<string | null>;
  pexpire(key: string, ms: number): Promise<number>;
  eval(script: string, keys: number, ...args: string[]): Promise<unknown>;
}

interface LaneJob {
  companyId: number;
  subscriptionId: number;
  lane: string;
}

const log = createLogger('webhooks');

/**
 * Sends deliveries, one lane at a time (issue 34 item 2). A lane is a subscription's ticket (or
 * contact): its deliveries leave in the order they were queued, and a failing one holds the lane
 * until it is delivered or given up (24 h), so a receiver never gets a ticket's events out of order.
 *
 * Each queued delivery adds a BullMQ job for its lane; whoever holds the lane's Redis lock sends the
 * lane's open deliveries oldest first. A job that finds the lane locked fails and BullMQ tries it
 * again a second later, so a delivery queued just as the holder finished is never left behind.
 * Retries are BullMQ delayed jobs at the delivery's next attempt time (doubling backoff).
 */
@Injectable()
export class DeliverySender implements OnModuleInit {
  private queue!: Queue;
  private readonly retryBase = Number(process.env.WEBHOOK_RETRY_BASE_MS) || 10_000;

  constructor(
    @Inject(JOB_QUEUES) private readonly jobs: JobQueues,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(OUTBOUND_HTTP) private readonly http: OutboundHttp,
    private readonly realtime: WebhooksRealtime,
  ) {}

  onModuleInit(): void {
    this.queue = this.jobs.queue(DELIVERY_QUEUE);
    this.jobs.worker(DELIVERY_QUEUE, (job: Job<LaneJob>) => this.runLane(job.data), { concurrency: 4 });
  }

  /** Queues the lane of a delivery (now, or after `delayMs` for a retry). */
  async enqueue(d: Pick<WebhookDeliveryRow, 'id' | 'companyId' | 'subscriptionId' | 'lane' | 'attempts'>, delayMs = 0): Promise<void> {
    await this.queue.add('lane', { companyId: d.companyId, subscriptionId: d.subscriptionId, lane: d.lane } satisfies LaneJob, {
      jobId: `d${d.id}-a${d.attempts}`,
      delay: Math.max(0, delayMs),
      attempts: 30,
      backoff: { type: 'fixed', delay: 1000 },
      removeOnComplete: true,
      removeOnFail: 100,
    });
  }

  private async runLane(job: LaneJob): Promise<void> {
    const redis = (await this.queue.backend.client) as unknown as LockClient;
    // Beside the queue's own keys (same deployment namespace); job ids never look like this.
    const key = `${this.queue.backend.qualifiedName}:lane:${job.subscriptionId}:${job.lane}`;
    const me = randomUUID();
    if ((await redis.set(key, me, 'PX', LOCK_MS, 'NX')) !== 'OK') throw new Error('lane busy: tried again shortly');
    try {
      while (await this.sendHead(job)) await redis.pexpire(key, LOCK_MS);
    } finally {
      await redis.eval(RELEASE, 1, key, me);
    }
  }

  /** Sends the lane's oldest open delivery; true to go on with the next one, false when the lane waits or is empty. */
  private async sendHead(job: LaneJob): Promise<boolean> {
    return this.tenancy.forCompany(job.companyId, async (em) => {
      const head = await em.findOne(
        WebhookDeliverySchema,
        { companyId: job.companyId, subscriptionId: job.subscriptionId, lane: job.lane, status: { $in: ['pending', 'retrying'] } },
        { orderBy: { id: 'asc' } },
      );
      if (!head) return false;
      const now = new Date();
      if (head.nextAttemptAt && head.nextAttemptAt > now) {
        // In backoff: the lane waits for it (its retry job is, or is now, queued).
        await this.enqueue(head, head.nextAttemptAt.getTime() - now.getTime());
        return false;
      }
      const sub = await em.findOne(WebhookSubscriptionSchema, { id: job.subscriptionId, companyId: job.companyId });
      if (!sub?.active) {
        head.status = 'failed';
        head.error = 'subscription_paused';
        head.nextAttemptAt = null;
        await em.flush();
        this.realtime.delivery(job.companyId, toDelivery(head));
        return true;
      }
      const outcome = await this.attempt(sub.url, sub.secret, head);
      head.attempts += 1;
      head.responseCode = outcome.status;
      head.error = outcome.error;
      if (outcome.ok) {
        head.status = 'delivered';
        head.deliveredAt = new Date();
        head.nextAttemptAt = null;
      } else {
        const next = new Date(Date.now() + retryDelay(head.attempts, this.retryBase));
        if (withinWindow(head.createdAt, next)) {
          head.status = 'retrying';
          head.nextAttemptAt = next;
        } else {
          head.status = 'failed';
          head.nextAttemptAt = null;
        }
      }
      await em.flush();
      this.realtime.delivery(job.companyId, toDelivery(head));
      if (head.status === 'retrying') {
        await this.enqueue(head, head.nextAttemptAt!.getTime() - Date.now());
        return false;
      }
      return true;
    });
  }

  /** One signed POST through the SDK's outbound guard (https or allow-listed, public addresses, no redirects, time and size limits). */
  private async attempt(url: string, secret: string, d: WebhookDeliveryRow): Promise<{ ok: boolean; status: number | null; error: string | null }> {
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const res = await this.http.fetch(url, {
        method: 'POST',
        body: d.body,
        timeoutMs: TIMEOUT_MS,
        maxBytes: 64 * 1024,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Atende-Webhooks/1',
          [WEBHOOK_HEADERS.signature]: sign(secret, timestamp, d.body),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.event]: d.event,
          [WEBHOOK_HEADERS.delivery]: String(d.id),
        },
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.ok ? { ok: true, status: res.status, error: null } : { ok: false, status: res.status, error: `HTTP ${res.status}` };
    } catch (err) {
      const error = err instanceof OutboundRefusedError ? `refused: ${err.reason}` : err instanceof Error ? err.message.slice(0, 400) : 'failed';
      log.warn(`webhook delivery ${d.id} failed: ${error}`);
      return { ok: false, status: null, error };
    }
  }
}
