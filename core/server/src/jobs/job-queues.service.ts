import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Processor, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobQueues } from '@atende/sdk-server';
import { REDIS } from './redis.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { redisNamespace } from './namespace.js';

/** BullMQ queues and workers on the kernel's Redis, closed with the app. */
@Injectable()
export class JobQueuesService implements JobQueues, OnApplicationShutdown {
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];

  private readonly prefix: string;

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
      this.queues.set(name, q);
    }
    return q;
  }

  worker(name: string, processor: Processor, options: Omit<WorkerOptions, 'connection'> = {}): Worker {
    // Workers block on Redis, so each gets its own connection.
    const connection = this.redis.duplicate({ connectionName: `${this.prefix}:worker` });
    const w = new Worker(name, processor, { prefix: this.prefix, ...options, connection });
    this.workers.push(w);
    // A session's workers close when it stops (sessions restart many times): forget the worker and
    // end its connection, which BullMQ leaves open because it was handed in.
    w.once('closed', () => {
      const at = this.workers.indexOf(w);
      if (at >= 0) this.workers.splice(at, 1);
      connection.disconnect();
    });
    return w;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
  }
}
