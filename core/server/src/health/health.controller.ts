import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { APP_VERSION, healthResponseSchema, type HealthResponse } from '@atende/core-contract';
import { Public, ZodResponse } from '@atende/sdk-server';
import { REDIS } from '../jobs/redis.js';
import { RedisPersistenceProbe } from './redis-persistence.js';

async function probe(fn: () => Promise<unknown>, timeoutMs = 2000) {
  const started = performance.now();
  try {
    await Promise.race([fn(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs))]);
    return { status: 'up' as const, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { status: 'down' as const, latencyMs: null };
  }
}

@Controller('health')
export class HealthController {
  private readonly persistence: RedisPersistenceProbe;

  constructor(
    private readonly orm: MikroORM,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.persistence = new RedisPersistenceProbe(redis);
  }

  /**
   * 200 when PostgreSQL and Redis answer, 503 otherwise; public so load balancers can call it. A Redis
   * without persistence makes the status 'degraded' but stays 200: every instance shares that Redis, and
   * taking them all out of rotation would not make it durable.
   */
  @Public()
  @Get()
  @ZodResponse(healthResponseSchema)
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [database, redis] = await Promise.all([
      probe(() => this.orm.em.getConnection().execute('select 1')),
      probe(() => this.redis.ping()),
    ]);
    const up = database.status === 'up' && redis.status === 'up';
    const persistence = redis.status === 'up' ? await this.persistence.read() : undefined;
    res.status(up ? 200 : 503);
    return { status: up && persistence !== 'none' ? 'ok' : 'degraded', version: APP_VERSION, database, redis: { ...redis, ...(persistence ? { persistence } : {}) } };
  }
}
