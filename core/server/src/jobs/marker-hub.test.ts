import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Logger } from '@nestjs/common';
import { DelayedError, type Job } from 'bullmq';
import { eventually } from '@atende/sdk-server/testing';
import { JobQueuesService } from './job-queues.service.js';
import type { AppConfig } from '../config/config.js';

/**
 * Workers scale by count (issue 28 item 8): however many BullMQ workers a process runs (two per channel
 * session), they hold two Redis connections in all, and a job still reaches its idle worker at once (the
 * shared wait hands each queue's marker to its worker), delayed jobs run when due, the per-queue rate
 * limiter holds, and a closed worker's queue goes to the worker of another process.
 */
const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Far above every wait below: a job found only by a worker's own timeout would fail these tests. */
const DRAIN_S = 30;
Logger.overrideLogger(false);

describe('JobQueuesService workers on a shared wait (MarkerHub)', () => {
  let redis: Redis;
  const db = `test_hub_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const prefix = `atende:${db}`;
  const services: JobQueuesService[] = [];
  const service = () => {
    const s = new JobQueuesService(redis, { DATABASE_URL: `postgres://u@localhost/${db}` } as AppConfig);
    services.push(s);
    return s;
  };
  const ours = async () => String(await redis.client('LIST')).split('\n').filter((l) => l.includes(`name=${prefix}:`)).length;

  beforeAll(() => {
    redis = new Redis(url, { maxRetriesPerRequest: null });
  });
  afterAll(async () => {
    for (const s of services) await s.onApplicationShutdown();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('runs 100 workers on two connections, and a job added to an idle queue runs at once', async () => {
    const jobs = service();
    const done = new Set<string>();
    const workers = Array.from({ length: 100 }, (_, i) =>
      jobs.worker(`q-${i}`, async (job: Job) => void done.add(`${job.queueName}/${job.id}`), { concurrency: 1, drainDelay: DRAIN_S }),
    );
    await Promise.all(workers.map((w) => w.waitUntilReady()));
    await new Promise((r) => setTimeout(r, 300)); // every worker found its queue empty and waits
    expect(await ours()).toBe(2);
    const t0 = Date.now();
    await Promise.all(workers.map((_, i) => jobs.queue(`q-${i}`).add('x', {}, { jobId: 'a' })));
    await eventually(async () => done.size === 100, 5_000);
    expect(Date.now() - t0).toBeLessThan(5_000);
    // Once more, each queue's second job: the markers keep flowing after the first round.
    await Promise.all(workers.map((_, i) => jobs.queue(`q-${i}`).add('x', {}, { jobId: 'b' })));
    await eventually(async () => done.size === 200, 5_000);
    expect(await ours()).toBe(2);
    const closing = Date.now();
    await Promise.all(workers.map((w) => w.close()));
    expect(Date.now() - closing).toBeLessThan(2_000); // an idle worker's wait ends on close
  });

  it('runs a delayed job when due and a re-delayed one again (what outbound does while a session is down)', async () => {
    const jobs = service();
    const runs: number[] = [];
    const worker = jobs.worker(
      'delayed',
      async (job: Job, token?: string) => {
        runs.push(Date.now());
        if (runs.length === 1) {
          await job.moveToDelayed(Date.now() + 800, token);
          throw new DelayedError();
        }
      },
      { drainDelay: DRAIN_S },
    );
    await worker.waitUntilReady();
    const t0 = Date.now();
    await jobs.queue('delayed').add('x', {}, { delay: 700 });
    await eventually(async () => runs.length === 2, 5_000);
    expect(runs[0] - t0).toBeGreaterThanOrEqual(650);
    expect(runs[1] - runs[0]).toBeGreaterThanOrEqual(750);
    expect(runs[1] - t0).toBeLessThan(4_000);
    await worker.close();
  });

  it("keeps each queue's rate limit", async () => {
    const jobs = service();
    const at: number[] = [];
    const worker = jobs.worker('limited', async () => void at.push(Date.now()), { limiter: { max: 5, duration: 1000 }, drainDelay: DRAIN_S });
    await worker.waitUntilReady();
    await jobs.queue('limited').addBulk(Array.from({ length: 11 }, (_, i) => ({ name: 'x', data: {}, opts: { jobId: `l${i}` } })));
    await eventually(async () => at.length === 11, 6_000);
    expect(at[10] - at[0]).toBeGreaterThanOrEqual(1_900); // 5 a second: the 11th waits for the third second
    await worker.close();
  });

  it("hands a closed worker's queue to another process's worker at once", async () => {
    const here = service();
    const there = service();
    const ran: string[] = [];
    // The first process keeps another worker: its wait goes on, and must stop watching the closed worker's queue.
    const keep = here.worker('other', async () => undefined, { drainDelay: DRAIN_S });
    const first = here.worker('moved', async () => void ran.push('here'), { drainDelay: DRAIN_S });
    await Promise.all([keep.waitUntilReady(), first.waitUntilReady()]);
    await new Promise((r) => setTimeout(r, 300));
    await first.close();
    const second = there.worker('moved', async () => void ran.push('there'), { drainDelay: DRAIN_S });
    await second.waitUntilReady();
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    await here.queue('moved').add('x', {});
    await eventually(async () => ran.length > 0, 5_000);
    expect(ran).toEqual(['there']);
    expect(Date.now() - t0).toBeLessThan(5_000);
    await Promise.all([second.close(), keep.close()]);
  });
});
