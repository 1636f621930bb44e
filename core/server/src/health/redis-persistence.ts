import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';

export type RedisPersistence = 'aof' | 'none' | 'unknown';

/** How long a reading is kept: health is polled often, and a Redis's persistence rarely changes. */
const KEPT_MS = 30_000;

/**
 * Whether Redis writes what it holds to an append-only file (issue 28 item 2: the inbound inbox lives
 * there; a Redis without persistence loses acknowledged messages on a restart). Read with INFO, which
 * managed Redis services allow where CONFIG is disabled; a Redis refusing INFO too is 'unknown', never
 * an error of the health check.
 */
export class RedisPersistenceProbe {
  private last: { value: RedisPersistence; at: number } | null = null;

  constructor(private readonly redis: Pick<Redis, 'info'>) {}

  async read(): Promise<RedisPersistence> {
    if (this.last && Date.now() - this.last.at < KEPT_MS) return this.last.value;
    let value: RedisPersistence;
    try {
      // Bounded like the health probes: a Redis that stops answering midway must not hold the check.
      const info = await Promise.race([this.redis.info('persistence'), sleep(2_000, '', { ref: false })]);
      const aof = /^aof_enabled:(\d)/m.exec(info)?.[1];
      value = aof === '1' ? 'aof' : aof === '0' ? 'none' : 'unknown';
    } catch {
      value = 'unknown';
    }
    this.last = { value, at: Date.now() };
    return value;
  }
}
