import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Processor, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobQueues } from '@atende/sdk-server';
import { REDIS } from './redis.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { redisNamespace } from './namespace.js';
import { MarkerHub } from './marker-hub.js';
import { inJobContext, withJobContext } from './job-context.js';

/**
 * BullMQ queues and workers on the kernel's Redis, closed with the app. However many workers run (two per
 * channel session), they use two connections in all: one for their commands, one for their shared blocking
 * wait (see MarkerHub).
 */
@Injectable()
export class JobQueuesService implements JobQueues, OnApplicationShutdown {
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  /** Jobs that failed in this process, by queue name (a metric). */
  readonly failed = new Map<string, number>();

  private readonly prefix: string;
  private hub?: MarkerHub;
  private hubConnections: Redis[] = [];

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = redisNamespace(config);
  }

  queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.redis, prefix: this.prefix });
      // Every job carries the request id of the code that queued it (issue 35 item 3).
      const add = q.add.bind(q);
      const addBulk = q.addBulk.bind(q);
      q.add = ((jobName, data, opts) => add(jobName, withJobContext(data), opts)) as Queue['add'];
      q.addBulk = ((jobs) => addBulk(jobs.map((j) => ({ ...j, data: withJobContext(j.data) })))) as Queue['addBulk'];
      this.queues.set(name, q);
    }
    return q;
  }

  worker(name: string, processor: Processor, options: Omit<WorkerOptions, 'connection'> = {}): Worker {
    const hub = this.markerHub();
    const w = new Worker(name, inJobContext(processor), { prefix: this.prefix, ...options, connection: this.hubConnections[0] }, hub.backendFactory);
    this.workers.push(w);
    w.on('failed', () => this.failed.set(name, (this.failed.get(name) ?? 0) + 1));
    // A session's workers close when it stops (sessions restart many times): forgotten then.
    w.once('closed', () => {
      const at = this.workers.indexOf(w);
      if (at >= 0) this.workers.splice(at, 1);
    });
    return w;
  }

  /** The queues this process has opened, for metrics (their depths are read from Redis). */
  openQueues(): Queue[] {
    return [...this.queues.values()];
  }

  /** Made with the first worker: a process with none (a script) opens no connection for it. */
  private markerHub(): MarkerHub {
    if (!this.hub) {
      const commands = this.redis.duplicate({ connectionName: `${this.prefix}:workers` });
      const blocking = this.redis.duplicate({ connectionName: `${this.prefix}:workers-wait` });
      // Outages are reported by the hub's loop and the workers; ioredis would print each retry otherwise.
      blocking.on('error', () => undefined);
      this.hubConnections = [commands, blocking];
      this.hub = new MarkerHub(commands, blocking, this.prefix, new Logger('Jobs'));
    }
    return this.hub;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    await this.hub?.close();
    for (const c of this.hubConnections) c.disconnect();
  }
}
